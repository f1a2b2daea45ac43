import { REMOTE_PREFIXES, type LayoutName, type RemoteName } from './areas.js';
import { matchesPattern } from './pages.js';
import { ROLES, type Role } from './reference.js';

/**
 * Every page of the portal, once: who answers it, in which layout, its title, who may open it, and
 * where menus, links and search engines show it. The API's access rules, the remotes' routes, the
 * admin menu, the account links, sitemap.xml and robots.txt are read from here, and tests check
 * that each page listed here has a route and each route is listed here.
 */

/** The app whose routes answer a page: the shell itself or one of its remotes. */
export type PageOwner = 'shell' | RemoteName;

export interface CataloguePage {
  /** With bracket segments (`/residences/[slug]`); the route's path is derived from it. */
  readonly pattern: string;
  readonly owner: PageOwner;
  readonly layout: LayoutName;
  /** The document title, in French. */
  readonly title: string;
  readonly description?: string;
  /** Everybody, visitors included, or the sessions holding one of these roles. */
  readonly openTo: 'everybody' | readonly Role[];
  /** Its entry in the back-office menu (spec section 2), shown in the catalogue's order. */
  readonly adminMenu?: { readonly label: string; readonly iconOnly?: boolean };
  /** Its link in the account navigation of these roles (spec section 2). */
  readonly accountLink?: { readonly label: string; readonly roles: readonly Role[] };
  /**
   * 'sitemap': a fixed public page listed in sitemap.xml (residences and goods are listed from the data);
   * 'disallow': a public page kept out of search engines. A page that needs a role is always kept out.
   */
  readonly search?: 'sitemap' | 'disallow';
}

/** The staff: who works in the back office, on the files, the contact requests and the committee's sessions. */
export const BACK_OFFICE_ROLES = ['admin', 'hsa', 'coordinator'] as const satisfies readonly Role[];
const BACK_OFFICE = BACK_OFFICE_ROLES;
/** Whether one of these roles works in the back office. */
export const worksInBackOffice = (roles: readonly Role[]): boolean => roles.some((role) => (BACK_OFFICE_ROLES as readonly Role[]).includes(role));
/** Who runs the catalogue (residences, goods, equipments): the coordinator follows files, not the catalogue. */
const CATALOGUE = ['admin', 'hsa'] as const satisfies readonly Role[];
/** Who sits in the committee's sessions. */
export const COMMITTEE_ROLES = ['comitee', 'member'] as const satisfies readonly Role[];
const COMMITTEE = COMMITTEE_ROLES;

/** A back-office list (its menu entry), its creation form and its detail page, open to the same roles. */
function backOfficeList<const List extends string, const Create extends string>(
  list: List,
  create: Create,
  openTo: readonly Role[],
  titles: { list: string; create: string; one: string },
) {
  return [
    { pattern: list, owner: 'mf_admin', layout: 'admin', title: titles.list, openTo, adminMenu: { label: titles.list } },
    { pattern: `${list}/${create}`, owner: 'mf_admin', layout: 'admin', title: titles.create, openTo },
    { pattern: `${list}/[id]`, owner: 'mf_admin', layout: 'admin', title: titles.one, openTo },
  ] as const satisfies readonly CataloguePage[];
}

export const PAGE_CATALOGUE = [
  {
    pattern: '/',
    owner: 'mf_public',
    layout: 'public',
    title: 'Logements à loyer intermédiaire sur la côte basque et dans les Landes',
    description:
      'Appartements neufs ou récents à loyers plafonnés à Anglet, Biarritz, Bayonne, Saint-Jean-de-Luz, Capbreton et alentours : découvrez nos résidences et testez votre éligibilité au logement intermédiaire.',
    openTo: 'everybody',
    search: 'sitemap',
  },
  {
    pattern: '/residences',
    owner: 'mf_public',
    layout: 'public',
    title: 'Nos résidences',
    description: 'Toutes nos résidences en location intermédiaire sur la côte basque et dans le sud des Landes, à filtrer par commune, typologie et loyer.',
    openTo: 'everybody',
    search: 'sitemap',
  },
  { pattern: '/residences/[slug]', owner: 'mf_public', layout: 'public', title: 'Résidence', openTo: 'everybody' },
  { pattern: '/residences/[slug]/[good_slug]/[id]', owner: 'mf_public', layout: 'public', title: 'Logement', openTo: 'everybody' },
  { pattern: '/alertes/confirmation/[token]', owner: 'mf_public', layout: 'public', title: 'Confirmer mon alerte', openTo: 'everybody', search: 'disallow' },
  { pattern: '/alertes/gerer/[token]', owner: 'mf_public', layout: 'public', title: 'Mon alerte', openTo: 'everybody', search: 'disallow' },
  { pattern: '/visites/[token]', owner: 'mf_public', layout: 'public', title: 'Ma visite', openTo: 'everybody', search: 'disallow' },
  {
    pattern: '/tester-mon-eligibilite',
    owner: 'mf_public',
    layout: 'public',
    title: 'Tester mon éligibilité',
    description: 'Vérifiez en une minute si les revenus de votre foyer permettent de louer un logement intermédiaire, selon les plafonds officiels en vigueur.',
    openTo: 'everybody',
    search: 'sitemap',
  },
  { pattern: '/creation-de-compte/[token]', owner: 'shell', layout: 'public', title: 'Création de compte', openTo: 'everybody', search: 'disallow' },
  {
    pattern: '/mentions-legales',
    owner: 'mf_public',
    layout: 'public',
    title: 'Mentions légales',
    description: 'Éditeur, hébergement et conditions d’utilisation du site HSA Logement intermédiaire.',
    openTo: 'everybody',
    search: 'sitemap',
  },
  {
    pattern: '/reglement-general-sur-la-protection-des-donnees-personnelles',
    owner: 'mf_public',
    layout: 'public',
    title: 'Données personnelles',
    description: 'Comment HSA Logement intermédiaire traite vos données personnelles, combien de temps il les garde, et comment exercer vos droits.',
    openTo: 'everybody',
    search: 'sitemap',
  },
  {
    pattern: '/nous-contacter',
    owner: 'mf_public',
    layout: 'public',
    title: 'Nous contacter',
    description: 'Posez-nous vos questions ou déposez une demande de logement intermédiaire.',
    openTo: 'everybody',
    search: 'sitemap',
  },
  { pattern: '/login', owner: 'shell', layout: 'auth', title: 'Connexion', openTo: 'everybody' },
  { pattern: '/mot-de-passe-oublie', owner: 'shell', layout: 'auth', title: 'Mot de passe oublié', openTo: 'everybody' },
  {
    pattern: '/mot-de-passe-oublie/nouveau-mot-de-passe/[token]',
    owner: 'shell',
    layout: 'auth',
    title: 'Nouveau mot de passe',
    openTo: 'everybody',
    search: 'disallow',
  },
  {
    pattern: '/mes-identifiants',
    owner: 'mf_account',
    layout: 'public',
    title: 'Mes identifiants',
    openTo: ROLES,
    accountLink: { label: 'Mes identifiants', roles: ['customer'] },
  },
  {
    pattern: '/mes-identifiants/nouvelle-adresse/[token]',
    owner: 'mf_account',
    layout: 'public',
    title: 'Confirmation de la nouvelle adresse e-mail',
    openTo: 'everybody',
    search: 'disallow',
  },
  {
    pattern: '/mon-compte-hsa-lli',
    owner: 'mf_account',
    layout: 'public',
    title: 'Mes informations',
    openTo: ['customer'],
    accountLink: { label: 'Mes informations', roles: ['customer'] },
  },
  {
    pattern: '/mon-compte-hsa-lli/mon-dossier',
    owner: 'mf_account',
    layout: 'public',
    title: 'Mes pièces justificatives',
    openTo: ['customer'],
    accountLink: { label: 'Mes pièces justificatives', roles: ['customer'] },
  },
  {
    pattern: '/deversement-de-pieces/[record_id]/[token]',
    owner: 'mf_public',
    layout: 'public',
    title: 'Déposer des pièces justificatives',
    openTo: 'everybody',
    search: 'disallow',
  },
  {
    pattern: '/admin/accueil',
    owner: 'mf_admin',
    layout: 'admin',
    title: 'Tableau de bord',
    openTo: BACK_OFFICE,
    adminMenu: { label: 'Accueil', iconOnly: true },
    // Every staff role reaches the back office from « Mon compte » and the side panel.
    accountLink: { label: 'Accueil', roles: BACK_OFFICE },
  },
  { pattern: '/admin/liste-des-dossiers', owner: 'mf_admin', layout: 'admin', title: 'Dossiers', openTo: BACK_OFFICE, adminMenu: { label: 'Dossiers' } },
  { pattern: '/admin/liste-des-dossiers/[id]', owner: 'mf_admin', layout: 'admin', title: 'Dossier', openTo: BACK_OFFICE },
  // Requests arrive from the public site: staff read and answer them, nobody creates one here.
  { pattern: '/admin/demandes-de-contact', owner: 'mf_admin', layout: 'admin', title: 'Demandes de contact', openTo: BACK_OFFICE, adminMenu: { label: 'Demandes de contact' } },
  { pattern: '/admin/demandes-de-contact/[id]', owner: 'mf_admin', layout: 'admin', title: 'Demande de contact', openTo: BACK_OFFICE },
  // Visits booked online, day by day (docs/visits.md); a good's slots are managed on its page.
  { pattern: '/admin/visites', owner: 'mf_admin', layout: 'admin', title: 'Visites', openTo: BACK_OFFICE, adminMenu: { label: 'Visites' } },
  // Sessions of the allocation committee, prepared and opened by staff (docs/committee.md).
  ...backOfficeList('/admin/comites', 'nouveau', BACK_OFFICE, { list: 'Comités', create: 'Nouvelle séance', one: 'Séance du comité' }),
  ...backOfficeList('/admin/liste-des-residences', 'nouvelle', CATALOGUE, { list: 'Résidences', create: 'Nouvelle résidence', one: 'Résidence' }),
  ...backOfficeList('/admin/liste-des-biens', 'nouveau', CATALOGUE, { list: 'Biens', create: 'Nouveau bien', one: 'Bien' }),
  ...backOfficeList('/admin/liste-des-equipements', 'ajouter', CATALOGUE, { list: 'Équipements', create: 'Nouvel équipement', one: 'Équipement' }),
  ...backOfficeList('/admin/liste-des-utilisateurs', 'nouvel-utilisateur', ['admin'], { list: 'Utilisateurs', create: 'Nouvel utilisateur', one: 'Utilisateur' }),
  { pattern: '/PDF/note-de-direction/[id]', owner: 'mf_pdf', layout: 'pdf', title: 'Note de direction', openTo: [...BACK_OFFICE, 'comitee'] },
  // An applicant's whole file (incomes, documents, follow-up): staff who work on files, and the comitee role for the
  // candidates of the sessions it sits in (the API checks which).
  { pattern: '/PDF/fiche-synthese-demandeur/[id]', owner: 'mf_pdf', layout: 'pdf', title: 'Fiche de synthèse du demandeur', openTo: [...BACK_OFFICE, 'comitee'] },
  { pattern: '/PDF/proces-verbal/[id]', owner: 'mf_pdf', layout: 'pdf', title: 'Procès-verbal du comité', openTo: [...BACK_OFFICE, 'comitee'] },
  {
    pattern: '/gestion/recommandations',
    owner: 'mf_admin',
    layout: 'admin',
    title: 'Recommandations',
    openTo: COMMITTEE,
    // The committee's way to its area from « Mon compte » and the side panel.
    accountLink: { label: 'Recommandations', roles: COMMITTEE },
  },
  { pattern: '/gestion/recommandations/[id]', owner: 'mf_admin', layout: 'admin', title: 'Séance du comité', openTo: COMMITTEE },
] as const satisfies readonly CataloguePage[];

/** A page of the catalogue, by its pattern: what routes, menus and links name. */
export type PagePattern = (typeof PAGE_CATALOGUE)[number]['pattern'];

const PAGES: readonly CataloguePage[] = PAGE_CATALOGUE;

export function cataloguePage(pattern: string): CataloguePage | undefined {
  return PAGES.find((page) => page.pattern === pattern);
}

function opensTo(openTo: CataloguePage['openTo'], roles: readonly string[]): boolean {
  return openTo === 'everybody' || openTo.some((role) => roles.includes(role));
}

/** The patterns of the pages sessions with these roles may open (no role: a visitor), in the catalogue's order. */
export function pagesOpenTo(roles: readonly string[]): string[] {
  return PAGES.filter((page) => opensTo(page.openTo, roles)).map((page) => page.pattern);
}

/** Whether sessions with these roles may open this page, and so call the API routes serving it. */
export function pageOpenTo(pattern: string, roles: readonly string[]): boolean {
  const page = cataloguePage(pattern);
  return page !== undefined && opensTo(page.openTo, roles);
}

/** The layout of a remote's pages; the shell also shows the remote's unknown paths and its reload message in it. */
export function remoteLayout(remote: RemoteName): LayoutName {
  return PAGES.find((page) => page.owner === remote)?.layout ?? 'public';
}

export interface PageLink {
  to: string;
  label: string;
  iconOnly: boolean;
}

/** The back-office menu: the entries of the pages the session may open (spec section 2). */
export function adminMenu(pages: readonly string[]): PageLink[] {
  return PAGES.flatMap((page) =>
    page.adminMenu && pages.includes(page.pattern) ? [{ to: page.pattern, label: page.adminMenu.label, iconOnly: page.adminMenu.iconOnly ?? false }] : [],
  );
}

/** The account navigation of a session: its roles' links, to the pages it may open (spec section 2). */
export function accountLinks(roles: readonly string[], pages: readonly string[]): PageLink[] {
  return PAGES.flatMap((page) =>
    page.accountLink && opensTo(page.accountLink.roles, roles) && pages.includes(page.pattern)
      ? [{ to: page.pattern, label: page.accountLink.label, iconOnly: false }]
      : [],
  );
}

/**
 * Whether a path is a page whose address holds an e-mailed link's secret (a `[token]` segment of its pattern): such
 * an address is never handed to a third party, audience measurement included.
 */
export function holdsLinkSecret(pathname: string): boolean {
  return PAGES.some((page) => page.pattern.split('/').includes('[token]') && matchesPattern(page.pattern, pathname));
}

/** The fixed pages listed in sitemap.xml. */
export function sitemapPages(): string[] {
  return PAGES.filter((page) => page.search === 'sitemap').map((page) => page.pattern);
}

/**
 * What robots.txt keeps crawlers from: the area of each private page that a remote answers as a
 * whole (`/admin/`), else the page by its fixed start (`/creation-de-compte/` for `/creation-de-compte/[token]`).
 */
export function robotsDisallowed(): string[] {
  const paths = PAGES.filter((page) => page.search === 'disallow' || page.openTo !== 'everybody').map((page) => {
    const area = Object.values(REMOTE_PREFIXES)
      .flat()
      .find((prefix) => page.pattern.startsWith(`${prefix}/`));
    if (area) return `${area}/`;
    const bracket = page.pattern.indexOf('/[');
    return bracket === -1 ? page.pattern : page.pattern.slice(0, bracket + 1);
  });
  // A rule is a prefix: `/mes-identifiants` keeps crawlers from `/mes-identifiants/…` already.
  return [...new Set(paths)].filter((path, _, all) => !all.some((other) => other !== path && path.startsWith(other)));
}
