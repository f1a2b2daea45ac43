import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { homeFor } from '../domain/pages.js';
import { readStored } from './persistence.js';

export type SessionStatus = 'pending' | 'guest' | 'authenticated';

export interface SessionState {
  roles: string[];
  status: SessionStatus;
  /** Where the user lands after logging in. */
  home: string;
  user_id: number | null;
  date: number | null;
}

export const SESSION_KEY = 'session';

const guest = (): SessionState => ({ roles: [], status: 'guest', home: '/', user_id: null, date: Date.now() });

/** The stored copy shows the right header at once; the server's answer then confirms or replaces it. */
function initialSession(): SessionState {
  const stored = readStored<Omit<SessionState, 'status'>>(SESSION_KEY);
  return stored ? { ...stored, status: 'pending' } : { roles: [], status: 'pending', home: '/', user_id: null, date: null };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSession,
  reducers: {
    /** Roles from the server: authenticated with at least one role, else a guest. */
    rolesReceived(_state, action: PayloadAction<{ roles: string[]; user_id: number | null }>) {
      const { roles, user_id } = action.payload;
      if (roles.length === 0) return guest();
      return { roles, status: 'authenticated', home: homeFor(roles), user_id, date: Date.now() };
    },
    loggedOut: () => guest(),
  },
  selectors: {
    selectSession: (state) => state,
    selectRoles: (state) => state.roles,
    selectIsAuthenticated: (state) => state.status === 'authenticated',
  },
});

export const { rolesReceived, loggedOut } = sessionSlice.actions;
export const { selectSession, selectRoles, selectIsAuthenticated } = sessionSlice.selectors;
