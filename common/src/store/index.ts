import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { messagesSlice } from './messages-slice.js';

export * from './messages-slice.js';

/** Slices a remote injects when its routes module loads; each remote declares its own here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The root reducer of the portal's one store. Host slices are here; remotes inject theirs. */
export const rootReducer = combineSlices(messagesSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export function makeStore() {
  return configureStore({ reducer: rootReducer });
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
