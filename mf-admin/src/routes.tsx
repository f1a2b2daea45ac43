import type { RemoteRoutes } from '@hsa-lli/common/ui';

const routes: RemoteRoutes = [
  {
    layout: 'admin',
    routes: [
      {
        path: '/admin/accueil',
        handle: { pattern: '/admin/accueil', title: 'Tableau de bord' },
        lazy: () => import('./features/dashboard/dashboard-page.js').then(({ DashboardPage }) => ({ Component: DashboardPage })),
      },
      {
        path: '/gestion/recommandations',
        handle: { pattern: '/gestion/recommandations', title: 'Recommandations' },
        lazy: () =>
          import('./features/recommendations/recommendations-page.js').then(({ RecommendationsPage }) => ({
            Component: RecommendationsPage,
          })),
      },
    ],
  },
];

export default routes;
