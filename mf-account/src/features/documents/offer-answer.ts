/**
 * The rules of answering an offer, apart from its screen: the request each answer sends (checked by the API's own
 * schema before it goes), what a refusal of the API means for the form, and how long is left to answer.
 */
import { offerAnswerSchema, parisDay, plural, validate, type OfferAnswerRequest } from '@hsa-lli/common/domain';

export type OfferChoice = 'accept' | 'decline';

/** How an answer ended for the offers' section: recorded, or refused because the offer moved on (its form is then gone). */
export type AnswerOutcome = { answered: OfferChoice } | { stale: unknown };

/** The request of an answer, or the French message of each field to correct (the reason of a refusal). */
export function answerRequest(offerId: number, choice: OfferChoice, reason: string): { request: OfferAnswerRequest } | { fields: Record<string, string> } {
  const checked = validate(offerAnswerSchema, { offer_id: offerId, answer: choice, ...(choice === 'decline' ? { reason } : {}) });
  return checked.success ? { request: checked.data } : { fields: checked.fields };
}

/** A call the API refused because the offer moved on meanwhile: answered already, past its deadline (409), or gone (404). */
export function isStale(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return status === 409 || status === 404;
}

/**
 * Where a refused answer is told: beside the reason when the API names it, otherwise above the buttons (a 409's own
 * French words, or the catalogue's). A field the form does not show is told above the buttons too.
 */
export function answerFailure(error: unknown): { reason: string } | { message: unknown } {
  const fields = typeof error === 'object' && error !== null && 'fields' in error ? (error.fields as Record<string, string> | undefined) : undefined;
  if (fields?.reason) return { reason: fields.reason };
  const [other] = Object.values(fields ?? {});
  return { message: other ? { error: other } : error };
}

const DAY_MS = 86_400_000;

/** Calendar days in France from `now` to the deadline's day: 0 on its last day, negative once the day is gone. */
export function daysLeft(deadline: string, now: Date): number {
  return (Date.parse(parisDay(new Date(deadline))) - Date.parse(parisDay(now))) / DAY_MS;
}

/** « Il vous reste 6 jours pour répondre. », « C’est votre dernier jour pour répondre. », or that it is too late. */
export function countdownText(deadline: string, now: Date): string {
  if (Date.parse(deadline) <= now.getTime()) return 'Le délai de réponse est dépassé.';
  const days = daysLeft(deadline, now);
  return days === 0 ? 'C’est votre dernier jour pour répondre.' : `Il vous reste ${plural(days, 'jour', 'jours')} pour répondre.`;
}
