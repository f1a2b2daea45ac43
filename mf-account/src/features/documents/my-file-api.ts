import type { MyOffersAnswer, MyTimelineAnswer, OfferAnswerRequest, OfferView, TimelineEntry } from '@hsa-lli/common/domain';
import { api } from '@hsa-lli/common/store';
import { isStale } from './offer-answer.js';

/**
 * What the committee's work means for the owner of a file: the offers of a good made to them, and the file's timeline
 * (« Où en est mon dossier »). An answer brings back every offer, which replaces the list in place; the timeline, which
 * the answer adds to, is read again.
 */
export const myFileApi = api.enhanceEndpoints({ addTagTypes: ['MyOffers', 'MyTimeline'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyOffers: build.query<OfferView[], void>({
      query: () => ({ method: 'post', path: '/records/offers/mine', body: {}, minDuration: 0 }),
      transformResponse: ({ data }: MyOffersAnswer) => data,
      providesTags: ['MyOffers'],
    }),
    answerOffer: build.mutation<OfferView[], OfferAnswerRequest>({
      query: (body) => ({ method: 'post', path: '/records/offers/answer', body, action: true }),
      transformResponse: ({ data }: MyOffersAnswer) => data,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(myFileApi.util.upsertQueryData('getMyOffers', undefined, data));
      },
      // Refused because the offer moved on (answered meanwhile, too late, gone), both are read again to show where it stands.
      invalidatesTags: (answer, error) => (answer ? ['MyTimeline'] : isStale(error) ? ['MyOffers', 'MyTimeline'] : []),
    }),
    getMyTimeline: build.query<TimelineEntry[], void>({
      query: () => ({ method: 'post', path: '/records/timeline-mine', body: {}, minDuration: 0 }),
      transformResponse: ({ data }: MyTimelineAnswer) => data,
      providesTags: ['MyTimeline'],
    }),
  }),
});

export const { useGetMyOffersQuery, useAnswerOfferMutation, useGetMyTimelineQuery } = myFileApi;
