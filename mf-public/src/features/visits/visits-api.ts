import type { VisitBookingView } from '@hsa-lli/common/domain';
import { http, RequestError, type RequestOptions } from '@hsa-lli/common/http';

/** What a call on a booking's link answers when the link is unknown, cut short or its slot withdrawn (404, or 400 for a token too long to be one). */
export const UNUSABLE = 'unusable';

type Booking = { booking: VisitBookingView };

/** The calls of a booking's e-mailed link, which names it by its token instead of a session. */
async function byLink<T>(path: string, body: { token: string; slot_id?: number }, options: RequestOptions): Promise<T | typeof UNUSABLE> {
  try {
    return await http.post<T>(path, body, options);
  } catch (error) {
    if (error instanceof RequestError && (error.status === 404 || error.status === 400)) return UNUSABLE;
    throw error;
  }
}

/** The booking a link names, for its page. */
export const bookingByLink = (token: string, request?: Request) =>
  byLink<Booking>('/front/visits/details', { token }, request ? { controller: request, minDuration: 0 } : { minDuration: 0 });
export const cancelBooking = (token: string) => byLink<Booking>('/front/visits/cancel', { token }, { action: true });
/** Moves the booking; 404 (the link, or a slot gone meanwhile) and 409 (full) are the caller's to tell apart. */
export const moveBooking = (token: string, slotId: number) => http.post<Booking>('/front/visits/move', { token, slot_id: slotId }, { action: true });
