import type {
  CandidateAddRequest,
  CommitteeOption,
  RecommendationRequest,
  SessionAnswer,
  SessionCloseRequest,
  SessionCreateRequest,
  SessionListRequest,
  SessionRow,
  SessionUpdateRequest,
  ThreadPostRequest,
} from '@hsa-lli/common/back-office';
import { api } from '@hsa-lli/common/store';

/**
 * The allocation committee's calls (`/api/committee/…`). Every change answers the session as it now stands, which the
 * page shows; it also reloads the lists of sessions, whose counts and states it changes.
 */
export const committeeApi = api.enhanceEndpoints({ addTagTypes: ['CommitteeSessions'] }).injectEndpoints({
  endpoints: (build) => ({
    listCommitteeSessions: build.query<{ data: SessionRow[]; total: number }, SessionListRequest>({
      query: (body) => ({ method: 'post', path: '/committee/sessions/list', body, minDuration: 0 }),
      providesTags: ['CommitteeSessions'],
    }),
    committeeMemberOptions: build.query<CommitteeOption[], void>({
      query: () => ({ method: 'post', path: '/committee/members/options', body: {}, minDuration: 0 }),
      transformResponse: ({ data }: { data: CommitteeOption[] }) => data,
    }),
    committeeGoodOptions: build.query<CommitteeOption[], string>({
      query: (search) => ({ method: 'post', path: '/committee/goods/options', body: search ? { search } : {}, minDuration: 0 }),
      transformResponse: ({ data }: { data: CommitteeOption[] }) => data,
    }),
    committeeRecordOptions: build.query<CommitteeOption[], { good_id: number; search: string }>({
      query: ({ good_id, search }) => ({ method: 'post', path: '/committee/records/options', body: search ? { good_id, search } : { good_id }, minDuration: 0 }),
      transformResponse: ({ data }: { data: CommitteeOption[] }) => data,
    }),
    createCommitteeSession: build.mutation<SessionAnswer, SessionCreateRequest>({
      query: (body) => ({ method: 'post', path: '/committee/sessions/create', body, action: true }),
      invalidatesTags: ['CommitteeSessions'],
    }),
    updateCommitteeSession: build.mutation<SessionAnswer, SessionUpdateRequest>({
      query: (body) => ({ method: 'post', path: '/committee/sessions/update', body, action: true }),
      invalidatesTags: ['CommitteeSessions'],
    }),
    openCommitteeSession: build.mutation<SessionAnswer, { id: number }>({
      query: (body) => ({ method: 'post', path: '/committee/sessions/open', body, action: true }),
      invalidatesTags: ['CommitteeSessions'],
    }),
    closeCommitteeSession: build.mutation<SessionAnswer, SessionCloseRequest>({
      query: (body) => ({ method: 'post', path: '/committee/sessions/close', body, action: true }),
      invalidatesTags: ['CommitteeSessions'],
    }),
    addCommitteeCandidate: build.mutation<SessionAnswer, CandidateAddRequest>({
      query: (body) => ({ method: 'post', path: '/committee/candidates/add', body, action: true }),
      invalidatesTags: ['CommitteeSessions'],
    }),
    removeCommitteeCandidate: build.mutation<SessionAnswer, { id: number }>({
      query: (body) => ({ method: 'post', path: '/committee/candidates/remove', body, action: true }),
      invalidatesTags: ['CommitteeSessions'],
    }),
    saveCommitteeRecommendation: build.mutation<SessionAnswer, RecommendationRequest>({
      query: (body) => ({ method: 'post', path: '/committee/recommendations/save', body, action: true }),
      invalidatesTags: ['CommitteeSessions'],
    }),
    postCommitteeMessage: build.mutation<SessionAnswer, ThreadPostRequest>({
      query: (body) => ({ method: 'post', path: '/committee/threads/post', body, action: true }),
    }),
  }),
});

export const {
  useListCommitteeSessionsQuery,
  useCommitteeMemberOptionsQuery,
  useCommitteeGoodOptionsQuery,
  useCommitteeRecordOptionsQuery,
  useCreateCommitteeSessionMutation,
  useUpdateCommitteeSessionMutation,
  useOpenCommitteeSessionMutation,
  useCloseCommitteeSessionMutation,
  useAddCommitteeCandidateMutation,
  useRemoveCommitteeCandidateMutation,
  useSaveCommitteeRecommendationMutation,
  usePostCommitteeMessageMutation,
} = committeeApi;
