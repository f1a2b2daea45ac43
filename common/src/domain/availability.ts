/**
 * When a good can be let, as visitors and staff read it: staff's date (`available_from`, null for now), unless the
 * follow-up of the files naming the good says a household lives in it (`occupied`). The facts come from the follow-up
 * events naming the good (docs/follow-up.md, « A good's availability »).
 */
import type { EventType } from './follow-up.js';
import { parisDay } from './format.js';

/** The events that say a household takes a good (a lease signed, a move-in) or leaves it. */
export const OCCUPYING_EVENTS: readonly EventType[] = ['lease_signed', 'move_in'];
export const FREEING_EVENTS: readonly EventType[] = ['leaving'];
export const OCCUPANCY_EVENTS: readonly EventType[] = [...OCCUPYING_EVENTS, ...FREEING_EVENTS];

/** What the follow-up says of a good: let, or free again from a day (France's calendar day of the leaving). */
export type GoodOccupancy = { occupied: true } | { occupied: false; availableFrom: string };

/**
 * A good's occupancy from the events naming it: the latest of its occupancy events decides (a lease signed or a
 * move-in lets it; a leaving frees it from its day); null when none names it, and staff's date stands.
 */
export function goodOccupancy(events: readonly { type: EventType; at: Date }[]): GoodOccupancy | null {
  const latest = events.filter((event) => OCCUPANCY_EVENTS.includes(event.type)).reduce<{ type: EventType; at: Date } | null>(
    (last, event) => (last === null || event.at.getTime() >= last.at.getTime() ? event : last),
    null,
  );
  if (latest === null) return null;
  return OCCUPYING_EVENTS.includes(latest.type) ? { occupied: true } : { occupied: false, availableFrom: parisDay(latest.at) };
}

export type Availability = { kind: 'let' } | { kind: 'now' } | { kind: 'from'; day: string };

/** Whether a good can be let now, from a later day, or not at all (a household lives in it). `today`: 'YYYY-MM-DD' in France. */
export function availabilityOf(good: { available_from: string | null; occupied: boolean }, today: string = parisDay(new Date())): Availability {
  if (good.occupied) return { kind: 'let' };
  return good.available_from !== null && good.available_from > today ? { kind: 'from', day: good.available_from } : { kind: 'now' };
}
