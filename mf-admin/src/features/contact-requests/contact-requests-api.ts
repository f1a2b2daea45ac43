import type { ContactFormAnswer, ContactFormRow, ContactReplyRequest, IdRequest, ListAnswer, ListRequest } from '@hsa-lli/common/back-office';
import { api } from '@hsa-lli/common/store';

/** The contact requests' calls; an action reloads the lists shown (a request read or done changes its row). */
export const contactRequestsApi = api.enhanceEndpoints({ addTagTypes: ['ContactRequests'] }).injectEndpoints({
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
  }),
});

export const { useListContactRequestsQuery, useReplyToContactRequestMutation, useChangeContactRequestMutation } = contactRequestsApi;
