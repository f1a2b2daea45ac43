import { createBrowserRouter, type RouteObject } from 'react-router';
import { REMOTE_PREFIXES, remoteForPath, remoteLayout, type LayoutName, type RemoteName } from '@hsa-lli/common/domain';
import type { AppStore } from '@hsa-lli/common/store';
import { Loader } from '@hsa-lli/common/ui';
import { AUTH_ROUTES } from '../features/auth/auth-routes.js';
import { AdminLayout } from '../layouts/admin-layout.js';
import { AuthLayout } from '../layouts/auth-layout.js';
import { PdfLayout } from '../layouts/pdf-layout.js';
import { PublicLayout } from '../layouts/public-layout.js';
import { ReloadPage } from '../pages/reload-page.js';
import { RouteError } from '../pages/route-error.js';
import { UnknownPathPage } from '../pages/status-pages.js';
import { GuardedOutlet } from './guard.js';
import { loadAllowedPagesOnly } from './page-access.js';
import { Root } from './root.js';
import { loadRemoteRoutes } from './remotes.js';

/** Pages go into the content route of their layout: guarded, with the error pages inside the layout. */
const contentId = (layout: LayoutName) => `content-${layout}`;

const unknownPath = (path: string): RouteObject => ({ path, Component: UnknownPathPage, handle: { title: 'Page introuvable' } });

/**
 * A path no page answers shows « Cette page n'existe pas. » in the layout of its area: under a
 * remote's prefixes, in that remote's layout (a missing back-office path stays in the back office);
 * anywhere else, in the public layout.
 */
function unknownPaths(layout: LayoutName): RouteObject[] {
  if (layout === 'public') return [unknownPath('*')];
  return Object.entries(REMOTE_PREFIXES).flatMap(([remote, prefixes]) =>
    remoteLayout(remote as RemoteName) === layout ? prefixes.map((prefix) => unknownPath(`${prefix}/*`)) : [],
  );
}

function layoutRoute(layout: LayoutName, Component: () => React.ReactNode): RouteObject {
  const shellPages = AUTH_ROUTES.filter((group) => group.layout === layout).flatMap((group) => group.routes);
  return {
    id: `layout-${layout}`,
    Component,
    children: [{ id: contentId(layout), Component: GuardedOutlet, errorElement: <RouteError />, children: [...shellPages, ...unknownPaths(layout)] }],
  };
}

/** The route tree: each layout with the shell's own pages and its unknown paths; the remotes' pages are patched in. */
export const SHELL_ROUTES: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    HydrateFallback: () => <Loader label="Chargement de la page" />,
    children: [
      layoutRoute('public', PublicLayout),
      layoutRoute('auth', AuthLayout),
      layoutRoute('admin', AdminLayout),
      layoutRoute('pdf', PdfLayout),
    ],
  },
];

type Patch = (routeId: string | null, children: RouteObject[]) => void;

const outcomes = new Map<RemoteName, Promise<'loaded' | 'failed'>>();

/** Loads a remote's routes into its layouts, once; a remote that cannot be loaded is remembered as failed. */
function discover(remote: RemoteName, patch: Patch): Promise<'loaded' | 'failed'> {
  let outcome = outcomes.get(remote);
  if (!outcome) {
    outcome = loadRemoteRoutes(remote).then(
      (groups) => {
        for (const group of groups) patch(contentId(group.layout), group.routes);
        return 'loaded' as const;
      },
      (error: unknown) => {
        console.error(`Remote ${remote} unavailable`, error);
        return 'failed' as const;
      },
    );
    outcomes.set(remote, outcome);
  }
  return outcome;
}

export function createShellRouter(store: AppStore) {
  return createBrowserRouter(SHELL_ROUTES, {
    dataStrategy: loadAllowedPagesOnly(store),
    async patchRoutesOnNavigation({ path, patch }) {
      const pathname = new URL(path, window.location.origin).pathname;
      const remote = remoteForPath(pathname);
      if ((await discover(remote, patch)) === 'failed') {
        // Only this remote's pages are affected: every other page keeps working.
        patch(contentId(remoteLayout(remote)), [{ path: pathname, Component: ReloadPage, handle: { title: 'Page indisponible' } }]);
      }
    },
  });
}
