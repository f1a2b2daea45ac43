import { pageRoute, routesByLayout } from '@hsa-lli/common/ui';

export default routesByLayout([
  pageRoute('/PDF/note-de-direction/[id]', {
    lazy: () =>
      import('./features/executive-note/executive-note-page.js').then(({ ExecutiveNotePage, executiveNoteLoader }) => ({
        Component: ExecutiveNotePage,
        loader: executiveNoteLoader,
      })),
  }),
  pageRoute('/PDF/fiche-synthese-demandeur/[id]', {
    lazy: () =>
      import('./features/applicant-summary/applicant-summary-page.js').then(({ ApplicantSummaryPage, applicantSummaryLoader }) => ({
        Component: ApplicantSummaryPage,
        loader: applicantSummaryLoader,
      })),
  }),
  pageRoute('/PDF/proces-verbal/[id]', {
    lazy: () =>
      import('./features/minutes/minutes-page.js').then(({ MinutesPage, minutesLoader }) => ({
        Component: MinutesPage,
        loader: minutesLoader,
      })),
  }),
]);
