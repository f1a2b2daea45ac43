import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PagesAnswer } from '../domain/api.js';
import { readStored } from './persistence.js';

export interface PagesState {
  pages: string[];
  version: string | null;
  /**
   * 'fetched' only once the server answered during this visit: a stored copy is never trusted to
   * open a page, it only spares saving an unchanged list.
   */
  status: 'pending' | 'fetched' | 'failed';
  date: number | null;
}

export const PAGES_KEY = 'pages';

function initialPages(): PagesState {
  const stored = readStored<Pick<PagesState, 'pages' | 'version'>>(PAGES_KEY);
  return { pages: stored?.pages ?? [], version: stored?.version ?? null, status: 'pending', date: null };
}

export const pagesSlice = createSlice({
  name: 'pages',
  initialState: initialPages,
  reducers: {
    pagesReceived(state, action: PayloadAction<PagesAnswer>) {
      state.pages = action.payload.pages;
      state.version = action.payload.version;
      state.status = 'fetched';
      state.date = Date.now();
    },
    pagesFailed(state) {
      state.status = 'failed';
    },
  },
  selectors: {
    selectPages: (state) => state,
  },
});

export const { pagesReceived, pagesFailed } = pagesSlice.actions;
export const { selectPages } = pagesSlice.selectors;
