import { createBrowserRouter, type RouteObject } from 'react-router';
import { remoteForPath, type LayoutName, type RemoteName } from '@hsa-lli/common/domain';
import type { AppStore } from '@hsa-lli/common/store';
import { Loader } from '@hsa-lli/common/ui';
import { AUTH_ROUTES, REGISTRATION_ROUTE } from '../features/auth/auth-routes.js';
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

/** The layout in which a remote's pages show the reload message when the remote cannot be loaded. */
const FALLBACK_LAYOUT: Record<RemoteName, LayoutName> = {
  mf_public: 'public',
  mf_account: 'public',
  mf_admin: 'admin',
  mf_pdf: 'pdf',
};

/** Pages go into the content route of their layout: guarded, with the error pages inside the layout. */
const contentId = (layout: LayoutName) => `content-${layout}`;

function layoutRoute(layout: LayoutName, Component: () => React.ReactNode, children: RouteObject[] = []): RouteObject {
  return {
    id: `layout-${layout}`,
    Component,
    children: [{ id: contentId(layout), Component: GuardedOutlet, errorElement: <RouteError />, children }],
  };
}

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    HydrateFallback: () => <Loader label="Chargement de la page" />,
    children: [
      layoutRoute('public', PublicLayout, [REGISTRATION_ROUTE, { path: '*', Component: UnknownPathPage, handle: { title: 'Page introuvable' } }]),
      layoutRoute('auth', AuthLayout, AUTH_ROUTES),
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
  return createBrowserRouter(routes, {
    dataStrategy: loadAllowedPagesOnly(store),
    async patchRoutesOnNavigation({ path, patch }) {
      const pathname = new URL(path, window.location.origin).pathname;
      const remote = remoteForPath(pathname);
      if ((await discover(remote, patch)) === 'failed') {
        // Only this remote's pages are affected: every other page keeps working.
        patch(contentId(FALLBACK_LAYOUT[remote]), [{ path: pathname, Component: ReloadPage, handle: { title: 'Page indisponible' } }]);
      }
    },
  });
}
