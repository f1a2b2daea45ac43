import { describe, expect, it } from 'vitest';
import { availabilityOf, goodOccupancy, type OccupancyEvent } from './availability.js';
import { rentCeilingProblem } from './back-office/goods.js';
import { formatCents, formatSurface } from './format.js';
import type { EventType } from './follow-up.js';

/** An event of the file `record` (1 unless told), naming the good. */
const event = (type: EventType, iso: string, more: Partial<OccupancyEvent> = {}): OccupancyEvent => ({ type, at: new Date(iso), outcome: null, record: 1, ...more });

describe('a good’s occupancy, from the follow-up events naming it', () => {
  it('is nothing without a lease, a move-in, a leaving or an accepted offer: staff’s date stands', () => {
    expect(goodOccupancy([])).toBeNull();
    expect(goodOccupancy([event('visit', '2026-03-01T10:00:00Z'), event('offer', '2026-03-02T10:00:00Z')])).toBeNull();
    expect(goodOccupancy([event('offer', '2026-03-02T10:00:00Z', { outcome: 'no_interest' })])).toBeNull();
  });

  it('is let from a lease signed or a move-in, whatever came before', () => {
    expect(goodOccupancy([event('lease_signed', '2026-03-02T10:00:00Z')])).toEqual({ occupied: true });
    expect(goodOccupancy([event('leaving', '2025-12-31T10:00:00Z'), event('move_in', '2026-03-20T10:00:00Z')])).toEqual({ occupied: true });
  });

  it('is free from the day of the latest leaving, on France’s calendar, whatever order the events come in', () => {
    const events = [event('leaving', '2027-01-14T23:30:00Z'), event('lease_signed', '2026-03-02T10:00:00Z'), event('move_in', '2026-03-20T10:00:00Z')];
    // 00:30 on 15 January in France.
    expect(goodOccupancy(events)).toEqual({ occupied: false, availableFrom: '2027-01-15' });
    expect(goodOccupancy([...events, event('lease_signed', '2027-02-01T10:00:00Z')])).toEqual({ occupied: true });
  });

  it('is held by an accepted offer until its household refuses it; another household’s refusal changes nothing', () => {
    const accepted = event('offer', '2026-12-01T10:00:00Z', { outcome: 'interested', record: 7 });
    expect(goodOccupancy([accepted])).toEqual({ occupied: true });
    expect(goodOccupancy([accepted, event('refusal_by_applicant', '2026-12-02T10:00:00Z', { record: 8 })])).toEqual({ occupied: true });
    expect(goodOccupancy([accepted, event('refusal_by_applicant', '2026-12-02T10:00:00Z', { record: 7 })])).toBeNull();
    // Its former household's leaving stands again once the offer is refused.
    const left = event('leaving', '2026-11-02T10:00:00Z', { record: 3 });
    expect(goodOccupancy([left, accepted, event('refusal_by_applicant', '2026-12-02T10:00:00Z', { record: 7 })])).toEqual({ occupied: false, availableFrom: '2026-11-02' });
    // A refusal before the acceptance (an earlier offer declined) does not undo it.
    expect(goodOccupancy([event('refusal_by_applicant', '2026-06-02T10:00:00Z', { record: 7 }), accepted])).toEqual({ occupied: true });
  });
});

describe('what a visitor reads of a good’s availability', () => {
  it('let, from a later day, or now', () => {
    expect(availabilityOf({ available_from: null, occupied: true }, '2026-11-27')).toEqual({ kind: 'let' });
    expect(availabilityOf({ available_from: '2027-01-15', occupied: true }, '2026-11-27')).toEqual({ kind: 'let' });
    expect(availabilityOf({ available_from: '2027-01-15', occupied: false }, '2026-11-27')).toEqual({ kind: 'from', day: '2027-01-15' });
    expect(availabilityOf({ available_from: '2026-11-27', occupied: false }, '2026-11-27')).toEqual({ kind: 'now' });
    expect(availabilityOf({ available_from: null, occupied: false }, '2026-11-27')).toEqual({ kind: 'now' });
  });
});

describe('a good offered on the site within the LLI rent ceiling', () => {
  // Zone A, 64,5 m²: 934,83 € a month without charges in 2026.
  const good = { enabled: true, flat_size: 'T3' as const, surface: 64.5, rent_price: 1024.83, monthly_costs: 90 };

  it('may be offered at the ceiling, not a cent above', () => {
    expect(rentCeilingProblem(good, 'A', 2026)).toBeNull();
    expect(rentCeilingProblem({ ...good, rent_price: 1024.84 }, 'A', 2026)).toBe(
      `Le loyer hors charges (${formatCents(93_484)}) dépasse le plafond LLI 2026 de la zone A pour ${formatSurface(64.5)} (${formatCents(93_483)}) : baissez le loyer, ou décochez « Proposer ce bien sur le site ».`,
    );
  });

  it('may be kept off the site at any rent, and a garage has no ceiling', () => {
    expect(rentCeilingProblem({ ...good, enabled: false, rent_price: 5000 }, 'A', 2026)).toBeNull();
    expect(rentCeilingProblem({ ...good, flat_size: 'garage', rent_price: 5000 }, 'A', 2026)).toBeNull();
  });
});
