/**
 * Which remote answers which paths, and in which of the shell's layouts. The shell loads a
 * remote only when the visitor first reaches one of its paths; the public remote answers every
 * path no other remote claims.
 */

export const LAYOUTS = ['public', 'auth', 'admin', 'pdf'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export const REMOTES = ['mf_public', 'mf_account', 'mf_admin', 'mf_pdf'] as const;
export type RemoteName = (typeof REMOTES)[number];

export const REMOTE_PREFIXES: Record<Exclude<RemoteName, 'mf_public'>, readonly string[]> = {
  mf_account: ['/mes-identifiants', '/mon-compte-hsa-lli'],
  mf_admin: ['/admin', '/gestion'],
  mf_pdf: ['/PDF'],
};

export function remoteForPath(pathname: string): RemoteName {
  for (const [remote, prefixes] of Object.entries(REMOTE_PREFIXES)) {
    if (prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
      return remote as RemoteName;
    }
  }
  return 'mf_public';
}

/** What a page tells search engines and link previews. */
export interface PageMeta {
  title?: string;
  description?: string;
  /** Address of a picture for link previews (og:image), from the site's root. */
  image?: string;
}

/** A route a remote exposes: a react-router route object that names its layout and page pattern. */
export interface RemoteRouteHandle {
  /** The page pattern the server's access rules use, with bracket segments: `/admin/liste-des-dossiers/[id]`. */
  pattern: string;
  /** The document title of the page. */
  title: string;
  description?: string;
  /** Title, description and picture read from the page's loaded data. */
  meta?: (data: unknown) => PageMeta;
}

/** One entry of `/remotes.json`: where a remote's manifest is deployed. */
export interface RemoteLocation {
  name: RemoteName;
  entry: string;
}
