import type { ContactFormAnswer, ContactFormRow, ContactReplyRequest, IdRequest, ListAnswer, ListRequest, RgpdEraseRequest } from '@hsa-lli/common/back-office';
import type { EraseMeAnswer, RgpdSubjectAnswer } from '@hsa-lli/common/domain';
import { api } from '@hsa-lli/common/store';

/** The contact requests' calls; an action reloads the lists shown (a request read or done changes its row). */
export const contactRequestsApi = api.enhanceEndpoints({ addTagTypes: ['ContactRequests', 'RgpdSubject'] }).injectEndpoints({
  endpoints: (build) => ({
    listContactRequests: build.query<ListAnswer<ContactFormRow>, ListRequest>({
      query: (body) => ({ method: 'post', path: '/contact-forms/list', body, minDuration: 0 }),
      providesTags: ['ContactRequests'],
    }),
    replyToContactRequest: build.mutation<ContactFormAnswer, ContactReplyRequest>({
      query: (body) => ({ method: 'post', path: '/contact-forms/reply', body, action: true }),
      invalidatesTags: ['ContactRequests'],
    }),
    /** Marks done, reopens, or turns into a file: `contact-forms/<action>` with the request's id. */
    changeContactRequest: build.mutation<ContactFormAnswer, IdRequest & { action: 'complete' | 'reopen' | 'convert' }>({
      query: ({ action, id }) => ({ method: 'post', path: `/contact-forms/${action}`, body: { id }, action: true }),
      invalidatesTags: ['ContactRequests'],
    }),
    /** Whose data an rgpd request is about: the customer account with its address, or the file it became. */
    rgpdSubject: build.query<RgpdSubjectAnswer, IdRequest>({
      query: (body) => ({ method: 'post', path: '/contact-forms/rgpd/subject', body, minDuration: 0 }),
      providesTags: ['RgpdSubject'],
    }),
    startRgpdExport: build.mutation<{ job: { id: string } }, IdRequest>({
      query: (body) => ({ method: 'post', path: '/contact-forms/rgpd/export', body, minDuration: 0, action: true }),
    }),
    eraseRgpdSubject: build.mutation<EraseMeAnswer, RgpdEraseRequest>({
      query: (body) => ({ method: 'post', path: '/contact-forms/rgpd/erase', body, action: true }),
      invalidatesTags: ['RgpdSubject'],
    }),
  }),
});

/** Where the ZIP of a person's data, made for the staff member answering their request, is followed and downloaded. */
export const rgpdExportUrl = (job: string) => `/api/contact-forms/rgpd/export/${encodeURIComponent(job)}`;

export const {
  useListContactRequestsQuery,
  useReplyToContactRequestMutation,
  useChangeContactRequestMutation,
  useRgpdSubjectQuery,
  useStartRgpdExportMutation,
  useEraseRgpdSubjectMutation,
} = contactRequestsApi;
