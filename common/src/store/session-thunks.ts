import { createAsyncThunk } from '@reduxjs/toolkit';
import type { LoginAnswer, PagesAnswer, RolesAnswer } from '../domain/api.js';
import { homeFor } from '../domain/pages.js';
import { RequestError, type RequestErrorData } from '../http/errors.js';
import { http, NETWORK_RETRY_MS, type RawAnswer } from '../http/request.js';
import { pagesFailed, pagesReceived } from './pages-slice.js';
import { loggedOut, rolesReceived } from './session-slice.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The start's calls, when the shell sent them as the page opened, before this code was loaded. */
export interface SessionAsked {
  roles: Promise<RawAnswer>;
  pages: Promise<RawAnswer>;
}

/** The page list, tried once more after 5 s; after that the guard shows 'Page inaccessible'. */
const loadPages = createAsyncThunk('pages/load', async (sent: Promise<RawAnswer> | undefined, { dispatch }) => {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      dispatch(pagesReceived(await http.post<PagesAnswer>('/auth/get-pages', undefined, { minDuration: 0, sent: attempt === 0 ? sent : undefined })));
      return;
    } catch {
      if (attempt === 0) await wait(NETWORK_RETRY_MS);
    }
  }
  dispatch(pagesFailed());
});

/** At start: who is logged in, and which pages the server allows. */
export const loadSession = createAsyncThunk('session/load', async (asked: SessionAsked | undefined, { dispatch }) => {
  await Promise.all([
    http.post<RolesAnswer>('/auth/get-roles', undefined, { minDuration: 0, sent: asked?.roles }).then(
      (answer) => dispatch(rolesReceived(answer)),
      () => dispatch(rolesReceived({ roles: [], user_id: null })),
    ),
    dispatch(loadPages(asked?.pages)),
  ]);
});

/** Takes the answer of a call that opened a session (login, account creation); returns the landing path. */
export const sessionOpened = createAsyncThunk('session/opened', async (answer: LoginAnswer, { dispatch }) => {
  dispatch(pagesReceived({ pages: answer.pages, version: answer.version }));
  dispatch(rolesReceived({ roles: answer.roles, user_id: answer.user_id }));
  return homeFor(answer.roles);
});

/** Logs in; resolves with the landing path of the user's roles, or rejects with the error object. */
export const logIn = createAsyncThunk<string, { email: string; password: string }, { rejectValue: RequestErrorData }>(
  'session/login',
  async (credentials, { dispatch, rejectWithValue }) => {
    try {
      const answer = await http.post<LoginAnswer>('/auth/login', credentials, { action: true, hideLoginLink: true });
      return await dispatch(sessionOpened(answer)).unwrap();
    } catch (error) {
      // Redux keeps plain data only: the error object travels as such.
      if (error instanceof RequestError) return rejectWithValue(error.toData());
      throw error;
    }
  },
);

export const logOut = createAsyncThunk('session/logout', async (_, { dispatch }) => {
  const answer = await http.post<PagesAnswer>('/auth/logout', undefined, { action: true });
  dispatch(pagesReceived(answer));
  dispatch(loggedOut());
});
