import { createBrowserRouter, type RouteObject } from 'react-router';
import { remoteForPath, type LayoutName, type RemoteName } from '@hsa-lli/common/domain';
import { Loader } from '@hsa-lli/common/ui';
import { AdminLayout } from '../layouts/admin-layout.js';
import { AuthLayout } from '../layouts/auth-layout.js';
import { PdfLayout } from '../layouts/pdf-layout.js';
import { PublicLayout } from '../layouts/public-layout.js';
import { ErrorPage } from '../pages/error-page.js';
import { LoginPage } from '../pages/login-page.js';
import { NotFoundPage } from '../pages/not-found-page.js';
import { ReloadPage } from '../pages/reload-page.js';
import { Root } from './root.js';
import { loadRemoteRoutes } from './remotes.js';

/** The layout in which a remote's pages show the reload message when the remote cannot be loaded. */
const FALLBACK_LAYOUT: Record<RemoteName, LayoutName> = {
  mf_public: 'public',
  mf_account: 'public',
  mf_admin: 'admin',
  mf_pdf: 'pdf',
};

const layoutId = (layout: LayoutName) => `layout-${layout}`;

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    HydrateFallback: () => <Loader label="Chargement de la page" />,
    children: [
      {
        id: layoutId('public'),
        Component: PublicLayout,
        errorElement: <ErrorPage />,
        children: [{ path: '*', Component: NotFoundPage, handle: { title: 'Page introuvable' } }],
      },
      {
        id: layoutId('auth'),
        Component: AuthLayout,
        errorElement: <ErrorPage />,
        children: [{ path: '/login', Component: LoginPage, handle: { pattern: '/login', title: 'Connexion' } }],
      },
      { id: layoutId('admin'), Component: AdminLayout, errorElement: <ErrorPage />, children: [] },
      { id: layoutId('pdf'), Component: PdfLayout, errorElement: <ErrorPage />, children: [] },
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
        for (const group of groups) patch(layoutId(group.layout), group.routes);
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

export function createShellRouter() {
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      const pathname = new URL(path, window.location.origin).pathname;
      const remote = remoteForPath(pathname);
      if ((await discover(remote, patch)) === 'failed') {
        // Only this remote's pages are affected: every other page keeps working.
        patch(layoutId(FALLBACK_LAYOUT[remote]), [
          { path: pathname, Component: ReloadPage, handle: { title: 'Page indisponible' } },
        ]);
      }
    },
  });
}
