import type { IdRequest, ListAnswer, ListRequest, UserAdminView, UserAnswer, UserUpdateRequest } from '@hsa-lli/common/back-office';
import type { InvitationRequest } from '@hsa-lli/common/domain';
import { api } from '@hsa-lli/common/store';

/** The accounts' calls; a change reloads the lists shown. */
export const usersApi = api.enhanceEndpoints({ addTagTypes: ['Users'] }).injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<ListAnswer<UserAdminView>, ListRequest>({
      query: (body) => ({ method: 'post', path: '/users/list', body, minDuration: 0 }),
      providesTags: ['Users'],
    }),
    createUser: build.mutation<UserAnswer, InvitationRequest>({
      query: (body) => ({ method: 'post', path: '/users/create', body, action: true }),
      invalidatesTags: ['Users'],
    }),
    updateUser: build.mutation<UserAnswer, UserUpdateRequest>({
      query: (body) => ({ method: 'post', path: '/users/update', body, action: true }),
      invalidatesTags: ['Users'],
    }),
    /** Deactivates, reactivates, or sends a new invitation link: `users/<action>` with the account's id. */
    changeUserAccount: build.mutation<UserAnswer, IdRequest & { action: 'deactivate' | 'reactivate' | 'resend-invitation' }>({
      query: ({ action, id }) => ({ method: 'post', path: `/users/${action}`, body: { id }, action: true }),
      invalidatesTags: ['Users'],
    }),
    withdrawInvitation: build.mutation<{ email: string; withdrawn: number }, { email: string }>({
      query: (body) => ({ method: 'post', path: '/users/withdraw-invitation', body, action: true }),
      invalidatesTags: ['Users'],
    }),
    /** How many files a staff member consulted in the last 24 hours, and may. */
    recordViews: build.query<RecordViews, IdRequest>({
      query: (body) => ({ method: 'post', path: '/records/record-views', body, minDuration: 0 }),
      providesTags: ['Users'],
    }),
    allowRecordViews: build.mutation<RecordViews, IdRequest & { extra: number }>({
      query: (body) => ({ method: 'post', path: '/records/record-views/allow', body, action: true }),
      invalidatesTags: ['Users'],
    }),
    deleteUser: build.mutation<IdRequest, IdRequest>({
      query: (body) => ({ method: 'post', path: '/users/delete', body, action: true }),
      invalidatesTags: ['Users'],
    }),
  }),
});

export interface RecordViews {
  consulted: number;
  allowed: number;
}

export const {
  useListUsersQuery,
  useRecordViewsQuery,
  useAllowRecordViewsMutation,
  useCreateUserMutation,
  useUpdateUserMutation,
  useChangeUserAccountMutation,
  useWithdrawInvitationMutation,
  useDeleteUserMutation,
} = usersApi;
