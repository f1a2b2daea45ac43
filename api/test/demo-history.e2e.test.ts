import { STAGE_MOVES, type RecordStage } from '@hsa-lli/common/domain';
import { In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactForm } from '../src/contact-forms/entities/contact-form.entity.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { RecordEvent } from '../src/follow-up/entities/record-event.entity.js';
import { RecordStageChange } from '../src/follow-up/entities/record-stage-change.entity.js';
import { Record } from '../src/records/entities/record.entity.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { loggedIn, BACKENDS, type TestApi } from './backends.js';
import { refreshed, type Agent } from './back-office.js';

/** `npm start`'s demo: the demo data and a year of past files, so that the back office has activity to show. */
describe.each(BACKENDS)('the demo’s year of follow-up on $name', (backend) => {
  let api: TestApi;
  let hsa: Agent;
  let seededAt: Date;

  beforeAll(async () => {
    seededAt = new Date();
    api = await backend.start({ demoHistory: true });
    hsa = await loggedIn(api, 'hsa@demo.hsa-lli.fr');
  });

  afterAll(() => api?.stop());

  it('opens files month after month over the last year, each one on a way a file can go', async () => {
    const files = await api.dataSource.manager.find(Record, { relations: { good: true }, order: { id: 'ASC' } });
    const changes = await api.dataSource.manager.find(RecordStageChange, { relations: { record: true }, order: { at: 'ASC', id: 'ASC' } });
    const events = await api.dataSource.manager.find(RecordEvent, { relations: { record: true, good: { residence: true } } });
    const later = seededAt.getTime() + 60_000;
    // The demo's four files of today come first.
    const past = files.slice(4);
    expect(past.length).toBeGreaterThanOrEqual(30);

    // Twelve months, each with its files; references follow the calendar and say the year each file was opened.
    const months = new Set(past.map((file) => file.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBe(12);
    for (const [index, file] of past.entries()) {
      expect(file.reference).toBe(`DOS-${file.createdAt.getFullYear()}-${String(file.id).padStart(4, '0')}`);
      expect(file.createdAt.getTime()).toBeLessThan(seededAt.getTime());
      if (index > 0) expect(file.createdAt.getTime()).toBeGreaterThanOrEqual(past[index - 1]!.createdAt.getTime());
    }

    // Each file moved from « En constitution » by allowed moves only, and is at its last one; nothing is dated before
    // its opening or after today; its events name its own good, if any.
    for (const file of past) {
      const moves = changes.filter((change) => change.record.id === file.id);
      let stage: RecordStage = 'in_progress';
      for (const move of moves) {
        expect(move.from).toBe(stage);
        expect(STAGE_MOVES[move.from]).toContain(move.to);
        expect(move.at.getTime()).toBeGreaterThanOrEqual(file.createdAt.getTime());
        expect(move.at.getTime()).toBeLessThanOrEqual(later);
        stage = move.to;
      }
      expect(file.stage).toBe(stage);
      for (const event of events.filter((candidate) => candidate.record.id === file.id)) {
        expect(event.at.getTime()).toBeGreaterThanOrEqual(file.createdAt.getTime());
        expect(event.at.getTime()).toBeLessThanOrEqual(later);
        // The good is the file's own, in a residence open by then.
        if (event.good) {
          expect(event.good.id).toBe(file.good!.id);
          expect(event.at.getTime()).toBeGreaterThanOrEqual(event.good.residence.createdAt.getTime());
        }
      }
    }
    // Files at every step of the way: some still on it, some in, some refused or given up.
    const stages = new Set(past.map((file) => file.stage));
    for (const stage of ['moved_in', 'abandoned', 'refused'] as const) expect(stages).toContain(stage);
    expect(past.some((file) => ['in_progress', 'complete', 'under_review', 'committee', 'allocated', 'lease_signed'].includes(file.stage))).toBe(true);

    // Most files come from a contact request that names them, received before the file was opened.
    const contacts = await api.dataSource.manager.find(ContactForm, { relations: { record: true } });
    const converted = contacts.filter((contact) => contact.record);
    expect(converted.length).toBeGreaterThan(past.length / 2);
    for (const contact of contacts) expect(contact.createdAt.getTime()).toBeLessThanOrEqual(later);
    for (const contact of converted) {
      expect(contact.status).toBe('completed');
      expect(contact.createdAt.getTime()).toBeLessThan(past.find((file) => file.id === contact.record!.id)!.createdAt.getTime());
    }
  });

  it('gives a home to one household at a time, from its offer until it turns it down or leaves', async () => {
    const events = await api.dataSource.manager.find(RecordEvent, { relations: { record: true, good: true }, order: { at: 'ASC', id: 'ASC' } });
    const holds = new Map<number, { file: string; start: number; end: number }[]>();
    for (const offer of events.filter((event) => event.type === 'offer')) {
      const release = events.find(
        (event) => event.record.id === offer.record.id && ['refusal_by_applicant', 'leaving'].includes(event.type) && event.at.getTime() >= offer.at.getTime(),
      );
      const hold = { file: offer.record.reference, start: offer.at.getTime(), end: release?.at.getTime() ?? Number.POSITIVE_INFINITY };
      holds.set(offer.good!.id, [...(holds.get(offer.good!.id) ?? []), hold]);
    }
    expect(holds.size).toBeGreaterThan(1);
    const overlaps = [...holds.values()].flatMap((each) =>
      each.flatMap((one, index) => each.slice(index + 1).filter((other) => one.start < other.end && other.start < one.end).map((other) => `${one.file} / ${other.file}`)),
    );
    expect(overlaps).toEqual([]);
  });

  it('dates the catalogue: published residences and their homes two years back, the latest one five months', async () => {
    const residences = await api.dataSource.manager.find(Residence, { where: { status: 'published' } });
    const ages = residences.map((residence) => Math.round((seededAt.getTime() - residence.createdAt.getTime()) / 86_400_000)).sort((a, b) => a - b);
    expect(ages[0]).toBe(150);
    expect(ages.at(-1)).toBe(730);
    const goods = await api.dataSource.manager.find(Good, { relations: { residence: true } });
    for (const good of goods.filter((candidate) => candidate.residence.status === 'published' && candidate.enabled)) {
      expect(good.createdAt.getTime()).toBe(residences.find((residence) => residence.id === good.residence.id)!.createdAt.getTime());
    }
  });

  it('gives the dashboard figures to show over the last twelve months, and the files list its files', async () => {
    await refreshed(hsa);
    const { body } = await hsa.get('/api/stats').expect(200);
    const figure = (key: string) => body.data.find((entry: { key: string }) => entry.key === key).value;
    for (const key of [
      'interventions/count',
      'interventions/interviews-count',
      'interventions/visits-count',
      'interventions/refused-count',
      'records/count',
      'records/signed-count',
      'records/entries-count',
      'contact-forms/count',
    ]) {
      expect(figure(key), key).toBeGreaterThan(0);
    }
    expect(figure('interventions/visits-by-residence').length).toBeGreaterThan(1);
    for (const key of ['records/contact-conversion-rate', 'records/entries-conversion-rate']) {
      expect(figure(key), key).toBeGreaterThan(0);
      expect(figure(key), key).toBeLessThan(1);
    }
    const files = await api.dataSource.manager.count(Record);
    const list = (await hsa.post('/api/records/list').send({}).expect(200)).body;
    expect(list.total).toBe(files);
    // The households given a home were eligible, as the list works it out.
    const housed = await api.dataSource.manager.findBy(Record, { stage: In(['allocated', 'lease_signed', 'moved_in']) });
    expect(housed.length).toBeGreaterThan(0);
    expect(housed.filter((file) => file.eligible !== true).map((file) => file.reference)).toEqual([]);
  });
});
