import type {
  EventCreateRequest,
  EventOutcomeRequest,
  FollowerOption,
  FollowUpView,
  IdRequest,
  RecordAccountView,
  RecordEventView,
  RecordGoodOption,
  StageMoveRequest,
} from '@hsa-lli/common/back-office';
import { api } from '@hsa-lli/common/store';

/**
 * A file's follow-up calls: its stage, events, notes and follower, and its applicant's invitation. What they change
 * shows in the files' list (stage, last event, follower): they reload it.
 */
export const recordApi = api.enhanceEndpoints({ addTagTypes: ['Records'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Read again when a move was refused: someone else moved the file meanwhile. */
    recordFollowUp: build.query<FollowUpView, number>({
      query: (id) => ({ method: 'post', path: '/records/follow-up', body: { id }, minDuration: 0 }),
    }),
    moveRecordStage: build.mutation<FollowUpView, StageMoveRequest>({
      query: (body) => ({ method: 'post', path: '/records/stage', body, action: true }),
      invalidatesTags: ['Records'],
    }),
    createRecordEvent: build.mutation<{ event: RecordEventView }, EventCreateRequest>({
      query: (body) => ({ method: 'post', path: '/records/events/create', body, action: true }),
      invalidatesTags: ['Records'],
    }),
    /** The outcome of an event recorded without one (a visit booked online), once its time has passed. */
    setRecordEventOutcome: build.mutation<{ event: RecordEventView }, EventOutcomeRequest>({
      query: (body) => ({ method: 'post', path: '/records/events/outcome', body, action: true }),
      invalidatesTags: ['Records'],
    }),
    deleteRecordEvent: build.mutation<{ id: number }, IdRequest>({
      query: (body) => ({ method: 'post', path: '/records/events/delete', body, action: true }),
      invalidatesTags: ['Records'],
    }),
    createRecordNote: build.mutation<FollowUpView, { record_id: number; body: string }>({
      query: (body) => ({ method: 'post', path: '/records/notes/create', body, action: true }),
    }),
    /** The active staff members who may follow a file. */
    recordFollowers: build.query<FollowerOption[], void>({
      query: () => ({ method: 'post', path: '/records/followers', body: {}, minDuration: 0 }),
      transformResponse: ({ data }: { data: FollowerOption[] }) => data,
    }),
    /** A residence's goods, any of which an event may name. */
    eventGoodOptions: build.query<RecordGoodOption[], number>({
      query: (residence) => ({ method: 'post', path: '/records/good-options', body: { residence }, minDuration: 0 }),
      transformResponse: ({ data }: { data: RecordGoodOption[] }) => data,
    }),
    setRecordFollower: build.mutation<FollowUpView, { id: number; user_id: number | null }>({
      query: (body) => ({ method: 'post', path: '/records/set-follower', body, action: true }),
      invalidatesTags: ['Records'],
    }),
    resendRecordInvitation: build.mutation<{ account: RecordAccountView }, IdRequest>({
      query: (body) => ({ method: 'post', path: '/records/resend-invitation', body, action: true }),
    }),
  }),
});

export const {
  useLazyRecordFollowUpQuery,
  useMoveRecordStageMutation,
  useCreateRecordEventMutation,
  useSetRecordEventOutcomeMutation,
  useDeleteRecordEventMutation,
  useCreateRecordNoteMutation,
  useRecordFollowersQuery,
  useEventGoodOptionsQuery,
  useSetRecordFollowerMutation,
  useResendRecordInvitationMutation,
} = recordApi;
