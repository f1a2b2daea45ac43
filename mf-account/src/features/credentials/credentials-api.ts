import type { EmailChangeRequest, PasswordChangeRequest, SessionsAnswer, SessionView } from '@hsa-lli/common/domain';
import { api } from '@hsa-lli/common/store';

/** The calls of /mes-identifiants: the address, the password, and the open sessions, listed again after each change. */
export const credentialsApi = api.enhanceEndpoints({ addTagTypes: ['Sessions'] }).injectEndpoints({
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
  }),
});

export const { useListSessionsQuery, useChangeEmailMutation, useChangePasswordMutation, useEndSessionMutation, useEndOtherSessionsMutation } = credentialsApi;
