import type { RemoteRoutes } from '@hsa-lli/common/ui';

const routes: RemoteRoutes = [
  {
    layout: 'public',
    routes: [
      {
        path: '/',
        handle: { pattern: '/', title: 'Accueil' },
        lazy: () => import('./features/home/home-page.js').then(({ HomePage, homeLoader }) => ({ Component: HomePage, loader: homeLoader })),
      },
    ],
  },
];

export default routes;
