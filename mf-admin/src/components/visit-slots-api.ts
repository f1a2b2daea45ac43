import type { VisitSlotRequest, VisitSlotStaffView } from '@hsa-lli/common/back-office';
import { api } from '@hsa-lli/common/store';

/**
 * The visit slots' calls (docs/visits.md): a good's slots with their bookings, published and withdrawn from the good's
 * page, and every good's slots of a day for the visits' page. A change reloads both.
 */
export const visitSlotsApi = api.enhanceEndpoints({ addTagTypes: ['VisitSlots'] }).injectEndpoints({
  endpoints: (build) => ({
    /** A good's slots from today on, with who booked. */
    goodVisitSlots: build.query<VisitSlotStaffView[], number>({
      query: (goodId) => ({ method: 'post', path: '/visits/slots/list', body: { good_id: goodId }, minDuration: 0 }),
      transformResponse: ({ data }: { data: VisitSlotStaffView[] }) => data,
      providesTags: ['VisitSlots'],
    }),
    /** Every good's slots of a day ('YYYY-MM-DD', France's), with who booked. */
    dayVisitSlots: build.query<VisitSlotStaffView[], string>({
      query: (day) => ({ method: 'post', path: '/visits/day', body: { day }, minDuration: 0 }),
      transformResponse: ({ data }: { data: VisitSlotStaffView[] }) => data,
      providesTags: ['VisitSlots'],
    }),
    createVisitSlot: build.mutation<{ slot: VisitSlotStaffView }, VisitSlotRequest>({
      query: (body) => ({ method: 'post', path: '/visits/slots/create', body, action: true }),
      invalidatesTags: ['VisitSlots'],
    }),
    /** Its bookings are cancelled, and their makers told by e-mail. */
    removeVisitSlot: build.mutation<Record<string, never>, { id: number }>({
      query: (body) => ({ method: 'post', path: '/visits/slots/remove', body, action: true }),
      invalidatesTags: ['VisitSlots'],
    }),
  }),
});

export const { useGoodVisitSlotsQuery, useDayVisitSlotsQuery, useCreateVisitSlotMutation, useRemoveVisitSlotMutation } = visitSlotsApi;
