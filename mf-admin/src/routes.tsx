import { pageRoute, routesByLayout } from '@hsa-lli/common/ui';

export default routesByLayout([
  pageRoute('/admin/accueil', {
    lazy: () => import('./features/dashboard/dashboard-page.js').then(({ DashboardPage }) => ({ Component: DashboardPage })),
  }),
  pageRoute('/admin/liste-des-dossiers', {
    lazy: () => import('./features/records/records-page.js').then(({ RecordsPage }) => ({ Component: RecordsPage })),
  }),
  pageRoute('/admin/liste-des-dossiers/[id]', {
    lazy: () => import('./features/records/record-page.js').then(({ RecordPage, recordLoader }) => ({ Component: RecordPage, loader: recordLoader })),
  }),
  pageRoute('/admin/demandes-de-contact', {
    lazy: () => import('./features/contact-requests/contact-requests-list-page.js').then(({ ContactRequestsListPage }) => ({ Component: ContactRequestsListPage })),
  }),
  pageRoute('/admin/demandes-de-contact/[id]', {
    lazy: () =>
      import('./features/contact-requests/contact-request-page.js').then(({ ContactRequestPage, contactRequestLoader }) => ({ Component: ContactRequestPage, loader: contactRequestLoader })),
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
  pageRoute('/admin/liste-des-biens', {
    lazy: () => import('./features/goods/goods-list-page.js').then(({ GoodsListPage }) => ({ Component: GoodsListPage })),
  }),
  pageRoute('/admin/liste-des-biens/nouveau', {
    lazy: () => import('./features/goods/good-page.js').then(({ NewGoodPage }) => ({ Component: NewGoodPage })),
  }),
  pageRoute('/admin/liste-des-biens/[id]', {
    lazy: () => import('./features/goods/good-page.js').then(({ GoodPage, goodLoader }) => ({ Component: GoodPage, loader: goodLoader })),
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
  pageRoute('/admin/liste-des-utilisateurs', {
    lazy: () => import('./features/users/users-list-page.js').then(({ UsersListPage }) => ({ Component: UsersListPage })),
  }),
  pageRoute('/admin/liste-des-utilisateurs/nouvel-utilisateur', {
    lazy: () => import('./features/users/user-page.js').then(({ NewUserPage }) => ({ Component: NewUserPage })),
  }),
  pageRoute('/admin/liste-des-utilisateurs/[id]', {
    lazy: () => import('./features/users/user-page.js').then(({ UserPage, userLoader }) => ({ Component: UserPage, loader: userLoader })),
  }),
  pageRoute('/admin/comites', {
    lazy: () => import('./features/committee/sessions-list-page.js').then(({ SessionsListPage }) => ({ Component: SessionsListPage })),
  }),
  pageRoute('/admin/comites/nouveau', {
    lazy: () => import('./features/committee/new-session-page.js').then(({ NewSessionPage }) => ({ Component: NewSessionPage })),
  }),
  pageRoute('/admin/comites/[id]', {
    lazy: () => import('./features/committee/session-page.js').then(({ SessionPage, sessionLoader }) => ({ Component: SessionPage, loader: sessionLoader })),
  }),
  pageRoute('/gestion/recommandations', {
    lazy: () => import('./features/committee/my-sessions-page.js').then(({ MySessionsPage }) => ({ Component: MySessionsPage })),
  }),
  pageRoute('/gestion/recommandations/[id]', {
    lazy: () =>
      import('./features/committee/recommendation-session-page.js').then(({ RecommendationSessionPage, sessionLoader }) => ({
        Component: RecommendationSessionPage,
        loader: sessionLoader,
      })),
  }),
]);
