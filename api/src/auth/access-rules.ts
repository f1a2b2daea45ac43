import { createHash } from 'node:crypto';
import { ROLES, type Role } from '@hsa-lli/common/domain';

/**
 * The pages each role may open, as page patterns. The shell opens a page only if its pattern is
 * listed for the session, and every API route names the page it serves (or is public), so one table
 * rules both. docs/access-rules.md shows it; a test keeps the two equal.
 */

const PUBLIC_PAGES = [
  '/',
  '/residences',
  '/residences/[slug]',
  '/residences/[slug]/[good_slug]/[id]',
  '/tester-mon-eligibilite',
  '/creation-de-compte/[token]',
  '/mentions-legales',
  '/reglement-general-sur-la-protection-des-donnees-personnelles',
  '/nous-contacter',
  '/deversement-de-pieces/[record_id]/[token]',
  '/login',
  '/mot-de-passe-oublie',
  '/mot-de-passe-oublie/nouveau-mot-de-passe/[token]',
] as const;

const ACCOUNT = ['/mes-identifiants'] as const;
const CUSTOMER_SPACE = ['/mon-compte-hsa-lli', '/mon-compte-hsa-lli/mon-dossier'] as const;
const DASHBOARD = ['/admin/accueil'] as const;
const RECORDS = ['/admin/liste-des-dossiers', '/admin/liste-des-dossiers/[id]'] as const;
const CONTACTS = ['/admin/demandes-de-contact', '/admin/demandes-de-contact/[id]'] as const;
const CATALOGUE = [
  '/admin/liste-des-residences',
  '/admin/liste-des-residences/nouvelle',
  '/admin/liste-des-residences/[id]',
  '/admin/liste-des-biens',
  '/admin/liste-des-biens/nouveau',
  '/admin/liste-des-biens/[id]',
  '/admin/liste-des-equipements',
  '/admin/liste-des-equipements/ajouter',
  '/admin/liste-des-equipements/[id]',
] as const;
const USERS = [
  '/admin/liste-des-utilisateurs',
  '/admin/liste-des-utilisateurs/nouvel-utilisateur',
  '/admin/liste-des-utilisateurs/[user_id]',
] as const;
const PDF = ['/PDF/note-de-direction/[id]', '/PDF/fiche-synthese-demandeur/[id]'] as const;
const RECOMMENDATIONS = ['/gestion/recommandations'] as const;

/** Pages of each role, on top of the public pages everybody may open. */
export const ROLE_PAGES: Record<Role, readonly string[]> = {
  admin: [...ACCOUNT, ...DASHBOARD, ...RECORDS, ...CONTACTS, ...CATALOGUE, ...USERS, ...PDF],
  hsa: [...ACCOUNT, ...DASHBOARD, ...RECORDS, ...CONTACTS, ...CATALOGUE, ...PDF],
  coordinator: [...ACCOUNT, ...DASHBOARD, ...RECORDS, ...CONTACTS, ...PDF],
  comitee: [...ACCOUNT, ...RECOMMENDATIONS, ...PDF],
  member: [...ACCOUNT, ...RECOMMENDATIONS],
  customer: [...ACCOUNT, ...CUSTOMER_SPACE],
};

export const ANONYMOUS_PAGES: readonly string[] = PUBLIC_PAGES;

export function pagesFor(roles: readonly Role[]): string[] {
  return [...new Set([...ANONYMOUS_PAGES, ...roles.flatMap((role) => ROLE_PAGES[role] ?? [])])];
}

/** Changes whenever the list changes, so that clients re-save their copy only then. */
export function pagesVersion(pages: readonly string[]): string {
  return createHash('sha256').update(pages.join('\n')).digest('hex').slice(0, 12);
}

/** Every page pattern any role may open, anonymous first. */
export function allPages(): string[] {
  return pagesFor([...ROLES]);
}

/** The table of docs/access-rules.md. */
export function accessTable(): string {
  const columns: (Role | 'anonymous')[] = ['anonymous', ...ROLES];
  const header = `| Page pattern | ${columns.join(' | ')} |`;
  const rule = `|---|${columns.map(() => ':-:').join('|')}|`;
  const rows = allPages().map((page) => {
    const cells = columns.map((column) =>
      (column === 'anonymous' ? ANONYMOUS_PAGES : pagesFor([column])).includes(page) ? '✓' : '',
    );
    return `| \`${page}\` | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
