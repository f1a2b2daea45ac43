import type { RemoteRoutes } from '@hsa-lli/common/ui';

const routes: RemoteRoutes = [
  {
    layout: 'pdf',
    routes: [
      {
        path: '/PDF/note-de-direction/:id',
        handle: { pattern: '/PDF/note-de-direction/[id]', title: 'Note de direction' },
        lazy: () =>
          import('./features/executive-note/executive-note-page.js').then(({ ExecutiveNotePage, executiveNoteLoader }) => ({
            Component: ExecutiveNotePage,
            loader: executiveNoteLoader,
          })),
      },
    ],
  },
];

export default routes;
