import type { RecordDocumentView, UploadLinkView } from '@hsa-lli/common/domain';
import { api } from '@hsa-lli/common/store';

/** One decision of staff's review: a file validated, or refused with the reason its owner reads. */
export interface DocumentReview {
  id: number;
  status: 'validated' | 'declined';
  reason?: string;
}

/**
 * Staff's calls on a file's documents and its shared upload links. A review changes the file's completeness, which
 * the files' list shows: it reloads it.
 */
export const recordDocumentsApi = api.enhanceEndpoints({ addTagTypes: ['Records', 'RecordUploadLinks'] }).injectEndpoints({
  endpoints: (build) => ({
    reviewDocuments: build.mutation<{ documents: RecordDocumentView[] }, { record_id: number; reviews: DocumentReview[] }>({
      query: (body) => ({ method: 'post', path: '/records/documents/review', body, action: true }),
      invalidatesTags: (answer) => (answer ? ['Records'] : []),
    }),
    recordUploadLinks: build.query<UploadLinkView[], number>({
      query: (record_id) => ({ method: 'post', path: '/records/upload-links/list-for-record', body: { record_id }, minDuration: 0 }),
      transformResponse: ({ data }: { data: UploadLinkView[] }) => data,
      providesTags: (_links, _error, record_id) => [{ type: 'RecordUploadLinks', id: record_id }],
    }),
    createRecordUploadLink: build.mutation<{ link: UploadLinkView; url: string }, { record_id: number; email?: string }>({
      query: (body) => ({ method: 'post', path: '/records/upload-links/create-for-record', body, action: true }),
      invalidatesTags: (answer, _error, { record_id }) => (answer ? [{ type: 'RecordUploadLinks', id: record_id }] : []),
    }),
    withdrawRecordUploadLink: build.mutation<{ link: UploadLinkView }, { record_id: number; id: number }>({
      query: (body) => ({ method: 'post', path: '/records/upload-links/withdraw-for-record', body, action: true }),
      invalidatesTags: (answer, _error, { record_id }) => (answer ? [{ type: 'RecordUploadLinks', id: record_id }] : []),
    }),
  }),
});

export const { useReviewDocumentsMutation, useRecordUploadLinksQuery, useCreateRecordUploadLinkMutation, useWithdrawRecordUploadLinkMutation } = recordDocumentsApi;

/** Staff's watermarked copy of a document: the API answers the file itself, and writes the read in the audit trail. */
export const documentCopyUrl = (id: number) => `/api/records/documents/${id}/file`;
