import { createHash } from 'node:crypto';
import { ROLES, pageOpenTo, pagesOpenTo, type Role } from '@hsa-lli/common/domain';

/**
 * Who may open which page, read from the page catalogue (common/src/domain/page-catalogue.ts). The
 * server sends each session the pages it may open, the shell opens a page only if its pattern is
 * listed, and every API route names the page it serves (or is public), so one table rules both.
 * docs/access-rules.md shows it; a test keeps the two equal.
 */

export const ANONYMOUS_PAGES: readonly string[] = pagesOpenTo([]);

/** The pages sessions with these roles may open, visitors' pages included: what the server sends them. */
export function pagesFor(roles: readonly Role[]): string[] {
  return pagesOpenTo(roles);
}

/** Whether the API routes that serve this page are open to these roles. */
export function mayUse(roles: readonly Role[], pattern: string): boolean {
  return pageOpenTo(pattern, roles);
}

/** Changes whenever the list changes, so that clients re-save their copy only then. */
export function pagesVersion(pages: readonly string[]): string {
  return createHash('sha256').update(pages.join('\n')).digest('hex').slice(0, 12);
}

/** Every page pattern any role may open, anonymous first: the paths the server answers with a page. */
export function allPages(): string[] {
  return pagesFor([...ROLES]);
}

/** The table of docs/access-rules.md: each page and the roles that may open it. */
export function accessTable(): string {
  const columns: (Role | 'anonymous')[] = ['anonymous', ...ROLES];
  const header = `| Page pattern | ${columns.join(' | ')} |`;
  const rule = `|---|${columns.map(() => ':-:').join('|')}|`;
  const row = (label: string, opens: (roles: readonly Role[]) => boolean) =>
    `| ${label} | ${columns.map((column) => (opens(column === 'anonymous' ? [] : [column]) ? '✓' : '')).join(' | ')} |`;
  const rows = allPages().map((page) => row(`\`${page}\``, (roles) => pagesFor(roles).includes(page)));
  return [header, rule, ...rows].join('\n');
}
