import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { configureHttp } from '@hsa-lli/common/http';
import { loadSession, makeStore, selectIsAuthenticated } from '@hsa-lli/common/store';
import { isPrerendering } from '@hsa-lli/common/ui';
import { takeSessionAsked } from './app/session-asked.js';
import { createShellRouter } from './app/router.js';
import './shell.css';

/** The rest of the start waits for a new browser task: the page stays responsive between its steps (see index.ts). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

const store = makeStore();
await nextTask();
const router = createShellRouter(store);
configureHttp({ navigate: (path) => void router.navigate(path) });

const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (state.initialized) {
      unsubscribe();
      resolve();
    }
  });
});

// React takes over once the first page is complete. A prerendered page is hydrated: React adopts the
// elements already on screen instead of drawing them again, in small slices of work (a transition)
// so that the page stays responsive meanwhile.
await nextTask();
await Promise.all([routerReady, store.dispatch(loadSession(takeSessionAsked()))]);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>
);
// Pages are prerendered for visitors: a logged-in user's header differs, so their page is drawn anew.
if (document.documentElement.dataset.prerendered === 'true' && !selectIsAuthenticated(store.getState())) {
  startTransition(() => {
    hydrateRoot(container, app, {
      // Text that changed since the page was rendered (a flat available from a date now past) makes
      // React draw the page again, which is expected, not an error.
      onRecoverableError: (error) => console.info('Prerendered page drawn again:', error instanceof Error ? error.message : error),
    });
  });
} else {
  // Ids written into prerendered HTML get a prefix of their own, so that the ids React makes in the
  // visitor's browser for elements added later never repeat them.
  createRoot(container, isPrerendering() ? { identifierPrefix: 'pre-' } : {}).render(app);
}
