import type { DocumentName, GoodSummary, MyRecord, MyRecordAnswer, MyRecordUpdate, RecordDocumentView, ResidenceDetails, ResidenceSummary, UploadLinkView } from '@hsa-lli/common/domain';
import { api, requestBaseQuery, type ApiError } from '@hsa-lli/common/store';

/** Sending a few large scans over a phone's line takes longer than a form's 30 seconds. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** A good a household may wish for, named with its residence. */
export interface WishableGood extends GoodSummary {
  residence: { id: number; name: string };
}

export interface DocumentUpload {
  type: DocumentName;
  file: File;
  /** The document of the same name this file takes the place of. */
  replaces?: number;
  onProgress: (ratio: number) => void;
}

/**
 * The customer's own file: read once and kept, each change's answer (the whole record, recomputed) replacing it in
 * place. A document added or removed also reloads it, for the figures only the server holds (its completeness).
 */
export const myRecordApi = api.enhanceEndpoints({ addTagTypes: ['MyRecord', 'UploadLinks'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyRecord: build.query<MyRecord, void>({
      query: () => ({ method: 'post', path: '/records/get-mine', minDuration: 0 }),
      transformResponse: ({ my_record }: MyRecordAnswer) => my_record,
      providesTags: ['MyRecord'],
    }),
    updateMyRecord: build.mutation<MyRecord, MyRecordUpdate>({
      // Saved as the person types: the answer is not held back to look slower.
      query: (body) => ({ method: 'post', path: '/records/update-mine', body, action: true, minDuration: 0 }),
      transformResponse: ({ my_record }: MyRecordAnswer) => my_record,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(myRecordApi.util.upsertQueryData('getMyRecord', undefined, data));
      },
    }),
    uploadDocument: build.mutation<RecordDocumentView, DocumentUpload>({
      query: ({ type, file, replaces, onProgress }) => {
        const body = new FormData();
        body.append('type', type);
        if (replaces !== undefined) body.append('replaces', String(replaces));
        body.append('file', file, file.name);
        return { method: 'post', path: '/records/documents/upload', body, action: true, onUploadProgress: onProgress, timeout: UPLOAD_TIMEOUT_MS, minDuration: 0 };
      },
      transformResponse: ({ document }: { document: RecordDocumentView }) => document,
      // The new file shows at once, in place of the one it replaces; the reload brings the figures.
      async onQueryStarted({ replaces }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          myRecordApi.util.updateQueryData('getMyRecord', undefined, (record) => {
            record.documents = [...record.documents.filter((each) => each.id !== replaces && each.id !== data.id), data];
          }),
        );
      },
      invalidatesTags: (document) => (document ? ['MyRecord'] : []),
    }),
    deleteDocument: build.mutation<{ id: number }, { id: number }>({
      query: (body) => ({ method: 'post', path: '/records/documents/delete', body, action: true }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false)) {
          dispatch(myRecordApi.util.updateQueryData('getMyRecord', undefined, (record) => void (record.documents = record.documents.filter((each) => each.id !== id))));
        }
      },
      invalidatesTags: (answer) => (answer ? ['MyRecord'] : []),
    }),
    listUploadLinks: build.query<UploadLinkView[], void>({
      query: () => ({ method: 'post', path: '/records/upload-links/list', body: {}, minDuration: 0 }),
      transformResponse: ({ data }: { data: UploadLinkView[] }) => data,
      providesTags: ['UploadLinks'],
    }),
    createUploadLink: build.mutation<{ link: UploadLinkView; url: string }, { email?: string }>({
      query: (body) => ({ method: 'post', path: '/records/upload-links/create', body, action: true }),
      invalidatesTags: (answer) => (answer ? ['UploadLinks'] : []),
    }),
    withdrawUploadLink: build.mutation<{ link: UploadLinkView }, { id: number }>({
      query: (body) => ({ method: 'post', path: '/records/upload-links/withdraw', body, action: true }),
      invalidatesTags: (answer) => (answer ? ['UploadLinks'] : []),
    }),
    /** The published residences a household may choose, with the address of their page (for their goods). */
    listPublishedResidences: build.query<ResidenceSummary[], void>({
      query: () => ({ method: 'post', path: '/front/residences/list', body: {}, minDuration: 0 }),
      transformResponse: ({ data }: { data: ResidenceSummary[] }) => data,
    }),
    /** The goods on offer in these residences (by their page's address), in the order of the residences. */
    listGoodsOf: build.query<WishableGood[], string[]>({
      async queryFn(slugs, context, extraOptions) {
        const answers = await Promise.all(
          slugs.map((slug) => requestBaseQuery({ method: 'post', path: '/front/residences/details', body: { slug }, minDuration: 0 }, context, extraOptions)),
        );
        const failed = answers.find((answer) => answer.error !== undefined);
        if (failed?.error !== undefined) return { error: failed.error as ApiError };
        return {
          data: answers.flatMap((answer) => {
            const { residence } = answer.data as { residence: ResidenceDetails };
            return residence.goods.map((good) => ({ ...good, residence: { id: residence.id, name: residence.name } }));
          }),
        };
      },
    }),
  }),
});

export const {
  useGetMyRecordQuery,
  useUpdateMyRecordMutation,
  useUploadDocumentMutation,
  useDeleteDocumentMutation,
  useListUploadLinksQuery,
  useCreateUploadLinkMutation,
  useWithdrawUploadLinkMutation,
  useListPublishedResidencesQuery,
  useListGoodsOfQuery,
} = myRecordApi;

/** Where the owner opens one of their files: the API answers the file itself. */
export const documentFileUrl = (id: number) => `/api/records/documents/${id}/file`;
