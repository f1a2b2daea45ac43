/**
 * Page patterns: the server lists the patterns a session may open; a bracket segment (`[id]`)
 * stands for any one segment of a path.
 */

function segments(path: string): string[] {
  return path.split('?')[0]!.split('/').filter(Boolean);
}

/** A path segment as written, or null when its percent-encoding is malformed (such a path matches nothing). */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function matchesPattern(pattern: string, pathname: string): boolean {
  const expected = segments(pattern);
  const actual = segments(pathname);
  if (expected.length !== actual.length) return false;
  return expected.every((segment, index) =>
    /^\[[^\]]+\]$/.test(segment) ? actual[index]!.length > 0 : segment === decoded(actual[index]!),
  );
}

export function isAllowed(pages: readonly string[], pathname: string): boolean {
  return pages.some((pattern) => matchesPattern(pattern, pathname));
}

/** Where a user lands after logging in (spec section 2). */
export function homeFor(roles: readonly string[]): string {
  if (roles.includes('admin') || roles.includes('coordinator')) return '/admin/accueil';
  if (roles.includes('comitee') || roles.includes('member')) return '/gestion/recommandations';
  return '/';
}

/** The parameter of /login naming the page to come back to once logged in (`/login?retour=%2Fresidences`). */
export const RETURN_PARAM = 'retour';

/** Any origin: a path read against it that lands elsewhere named another site. */
const PROBE_ORIGIN = 'https://retour.invalid';

/**
 * A page of this site to come back to, as a path (`/residences?commune=Anglet`), or null: only a path of this origin is
 * taken, never another site's address (`https://…`, `//…`, `/\…`, which browsers read as `//…`), a control character
 * (a tab or a line feed inside `/\t/…` is dropped by browsers, leaving `//…`), nor the login page itself.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048 || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, asked to come back to `returnTo` afterwards when that is a page of the site other than its home. */
export function loginPath(returnTo?: string | null): string {
  const back = safeReturnPath(returnTo);
  return back && back !== '/' ? `/login?${RETURN_PARAM}=${encodeURIComponent(back)}` : '/login';
}

/**
 * Where a login leads: back to the page it was asked from when the new session may open it (`pages`, the patterns the
 * server sent with the login), else to the landing path of the session's roles (`home`).
 */
export function landingAfterLogin(returnTo: string | null | undefined, pages: readonly string[], home: string): string {
  const back = safeReturnPath(returnTo);
  return back && isAllowed(pages, back.split(/[?#]/)[0]!) ? back : home;
}

/** A good's public page: under its residence's, named by its flat size and surface (its slug) and its id. */
export function goodPath(residenceSlug: string, good: { slug: string; id: number }): string {
  return `/residences/${residenceSlug}/${good.slug}/${good.id}`;
}
