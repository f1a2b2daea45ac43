import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { makeStore } from '../store/index.js';
import { Loader } from './loader.js';
import type { RemoteRoutes } from './remote-routes.js';

/**
 * Runs a remote alone, without the shell, so that its team can work on it with its own dev server:
 * the remote's routes in one router, with the same store as in the portal.
 */
export function renderStandalone(groups: RemoteRoutes): void {
  const router = createBrowserRouter([
    { HydrateFallback: () => <Loader label="Chargement de la page" />, children: groups.flatMap((group) => group.routes) },
  ]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
}
