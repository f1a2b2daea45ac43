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
