import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { configureHttp } from '@hsa-lli/common/http';
import { loadSession, makeStore } from '@hsa-lli/common/store';
import { createShellRouter } from './app/router.js';
import './shell.css';

const store = makeStore();
const router = createShellRouter();
configureHttp({ navigate: (path) => void router.navigate(path) });
void store.dispatch(loadSession());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
