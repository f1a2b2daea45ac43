import type { GoodRow, ListAnswer, ListRequest, RecordExportRequest, RecordRow, ResidenceOption } from '@hsa-lli/common/back-office';
import { api } from '@hsa-lli/common/store';

/** The application files' list, and what its filters choose from. */
export const recordsApi = api.enhanceEndpoints({ addTagTypes: ['Records'] }).injectEndpoints({
  endpoints: (build) => ({
    listRecords: build.query<ListAnswer<RecordRow>, ListRequest>({
      query: (body) => ({ method: 'post', path: '/records/list', body, minDuration: 0 }),
      providesTags: ['Records'],
    }),
    recordResidenceOptions: build.query<ResidenceOption[], void>({
      query: () => ({ method: 'post', path: '/residences/get-options', body: {}, minDuration: 0 }),
      transformResponse: ({ residences_options }: { residences_options: ResidenceOption[] }) => residences_options,
    }),
    /** The goods of one residence, for the « Bien » filter once a residence is chosen (a residence holds a few dozen at most). */
    recordGoodOptions: build.query<GoodRow[], number>({
      query: (residence) => ({
        method: 'post',
        path: '/goods/list',
        body: { filters: { residence }, sort: { column: 'reference', direction: 'asc' }, per_page: 100 },
        minDuration: 0,
      }),
      transformResponse: ({ data }: ListAnswer<GoodRow>) => data,
    }),
    /** Queues the export of the whole filtered list; its file is then read from `exportFileUrl`. */
    startRecordsExport: build.mutation<{ job: { id: string } }, RecordExportRequest>({
      query: (body) => ({ method: 'post', path: '/records/export', body, minDuration: 0 }),
    }),
  }),
});

export const { useListRecordsQuery, useRecordResidenceOptionsQuery, useRecordGoodOptionsQuery, useStartRecordsExportMutation } = recordsApi;

/** 202 while the export is written, then its file. */
export const exportFileUrl = (job: string) => `/api/records/export/${encodeURIComponent(job)}`;
