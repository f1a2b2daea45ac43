/**
 * When a good can be let, as visitors and staff read it: staff's date (`available_from`, null for now), unless the
 * follow-up of the files naming the good says a household lives in it (`occupied`). The facts come from the follow-up
 * events naming the good (docs/follow-up.md, « A good's availability »).
 */
import type { EventType } from './follow-up.js';
import type { Outcome } from './reference.js';
import { parisDay } from './format.js';

/** The events that say a household takes a good (a lease signed, a move-in) or leaves it. */
export const OCCUPYING_EVENTS: readonly EventType[] = ['lease_signed', 'move_in'];
export const FREEING_EVENTS: readonly EventType[] = ['leaving'];
/**
 * An offer the household accepted (the « offer » event's outcome « Intéressé(e) », which the committee's offers set at
 * acceptance) holds the good as a lease does, until that household refuses it (a « refusal_by_applicant » naming it).
 */
export const HOLDING_OUTCOME: Outcome = 'interested';
export const OCCUPANCY_EVENTS: readonly EventType[] = [...OCCUPYING_EVENTS, ...FREEING_EVENTS, 'offer', 'refusal_by_applicant'];

/** What the follow-up says of a good: let, or free again from a day (France's calendar day of the leaving). */
export type GoodOccupancy = { occupied: true } | { occupied: false; availableFrom: string };

/** An event naming the good, of the file `record`. */
export interface OccupancyEvent {
  type: EventType;
  at: Date;
  outcome: Outcome | null;
  record: number;
}

/**
 * A good's occupancy from the events naming it: the latest of its leases, move-ins, leavings and accepted offers decides
 * (a lease, a move-in or an accepted offer lets it; a leaving frees it from its day); an accepted offer that its
 * household refused afterwards no longer counts. Null when nothing decides, and staff's date stands.
 */
export function goodOccupancy(events: readonly OccupancyEvent[]): GoodOccupancy | null {
  const refusedLater = (hold: OccupancyEvent) =>
    events.some((event) => event.type === 'refusal_by_applicant' && event.record === hold.record && event.at.getTime() >= hold.at.getTime());
  const holds = (event: OccupancyEvent) => event.type === 'offer' && event.outcome === HOLDING_OUTCOME && !refusedLater(event);
  const latest = events
    .filter((event) => OCCUPYING_EVENTS.includes(event.type) || FREEING_EVENTS.includes(event.type) || holds(event))
    .reduce<OccupancyEvent | null>((last, event) => (last === null || event.at.getTime() >= last.at.getTime() ? event : last), null);
  if (latest === null) return null;
  return FREEING_EVENTS.includes(latest.type) ? { occupied: false, availableFrom: parisDay(latest.at) } : { occupied: true };
}

export type Availability = { kind: 'let' } | { kind: 'now' } | { kind: 'from'; day: string };

/** Whether a good can be let now, from a later day, or not at all (a household lives in it). `today`: 'YYYY-MM-DD' in France. */
export function availabilityOf(good: { available_from: string | null; occupied: boolean }, today: string = parisDay(new Date())): Availability {
  if (good.occupied) return { kind: 'let' };
  return good.available_from !== null && good.available_from > today ? { kind: 'from', day: good.available_from } : { kind: 'now' };
}
