import { pageRoute, routesByLayout } from '@hsa-lli/common/ui';

export default routesByLayout([
  pageRoute('/admin/accueil', {
    lazy: () => import('./features/dashboard/dashboard-page.js').then(({ DashboardPage }) => ({ Component: DashboardPage })),
  }),
  pageRoute('/admin/liste-des-residences', {
    lazy: () => import('./features/residences/residences-list-page.js').then(({ ResidencesListPage }) => ({ Component: ResidencesListPage })),
  }),
  pageRoute('/admin/liste-des-residences/nouvelle', {
    lazy: () => import('./features/residences/residence-page.js').then(({ NewResidencePage }) => ({ Component: NewResidencePage })),
  }),
  pageRoute('/admin/liste-des-residences/[id]', {
    lazy: () => import('./features/residences/residence-page.js').then(({ ResidencePage, residenceLoader }) => ({ Component: ResidencePage, loader: residenceLoader })),
  }),
  pageRoute('/admin/liste-des-equipements', {
    lazy: () => import('./features/equipments/equipments-list-page.js').then(({ EquipmentsListPage }) => ({ Component: EquipmentsListPage })),
  }),
  pageRoute('/admin/liste-des-equipements/ajouter', {
    lazy: () => import('./features/equipments/equipment-page.js').then(({ NewEquipmentPage }) => ({ Component: NewEquipmentPage })),
  }),
  pageRoute('/admin/liste-des-equipements/[id]', {
    lazy: () => import('./features/equipments/equipment-page.js').then(({ EquipmentPage, equipmentLoader }) => ({ Component: EquipmentPage, loader: equipmentLoader })),
  }),
  pageRoute('/gestion/recommandations', {
    lazy: () =>
      import('./features/recommendations/recommendations-page.js').then(({ RecommendationsPage }) => ({
        Component: RecommendationsPage,
      })),
  }),
]);
