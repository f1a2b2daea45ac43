import { pageRoute, routesByLayout } from '@hsa-lli/common/ui';
import { contactRequestLoader, equipmentLoader, goodLoader, recordLoader, residenceLoader, sessionLoader, userLoader } from './loaders.js';

export default routesByLayout([
  pageRoute('/admin/accueil', {
    lazy: () => import('./features/dashboard/dashboard-page.js').then(({ DashboardPage }) => ({ Component: DashboardPage })),
  }),
  pageRoute('/admin/liste-des-dossiers', {
    lazy: () => import('./features/records/records-page.js').then(({ RecordsPage }) => ({ Component: RecordsPage })),
  }),
  pageRoute('/admin/liste-des-dossiers/[id]', {
    loader: recordLoader,
    lazy: () => import('./features/records/record-page.js').then(({ RecordPage }) => ({ Component: RecordPage })),
  }),
  pageRoute('/admin/demandes-de-contact', {
    lazy: () => import('./features/contact-requests/contact-requests-list-page.js').then(({ ContactRequestsListPage }) => ({ Component: ContactRequestsListPage })),
  }),
  pageRoute('/admin/demandes-de-contact/[id]', {
    loader: contactRequestLoader,
    lazy: () => import('./features/contact-requests/contact-request-page.js').then(({ ContactRequestPage }) => ({ Component: ContactRequestPage })),
  }),
  pageRoute('/admin/liste-des-residences', {
    lazy: () => import('./features/residences/residences-list-page.js').then(({ ResidencesListPage }) => ({ Component: ResidencesListPage })),
  }),
  pageRoute('/admin/liste-des-residences/nouvelle', {
    lazy: () => import('./features/residences/residence-page.js').then(({ NewResidencePage }) => ({ Component: NewResidencePage })),
  }),
  pageRoute('/admin/liste-des-residences/[id]', {
    loader: residenceLoader,
    lazy: () => import('./features/residences/residence-page.js').then(({ ResidencePage }) => ({ Component: ResidencePage })),
  }),
  pageRoute('/admin/liste-des-biens', {
    lazy: () => import('./features/goods/goods-list-page.js').then(({ GoodsListPage }) => ({ Component: GoodsListPage })),
  }),
  pageRoute('/admin/liste-des-biens/nouveau', {
    lazy: () => import('./features/goods/good-page.js').then(({ NewGoodPage }) => ({ Component: NewGoodPage })),
  }),
  pageRoute('/admin/liste-des-biens/[id]', {
    loader: goodLoader,
    lazy: () => import('./features/goods/good-page.js').then(({ GoodPage }) => ({ Component: GoodPage })),
  }),
  pageRoute('/admin/liste-des-equipements', {
    lazy: () => import('./features/equipments/equipments-list-page.js').then(({ EquipmentsListPage }) => ({ Component: EquipmentsListPage })),
  }),
  pageRoute('/admin/liste-des-equipements/ajouter', {
    lazy: () => import('./features/equipments/equipment-page.js').then(({ NewEquipmentPage }) => ({ Component: NewEquipmentPage })),
  }),
  pageRoute('/admin/liste-des-equipements/[id]', {
    loader: equipmentLoader,
    lazy: () => import('./features/equipments/equipment-page.js').then(({ EquipmentPage }) => ({ Component: EquipmentPage })),
  }),
  pageRoute('/admin/liste-des-utilisateurs', {
    lazy: () => import('./features/users/users-list-page.js').then(({ UsersListPage }) => ({ Component: UsersListPage })),
  }),
  pageRoute('/admin/liste-des-utilisateurs/nouvel-utilisateur', {
    lazy: () => import('./features/users/user-page.js').then(({ NewUserPage }) => ({ Component: NewUserPage })),
  }),
  pageRoute('/admin/liste-des-utilisateurs/[id]', {
    loader: userLoader,
    lazy: () => import('./features/users/user-page.js').then(({ UserPage }) => ({ Component: UserPage })),
  }),
  pageRoute('/admin/visites', {
    lazy: () => import('./features/visits/visits-page.js').then(({ VisitsPage }) => ({ Component: VisitsPage })),
  }),
  pageRoute('/admin/comites', {
    lazy: () => import('./features/committee/sessions-list-page.js').then(({ SessionsListPage }) => ({ Component: SessionsListPage })),
  }),
  pageRoute('/admin/comites/nouveau', {
    lazy: () => import('./features/committee/new-session-page.js').then(({ NewSessionPage }) => ({ Component: NewSessionPage })),
  }),
  pageRoute('/admin/comites/[id]', {
    loader: sessionLoader,
    lazy: () => import('./features/committee/session-page.js').then(({ SessionPage }) => ({ Component: SessionPage })),
  }),
  pageRoute('/gestion/recommandations', {
    lazy: () => import('./features/committee/my-sessions-page.js').then(({ MySessionsPage }) => ({ Component: MySessionsPage })),
  }),
  pageRoute('/gestion/recommandations/[id]', {
    loader: sessionLoader,
    lazy: () => import('./features/committee/recommendation-session-page.js').then(({ RecommendationSessionPage }) => ({ Component: RecommendationSessionPage })),
  }),
]);
