import { pageRoute, routesByLayout } from '@hsa-lli/common/ui';

export default routesByLayout([
  pageRoute('/admin/accueil', {
    lazy: () => import('./features/dashboard/dashboard-page.js').then(({ DashboardPage }) => ({ Component: DashboardPage })),
  }),
  pageRoute('/gestion/recommandations', {
    lazy: () =>
      import('./features/recommendations/recommendations-page.js').then(({ RecommendationsPage }) => ({
        Component: RecommendationsPage,
      })),
  }),
]);
