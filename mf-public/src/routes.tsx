import { pageRoute, routesByLayout } from '@hsa-lli/common/ui';
import { goodMeta, residenceMeta } from './lib/meta.js';

export default routesByLayout([
  pageRoute('/', {
    lazy: () => import('./features/home/home-page.js').then(({ HomePage, homeLoader }) => ({ Component: HomePage, loader: homeLoader })),
  }),
  pageRoute('/residences', {
    lazy: () =>
      import('./features/residences/residences-page.js').then(({ ResidencesPage, residencesLoader }) => ({ Component: ResidencesPage, loader: residencesLoader })),
  }),
  pageRoute('/residences/[slug]', {
    meta: residenceMeta,
    lazy: () =>
      import('./features/residences/residence-page.js').then(({ ResidencePage, residenceLoader }) => ({ Component: ResidencePage, loader: residenceLoader })),
  }),
  pageRoute('/residences/[slug]/[good_slug]/[id]', {
    meta: goodMeta,
    lazy: () => import('./features/goods/good-page.js').then(({ GoodPage, goodLoader }) => ({ Component: GoodPage, loader: goodLoader })),
  }),
  pageRoute('/alertes/confirmation/[token]', {
    lazy: () => import('./features/alerts/alert-confirmation-page.js').then(({ AlertConfirmationPage }) => ({ Component: AlertConfirmationPage })),
  }),
  pageRoute('/alertes/gerer/[token]', {
    lazy: () => import('./features/alerts/alert-page.js').then(({ AlertPage, alertLoader }) => ({ Component: AlertPage, loader: alertLoader })),
  }),
  pageRoute('/visites/[token]', {
    lazy: () => import('./features/visits/visit-page.js').then(({ VisitPage, visitLoader }) => ({ Component: VisitPage, loader: visitLoader })),
  }),
  pageRoute('/tester-mon-eligibilite', {
    lazy: () => import('./features/eligibility/eligibility-page.js').then(({ EligibilityPage }) => ({ Component: EligibilityPage })),
  }),
  pageRoute('/nous-contacter', {
    lazy: () => import('./features/contact/contact-page.js').then(({ ContactPage }) => ({ Component: ContactPage })),
  }),
  pageRoute('/deversement-de-pieces/[record_id]/[token]', {
    lazy: () =>
      import('./features/shared-upload/shared-upload-page.js').then(({ SharedUploadPage, sharedUploadLoader }) => ({
        Component: SharedUploadPage,
        loader: sharedUploadLoader,
      })),
  }),
  pageRoute('/mentions-legales', {
    lazy: () => import('./features/legal/legal-page.js').then(({ LegalNoticePage }) => ({ Component: LegalNoticePage })),
  }),
  pageRoute('/reglement-general-sur-la-protection-des-donnees-personnelles', {
    lazy: () => import('./features/legal/legal-page.js').then(({ PrivacyPage }) => ({ Component: PrivacyPage })),
  }),
]);
