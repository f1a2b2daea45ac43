import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api.js';
import { formsSlice } from './forms-slice.js';
import { messagesSlice } from './messages-slice.js';
import { PAGES_KEY, pagesSlice } from './pages-slice.js';
import { writeStored } from './persistence.js';
import { SESSION_KEY, sessionSlice } from './session-slice.js';

export * from './api.js';
export * from './forms-slice.js';
export * from './messages-slice.js';
export * from './pages-slice.js';
export * from './persistence.js';
export * from './session-slice.js';
export * from './session-thunks.js';

/** Slices a remote injects when its routes module loads; each remote declares its own here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The root reducer of the portal's one store. Host slices and the data-access api are here; remotes inject their slices. */
export const rootReducer = combineSlices(api, messagesSlice, sessionSlice, pagesSlice, formsSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    // The api's middleware runs its queries' lifecycles: caching, polling, refetching what a tag invalidates.
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  let saved = store.getState();
  // The session is saved when it changes; the pages only when their version does.
  store.subscribe(() => {
    const { session, pages } = store.getState();
    if (session !== saved.session && session.status !== 'pending') {
      const { status: _status, ...copy } = session;
      writeStored(SESSION_KEY, copy);
    }
    if (pages.status === 'fetched' && pages.version !== saved.pages.version) {
      writeStored(PAGES_KEY, { pages: pages.pages, version: pages.version });
    }
    saved = store.getState();
  });
  return store;
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
