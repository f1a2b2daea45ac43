import type { RemoteRoutes } from '@hsa-lli/common/ui';

const routes: RemoteRoutes = [
  {
    layout: 'public',
    routes: [
      {
        path: '/mes-identifiants',
        handle: { pattern: '/mes-identifiants', title: 'Mes identifiants' },
        lazy: () =>
          import('./features/credentials/credentials-page.js').then(({ CredentialsPage, credentialsLoader }) => ({
            Component: CredentialsPage,
            loader: credentialsLoader,
          })),
      },
    ],
  },
];

export default routes;
