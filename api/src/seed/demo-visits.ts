import { parisDay, parisInstant } from '@hsa-lli/common/domain';
import type { EntityManager } from 'typeorm';
import type { Good } from '../goods/entities/good.entity.js';
import { VisitSlot } from '../visits/entities/visit-slot.entity.js';

const DAY_MS = 86_400_000;
/** Wednesdays at 17:30 and Saturdays at 10:00, on France's clocks. */
const TIMES: Partial<Record<number, string>> = { 3: '17:30', 6: '10:00' };

/**
 * Visit slots in the three coming weeks on three homes on offer (docs/visits.md), one of them a virtual visit, so that
 * `npm start` shows « Réserver une visite » at work. Nobody has booked yet.
 */
export async function seedDemoVisits(manager: EntityManager, { now, goods }: { now: Date; goods: Good[] }): Promise<void> {
  const homes = goods.filter((good) => good.enabled && !good.occupied && good.flatSize !== 'garage' && good.residence.status === 'published').slice(0, 3);
  const slots: Partial<VisitSlot>[] = [];
  for (let offset = 1; offset <= 21; offset += 1) {
    const day = parisDay(new Date(now.getTime() + offset * DAY_MS));
    const time = TIMES[new Date(`${day}T12:00:00Z`).getUTCDay()];
    if (!time) continue;
    for (const [index, good] of homes.entries()) {
      const virtual = index === 2 && time === '17:30';
      slots.push({
        good,
        startsAt: parisInstant(`${day}T${time}`),
        durationMinutes: 30,
        kind: virtual ? 'virtual' : 'on_site',
        place: virtual ? null : `${good.residence.addressLine1}, ${good.residence.city.name} — devant l’entrée de la résidence`,
        url: virtual ? 'https://visite.hsa-lli.fr/demo' : null,
        capacity: virtual ? 10 : 4,
      });
    }
  }
  await manager.save(VisitSlot, slots.map((slot) => manager.create(VisitSlot, slot)));
}
