import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { configureHttp } from '@hsa-lli/common/http';
import { loadSession, makeStore } from '@hsa-lli/common/store';
import { createShellRouter } from './app/router.js';
import './shell.css';

// The page's own scripts: the prerenderer keeps them, and drops those the page adds while running.
Object.assign(window, { __SHELL_SCRIPTS__: [...document.scripts].map((script) => script.getAttribute('src')).filter(Boolean) });

const store = makeStore();
const router = createShellRouter();
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

// React takes over once the first page is complete, so that a prerendered page is replaced by the
// same content at once, without a loader in between.
await Promise.all([routerReady, store.dispatch(loadSession())]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
