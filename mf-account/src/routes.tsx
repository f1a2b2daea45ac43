import { pageRoute, routesByLayout } from '@hsa-lli/common/ui';

export default routesByLayout([
  pageRoute('/mes-identifiants', {
    lazy: () =>
      import('./features/credentials/credentials-page.js').then(({ CredentialsPage, credentialsLoader }) => ({
        Component: CredentialsPage,
        loader: credentialsLoader,
      })),
  }),
  pageRoute('/mes-identifiants/nouvelle-adresse/[token]', {
    lazy: () =>
      import('./features/credentials/email-confirmation-page.js').then(({ EmailConfirmationPage, emailConfirmationLoader }) => ({
        Component: EmailConfirmationPage,
        loader: emailConfirmationLoader,
      })),
  }),
  pageRoute('/mon-compte-hsa-lli', {
    lazy: () => import('./features/information/information-page.js').then(({ InformationPage }) => ({ Component: InformationPage })),
  }),
  pageRoute('/mon-compte-hsa-lli/mon-dossier', {
    lazy: () => import('./features/documents/documents-page.js').then(({ DocumentsPage }) => ({ Component: DocumentsPage })),
  }),
]);
