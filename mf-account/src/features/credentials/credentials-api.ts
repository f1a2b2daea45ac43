import type { AlertView, EmailChangeRequest, EraseMeAnswer, EraseMeRequest, PasswordChangeRequest, SessionsAnswer, SessionView } from '@hsa-lli/common/domain';
import { api } from '@hsa-lli/common/store';

/**
 * The calls of /mes-identifiants: the address, the password, the open sessions, listed again after each change, the
 * e-mail alerts of the address, and a customer's rights on their data (the archive of it, the erasure of their account
 * and file).
 */
export const credentialsApi = api.enhanceEndpoints({ addTagTypes: ['Sessions', 'Alerts'] }).injectEndpoints({
  endpoints: (build) => ({
    listSessions: build.query<SessionView[], void>({
      query: () => ({ method: 'post', path: '/users/sessions', minDuration: 0 }),
      transformResponse: (answer: SessionsAnswer) => answer.data,
      providesTags: ['Sessions'],
    }),
    changeEmail: build.mutation<{ message: string }, EmailChangeRequest>({
      query: (body) => ({ method: 'post', path: '/users/change-email', body, action: true }),
    }),
    changePassword: build.mutation<{ message: string; ended: number }, PasswordChangeRequest>({
      query: (body) => ({ method: 'post', path: '/users/change-password', body, action: true }),
      invalidatesTags: ['Sessions'],
    }),
    endSession: build.mutation<{ id: string }, { id: string }>({
      query: (body) => ({ method: 'post', path: '/users/sessions/end', body, action: true }),
      invalidatesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation<{ ended: number }, void>({
      query: () => ({ method: 'post', path: '/users/sessions/end-others', action: true }),
      invalidatesTags: ['Sessions'],
    }),
    /** The alerts of the account's address, newest first. */
    listMyAlerts: build.query<AlertView[], void>({
      query: () => ({ method: 'post', path: '/alerts/mine/list', minDuration: 0 }),
      transformResponse: (answer: { data: AlertView[] }) => answer.data,
      providesTags: ['Alerts'],
    }),
    /** Keeps an active alert ALERT_LIMITS.months from today. */
    renewMyAlert: build.mutation<AlertView, { id: number }>({
      query: (body) => ({ method: 'post', path: '/alerts/mine/renew', body, action: true }),
      transformResponse: (answer: { alert: AlertView }) => answer.alert,
      invalidatesTags: ['Alerts'],
    }),
    removeMyAlert: build.mutation<Record<string, never>, { id: number }>({
      query: (body) => ({ method: 'post', path: '/alerts/mine/remove', body, action: true }),
      invalidatesTags: ['Alerts'],
    }),
    /** Queues the archive of everything held about the customer; it is then read from `myDataExportUrl`. */
    startMyDataExport: build.mutation<{ job: { id: string } }, void>({
      query: () => ({ method: 'post', path: '/records/export-mine', action: true, minDuration: 0 }),
    }),
    /** Erases the account and its file once the password confirms it; the server ends the session with them. */
    eraseMe: build.mutation<EraseMeAnswer, EraseMeRequest>({
      query: (body) => ({ method: 'post', path: '/users/erase-me', body, action: true }),
    }),
  }),
});

export const {
  useListSessionsQuery,
  useChangeEmailMutation,
  useChangePasswordMutation,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
  useListMyAlertsQuery,
  useRenewMyAlertMutation,
  useRemoveMyAlertMutation,
  useStartMyDataExportMutation,
  useEraseMeMutation,
} = credentialsApi;

/** 202 while the archive is made, then the ZIP (as an attachment), then 404 once it is no longer kept. */
export const myDataExportUrl = (job: string) => `/api/records/export-mine/${encodeURIComponent(job)}`;
