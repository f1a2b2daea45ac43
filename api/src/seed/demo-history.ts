import { currentLliYear, goodOccupancy, incomeCeiling, OCCUPANCY_EVENTS, type DiscoverySource, type EventType, type FlatSize, type Outcome, type ProSituation, type RecordStage } from '@hsa-lli/common/domain';
import { In, type EntityManager } from 'typeorm';
import { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
import { occupancyEvent } from '../follow-up/good-occupancy.service.js';
import { Good } from '../goods/entities/good.entity.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { RecordPerson } from '../records/entities/record-person.entity.js';
import { RecordStageChange } from '../follow-up/entities/record-stage-change.entity.js';
import { Record } from '../records/entities/record.entity.js';
import { Residence } from '../residences/entities/residence.entity.js';
import type { User } from '../users/entities/user.entity.js';
import { generator } from './seeded-random.js';

/**
 * A year of follow-up for the demo: files opened over the last twelve months, most from a contact request, each on its
 * way from first call to lease and entry (or to a refusal, or given up), with the interviews, visits, offers and stage
 * moves staff would have recorded; a few households have since left. It gives `npm start`'s dashboard, files list and
 * files' pages a believable activity. Dates run back from `now`; a seeded generator makes the same history for the
 * same day. The catalogue is dated too: the residences on the site opened two years ago, but the latest one.
 */

/** How many files are opened in a month, at least (up to two more). */
const FILES_A_MONTH = 3;
/** Contact requests that are not about a new file, in a month, at least (up to two more). */
const OTHER_CONTACTS_A_MONTH = 2;
const MONTHS = 12;
/** The homes a household fits in, by its number of occupants, one to four and more. */
const SIZES_BY_OCCUPANTS: readonly (readonly string[])[] = [['studio', 'T1', 'T2'], ['T2', 'T3'], ['T3', 'T4'], ['T4', 'T5']];
const DAY_MS = 86_400_000;

const FIRST_NAMES = ['Maite', 'Iker', 'Ane', 'Xabi', 'Elena', 'Mathieu', 'Camille', 'Laure', 'Nicolas', 'Sandrine', 'Guillaume', 'Oihana', 'Beñat', 'Julie', 'Antoine', 'Marion', 'Kévin', 'Léa', 'Hugo', 'Amets'];
const LAST_NAMES = ['Etchegaray', 'Duhalde', 'Lasserre', 'Darmendrail', 'Iribarne', 'Labat', 'Castaings', 'Dufourcq', 'Hiriart', 'Ospital', 'Sorhaindo', 'Lartigue', 'Dupouy', 'Harriet', 'Elissalde', 'Garat', 'Lacoste', 'Poueyto'];
const EMPLOYERS = ['Centre hospitalier de la Côte basque', 'Mairie de Bayonne', 'Dassault Aviation', 'Lycée Cassin', 'Leclerc Tarnos', 'Cabinet Arostéguy'];
const SITUATIONS: ProSituation[] = ['cdi', 'cdi', 'cdi', 'cdd', 'independant', 'retraite', 'ctt'];
const SOURCES: DiscoverySource[] = ['search_engine', 'word_of_mouth', 'employer', 'listing_site', 'site_sign', 'social_network', 'town_hall'];
const NEW_FILE_MESSAGES = [
  'Bonjour, je cherche un logement à loyer intermédiaire près de mon travail. Comment déposer un dossier ?',
  'Nous sommes un couple avec un enfant et souhaiterions candidater pour un T3. Quelles pièces fournir ?',
  'Je souhaiterais candidater pour l’un de vos appartements, pouvez-vous me recontacter ?',
  'Bonjour, mon employeur m’a parlé de vos résidences. Je voudrais ouvrir un dossier.',
];
const OTHER_CONTACTS = [
  { subject: 'infos', message: 'Les charges comprennent-elles le chauffage ?' },
  { subject: 'infos', message: 'Y a-t-il des places de stationnement avec les logements ?' },
  { subject: 'record_follow_up', message: 'Où en est mon dossier ? Je n’ai pas eu de nouvelles depuis ma visite.' },
  { subject: 'infos', message: 'Les animaux de compagnie sont-ils acceptés dans la résidence ?' },
] as const;

/** One thing that happens to a file, some days after the one before: a stage move, an event, or both. */
interface Step {
  days: [number, number];
  stage?: RecordStage;
  event?: { type: EventType; reason?: string; good?: boolean; outcome?: Outcome };
}

type Random = ReturnType<typeof generator>;

/** The way of a file, from its opening; it stops where today is, so that recent files are still on their way. */
function wayOf(random: Random): Step[] {
  const start: Step[] = [
    { days: [1, 5], event: { type: 'call', reason: 'outgoing', outcome: random.chance(0.2) ? 'no_answer' : 'interested' } },
    { days: [3, 10], event: { type: 'interview', reason: random.pick(['office', 'phone', 'video']), outcome: 'done' } },
    { days: [5, 15], stage: 'complete' },
    { days: [2, 7], stage: 'under_review' },
  ];
  const visit: Step[] = random.chance(0.15)
    ? [
        { days: [3, 10], event: { type: 'visit', reason: 'on_site', good: true, outcome: 'not_done' } },
        { days: [4, 10], event: { type: 'visit', reason: 'on_site', good: true, outcome: 'done' } },
      ]
    : [{ days: [3, 12], event: { type: 'visit', reason: random.pick(['on_site', 'on_site', 'virtual', 'open_day']), good: true, outcome: 'done' } }];
  const draw = random.int(1, 100);
  if (draw <= 15) {
    return [...start, ...visit, { days: [2, 10], event: { type: 'refusal_by_applicant', reason: random.pick(['rent', 'location', 'flat_size', 'delay', 'other_housing']), good: true } }, { days: [0, 3], stage: 'abandoned' }];
  }
  if (draw <= 25) {
    return [...start, { days: [5, 15], event: { type: 'refusal_by_provider', reason: random.pick(['incomes_above_ceiling', 'effort_rate', 'incomplete_file']) } }, { days: [0, 2], stage: 'refused' }];
  }
  if (draw <= 32) {
    return [...start.slice(0, 1), { days: [10, 30], event: { type: 'message', reason: 'email', outcome: 'no_answer' } }, { days: [20, 40], stage: 'abandoned' }];
  }
  const leaving: Step[] = random.chance(0.4) ? [{ days: [20, 90], event: { type: 'leaving', reason: random.pick(['notice_by_tenant', 'transfer']), good: true } }] : [];
  const committee: Step[] = [...start, ...visit, { days: [5, 15], stage: 'committee' }];
  if (draw <= 40) {
    return [...committee, { days: [0, 2], event: { type: 'refusal_by_provider', reason: random.pick(['effort_rate', 'flat_size', 'other']), good: true } }, { days: [0, 1], stage: 'refused' }];
  }
  const offered: Step[] = [...committee, { days: [7, 21], stage: 'allocated', event: { type: 'offer', good: true, outcome: 'interested' } }];
  if (draw <= 50) {
    return [...offered, { days: [2, 10], event: { type: 'refusal_by_applicant', reason: random.pick(['delay', 'other_housing', 'rent']), good: true } }, { days: [0, 2], stage: 'abandoned' }];
  }
  return [
    ...offered,
    { days: [7, 20], stage: 'lease_signed', event: { type: 'lease_signed', good: true } },
    { days: [10, 30], stage: 'moved_in', event: { type: 'move_in', good: true } },
    ...leaving,
  ];
}

/** When the household holds its home: from the offer until it turns the home down or leaves it, or for good. */
function holdOf(timed: readonly { step: Step; at: Date }[]): { start: number; end: number } | null {
  const offer = timed.findIndex(({ step }) => step.stage === 'allocated');
  if (offer < 0) return null;
  const release = timed.slice(offer).find(({ step }) => step.event?.type === 'refusal_by_applicant' || step.event?.type === 'leaving');
  return { start: timed[offer]!.at.getTime(), end: release?.at.getTime() ?? Number.POSITIVE_INFINITY };
}

const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export async function seedDemoHistory(manager: EntityManager, { now, goods, staff }: { now: Date; goods: Good[]; staff: User[] }): Promise<void> {
  const random = generator(Number(now.toISOString().slice(0, 10).replaceAll('-', '')));
  const homes = goods.filter((good) => good.enabled && good.flatSize !== 'garage' && good.residence.status === 'published');
  const latestResidence = homes.at(-1)!.residence;

  // The catalogue on the site for two years, but its latest residence, five months old.
  const published = [...new Map(homes.map((good) => [good.residence.id, good.residence])).values()];
  const latestOpening = new Date(now.getTime() - 150 * DAY_MS);
  for (const residence of published) {
    const since = residence.id === latestResidence.id ? latestOpening : new Date(now.getTime() - 730 * DAY_MS);
    await manager.update(Residence, { id: residence.id }, { createdAt: since });
    await manager.update(Good, { residence: { id: residence.id } }, { createdAt: since });
  }

  /** The times each home was held, by its id: [from, until) in milliseconds. */
  const held = new Map<number, [number, number][]>();
  for (let monthsAgo = MONTHS - 1; monthsAgo >= 0; monthsAgo -= 1) {
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1);
    const monthEnd = Math.min(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo + 1, 1), now.getTime());
    // A working hour of a day of the month, never later than an hour ago.
    const dayIn = () =>
      new Date(Math.min(monthStart + random.int(0, Math.max(0, Math.floor((monthEnd - monthStart) / DAY_MS) - 1)) * DAY_MS + random.int(8, 17) * 3_600_000, now.getTime() - 3_600_000));

    for (let count = OTHER_CONTACTS_A_MONTH + random.int(0, 2); count > 0; count -= 1) {
      const [first, last] = [random.pick(FIRST_NAMES), random.pick(LAST_NAMES)];
      const { subject, message } = random.pick(OTHER_CONTACTS);
      const createdAt = dayIn();
      await manager.save(
        manager.create(ContactForm, {
          subject,
          name: `${first} ${last}`,
          email: `${plain(first)}.${plain(last)}@example.org`,
          phone: null,
          message,
          consent: true,
          eligibility: null,
          createdAt,
          ...(monthsAgo > 0 ? { status: 'completed' as const, readAt: createdAt, completedAt: createdAt } : {}),
        }),
      );
    }

    // Files in the order they were opened, so that their references follow the calendar.
    const openings = Array.from({ length: FILES_A_MONTH + random.int(0, 2) }, dayIn).sort((a, b) => a.getTime() - b.getTime());
    for (const [count, opening] of openings.entries()) {
      const couple = random.chance(0.45);
      const last = random.pick(LAST_NAMES);
      const first = random.pick(FIRST_NAMES);
      const names = couple ? [first, random.pick(FIRST_NAMES.filter((name) => name !== first))] : [first];
      const dependants = couple ? random.int(0, 2) : random.int(0, 1);
      // A home the size of the household, and the incomes that pay for it: about a quarter of them goes on the rent
      // (but for a file the provider turns down for its effort rate).
      const occupants = names.length + dependants;
      // Only homes of residences open by then.
      const open = homes.filter((home) => home.residence.id !== latestResidence.id || opening >= latestOpening);
      const fitting = open.filter((home) => SIZES_BY_OCCUPANTS[Math.min(occupants, 4) - 1]!.some((size) => home.flatSize.startsWith(size)));
      const way = wayOf(random);
      // When each step happens: those that would come after today have not happened yet.
      let timed: { step: Step; at: Date }[] = [];
      let when = opening;
      for (const step of way) {
        when = new Date(when.getTime() + random.int(...step.days) * DAY_MS + random.int(0, 3) * 3_600_000);
        if (when > now) break;
        timed.push({ step, at: when });
      }
      // A home is held by one household at a time: from its offer until the household turns it down or leaves.
      let hold = holdOf(timed);
      const free = (home: Good) => hold === null || (held.get(home.id) ?? []).every(([start, end]) => end <= hold!.start || start >= hold!.end);
      const candidates = (fitting.length > 0 ? fitting : open).filter(free);
      if (candidates.length === 0) {
        // Nothing of its size free: the household still waits for a home, its file at the committee's stage.
        timed = timed.slice(0, timed.findIndex(({ step }) => step.stage === 'allocated'));
        hold = null;
      }
      const good = random.pick(candidates.length > 0 ? candidates : fitting.length > 0 ? fitting : open);
      if (hold) held.set(good.id, [...(held.get(good.id) ?? []), [hold.start, hold.end]]);
      const refusedFor = (reason: string) => way.some((step) => step.event?.reason === reason);
      const yearlyRent = (good.rentPriceCents / 100) * 12;
      // Within the LLI ceiling of the household's zone, as eligible households are (but those refused for being over it).
      const ceiling = incomeCeiling(currentLliYear(now), good.residence.area, couple ? 'couple' : 'alone', dependants);
      const household = refusedFor('incomes_above_ceiling')
        ? Math.round((ceiling * random.int(105, 125)) / 100 / 100) * 100
        : Math.round(Math.min((yearlyRent * (refusedFor('effort_rate') ? random.int(20, 26) : random.int(32, 45))) / 10, ceiling * 0.95) / 100) * 100;
      const shares = names.length === 1 ? [household] : [Math.round(household * 0.55 / 100) * 100, household - Math.round(household * 0.55 / 100) * 100];

      // Most files come from a contact request asking for one, a few days before; one in seven of these requests
      // never became a file (but the month's first).
      const fromContact = random.chance(0.7);
      const contact = fromContact
        ? await manager.save(
            manager.create(ContactForm, {
              subject: 'new_record',
              name: `${first} ${last}`,
              email: `${plain(first)}.${plain(last)}@example.org`,
              phone: `06 ${random.int(10, 99)} ${random.int(10, 99)} ${random.int(10, 99)} ${random.int(10, 99)}`,
              message: random.pick(NEW_FILE_MESSAGES),
              consent: true,
              eligibility: null,
              createdAt: new Date(opening.getTime() - random.int(1, 4) * DAY_MS),
            }),
          )
        : null;
      if (contact && count > 0 && random.chance(1 / 7)) {
        // Answered without a file, but this month's, still to be read.
        if (monthsAgo > 0) await manager.update(ContactForm, { id: contact.id }, { status: 'completed', readAt: opening, completedAt: opening });
        continue;
      }

      const follower = random.pick(staff);
      const persons = names.map((firstName, index) =>
        manager.create(RecordPerson, {
          position: index + 1,
          firstName,
          lastName: last,
          birthDate: `${random.int(1965, 1992)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
          email: index === 0 ? `${plain(firstName)}.${plain(last)}@example.org` : null,
          phone: null,
          address: null,
          zipCode: null,
          city: null,
          proSituation: random.pick(SITUATIONS),
          employer: random.chance(0.6) ? random.pick(EMPLOYERS) : null,
          housingSituation: random.pick(['loc_prive', 'loc_prive', 'heberge', 'loc_social'] as const),
          taxIncome: shares[index]!,
        }),
      );
      const record = await manager.save(
        manager.create(Record, {
          reference: `tmp-history-${monthsAgo}-${count}`,
          stage: 'in_progress',
          situation: couple ? 'couple' : 'alone',
          link: couple ? random.pick(['marie', 'pacse', 'concubin'] as const) : null,
          dependants,
          members: Array.from({ length: dependants }, (_, child) => ({ first_name: random.pick(FIRST_NAMES), birth_date: `20${random.int(10, 22)}-0${random.int(1, 9)}-1${child}`, role: 'child' as const })),
          discoverySource: random.pick(SOURCES),
          follower,
          user: null,
          residence: good.residence,
          good,
          wishedResidences: [good.residence],
          wishedGoods: [good],
          flatSizes: [good.flatSize as FlatSize],
          maxRent: null,
          persons,
          createdAt: opening,
        }),
      );
      await manager.update(Record, { id: record.id }, { reference: `DOS-${opening.getFullYear()}-${String(record.id).padStart(4, '0')}` });
      if (contact) await manager.update(ContactForm, { id: contact.id }, { status: 'completed', readAt: opening, completedAt: opening, record: { id: record.id } });

      let stage: RecordStage = 'in_progress';
      let stageChangedAt: Date | null = null;
      for (const { step, at } of timed) {
        const actor = random.chance(0.7) ? follower : random.pick(staff);
        const actorName = `${actor.firstName} ${actor.lastName}`;
        if (step.event) {
          await manager.save(
            manager.create(RecordEvent, {
              record,
              type: step.event.type,
              reason: step.event.reason ?? null,
              good: step.event.good ? good : null,
              at,
              outcome: step.event.outcome ?? null,
              comment: null,
              actorId: actor.id,
              actorName,
              createdAt: at,
            }),
          );
        }
        if (step.stage) {
          await manager.save(manager.create(RecordStageChange, { record, from: stage, to: step.stage, comment: null, actorId: actor.id, actorName, at }));
          stage = step.stage;
          stageChangedAt = at;
        }
      }
      await manager.update(Record, { id: record.id }, { stage, stageChangedAt, updatedAt: stageChangedAt ?? record.createdAt });
    }
  }
  await followOccupancy(manager);
}

/**
 * The homes as their history leaves them, by the rule the follow-up applies (GoodOccupancyService): let while a
 * household that accepted an offer, signed or moved in has not turned it down or left, free from the day of its leaving
 * otherwise.
 */
async function followOccupancy(manager: EntityManager): Promise<void> {
  const events = await manager.find(RecordEvent, { where: { type: In([...OCCUPANCY_EVENTS]) }, relations: { good: true, record: true }, order: { at: 'ASC', id: 'ASC' } });
  const byGood = Map.groupBy(
    events.filter((event) => event.good !== null),
    (event) => event.good!.id,
  );
  for (const [id, named] of byGood) {
    const occupancy = goodOccupancy(named.map(occupancyEvent));
    if (occupancy) await manager.update(Good, { id }, occupancy.occupied ? { occupied: true } : { occupied: false, availableFrom: occupancy.availableFrom });
  }
}
