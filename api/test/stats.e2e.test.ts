import { Queue } from 'bullmq';
import { ROLES } from '@hsa-lli/common/domain';
import mysql from 'mysql2/promise';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactForm } from '../src/contact-forms/entities/contact-form.entity.js';
import { dialectOf } from '../src/database/data-source.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { RecordEvent } from '../src/follow-up/entities/record-event.entity.js';
import { RecordStageChange } from '../src/follow-up/entities/record-stage-change.entity.js';
import { Record } from '../src/records/entities/record.entity.js';
import { createRedisClient } from '../src/redis/redis.module.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { parisMonthSql } from '../src/stats/stats-sources.js';
import { StatsService, WRITE_LOCK_NAME } from '../src/stats/stats.service.js';
import { agentsByRole, refreshed, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

const STAFF = ['admin', 'hsa', 'coordinator'];

describe.each(BACKENDS)('the dashboard statistics on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let hsa: Agent;
  // Two published residences (« A » and « B ») and a home of each, and three demo files.
  let residenceA: Residence;
  let residenceB: Residence;
  let goodA: Good;
  let goodB: Good;
  let files: Record[];

  const stat = async (path: string, query = '') => (await hsa.get(`/api/stats/${path}${query}`).expect(200)).body;
  const value = async (path: string, query = '') => (await stat(path, query)).value;

  beforeAll(async () => {
    api = await backend.start();
    agents = await agentsByRole(api);
    hsa = agents.hsa;
    const manager = api.dataSource.manager;
    const published = await manager.find(Residence, { where: { status: 'published' }, relations: { goods: true }, order: { id: 'ASC' } });
    const home = (residence: Residence) => residence.goods.find((good) => good.enabled && good.flatSize !== 'garage')!;
    [residenceA, residenceB] = published.filter((residence) => home(residence)) as [Residence, Residence];
    goodA = home(residenceA);
    goodB = home(residenceB);
    files = await manager.find(Record, { order: { id: 'ASC' }, take: 3 });

    // The catalogue: every published residence and its goods appeared in January 2026, but A and B and one home of
    // each in March 2025.
    await manager.createQueryBuilder().update(Residence).set({ createdAt: new Date('2026-01-15T10:00:00Z') }).execute();
    await manager.createQueryBuilder().update(Good).set({ createdAt: new Date('2026-01-15T10:00:00Z') }).execute();
    await manager.update(Residence, [residenceA.id, residenceB.id], { createdAt: new Date('2025-03-10T10:00:00Z') });
    await manager.update(Good, [goodA.id, goodB.id], { createdAt: new Date('2025-03-10T10:00:00Z') });

    // Three files opened in February and March 2025, the first of which moved in.
    const [first, second, third] = files as [Record, Record, Record];
    await manager.update(Record, first.id, { createdAt: new Date('2025-02-10T10:00:00Z'), stage: 'moved_in' });
    await manager.update(Record, second.id, { createdAt: new Date('2025-02-11T10:00:00Z') });
    await manager.update(Record, third.id, { createdAt: new Date('2025-03-05T10:00:00Z') });

    const event = (at: string, fields: Partial<RecordEvent>) =>
      manager.create(RecordEvent, { record: { id: first.id }, at: new Date(at), actorName: 'Test', reason: null, good: null, outcome: null, ...fields });
    await manager.save([
      // 00:30 on 1 April in France (summer time): April.
      event('2025-03-31T22:30:00Z', { type: 'visit', reason: 'on_site', good: goodA, outcome: 'done' }),
      event('2025-04-15T10:00:00Z', { type: 'visit', reason: 'virtual', good: goodB }),
      // A visit that did not take place: an intervention, not a visit.
      event('2025-04-20T10:00:00Z', { type: 'visit', reason: 'on_site', good: goodA, outcome: 'not_done' }),
      // 23:30 on 31 October in France (winter time again): October.
      event('2025-10-31T22:30:00Z', { type: 'visit', reason: 'open_day', good: goodA }),
      event('2025-05-10T08:00:00Z', { type: 'interview', reason: 'office', outcome: 'done' }),
      event('2025-05-11T08:00:00Z', { type: 'interview', reason: 'phone', outcome: 'not_done' }),
      event('2025-06-01T12:00:00Z', { type: 'refusal_by_applicant', reason: 'rent', good: goodB }),
      event('2025-06-02T12:00:00Z', { type: 'refusal_by_provider', reason: 'effort_rate' }),
      // 00:30 on 1 October in France (summer time): October.
      event('2025-09-30T22:30:00Z', { type: 'leaving', reason: 'notice_by_tenant' }),
      // 00:30 on 1 January 2026 in France: not in 2025.
      event('2025-12-31T23:30:00Z', { type: 'call', reason: 'outgoing' }),
      // 00:30 on 1 January 2025 in France: in 2025.
      event('2024-12-31T23:30:00Z', { type: 'call', reason: 'incoming' }),
    ]);
    const move = (record: Record, to: RecordStageChange['to'], at: string) =>
      manager.create(RecordStageChange, { record: { id: record.id }, from: 'allocated', to, at: new Date(at), actorName: 'Test', comment: null });
    await manager.save([
      move(first, 'lease_signed', '2025-07-10T10:00:00Z'),
      move(first, 'moved_in', '2025-08-01T10:00:00Z'),
      move(second, 'lease_signed', '2025-07-20T10:00:00Z'),
      // Signed again the same month (after going back): one file, one lease that month.
      move(second, 'lease_signed', '2025-07-25T10:00:00Z'),
    ]);
    const contact = (subject: ContactForm['subject'], createdAt: string, record: Record | null) =>
      manager.create(ContactForm, {
        subject,
        name: 'Demandeur Test',
        email: 'demandeur@example.org',
        phone: null,
        message: 'Bonjour.',
        consent: true,
        eligibility: null,
        createdAt: new Date(createdAt),
        record,
      });
    await manager.save([
      contact('new_record', '2025-02-01T10:00:00Z', third),
      contact('new_record', '2025-02-02T10:00:00Z', null),
      contact('new_record', '2025-11-02T10:00:00Z', null),
      // A question that became a file all the same: it counts in the requests that could have.
      contact('infos', '2025-03-02T10:00:00Z', second),
      contact('rgpd', '2025-03-03T10:00:00Z', null),
    ]);
    await refreshed(hsa);
  });

  afterAll(async () => {
    await api?.stop();
  });

  const YEAR_2025 = '?from=2025-01-01&to=2025-12-31';

  it('answers each statistic of a period with the figures stated by hand', async () => {
    const answer = await stat('interventions/count', YEAR_2025);
    expect(answer).toEqual({ key: 'interventions/count', value: 10, period: { from: '2025-01-01', to: '2025-12-31' }, computed_at: expect.any(String) });
    expect(Date.now() - Date.parse(answer.computed_at)).toBeLessThan(60_000);
    expect(await value('interventions/interviews-count', YEAR_2025)).toBe(1);
    expect(await value('interventions/visits-count', YEAR_2025)).toBe(3);
    expect(await value('interventions/visits-by-residence', YEAR_2025)).toEqual([
      { label: residenceA.name, value: 2 },
      { label: residenceB.name, value: 1 },
    ]);
    expect(await value('interventions/visits-by-type', YEAR_2025)).toEqual(
      [
        { label: 'Journée portes ouvertes', value: 1 },
        { label: 'Sur place', value: 1 },
        { label: 'Visite virtuelle', value: 1 },
      ],
    );
    expect(await value('interventions/refused-count', YEAR_2025)).toBe(2);
    expect(await value('interventions/refused-by-residence', YEAR_2025)).toEqual([
      { label: 'Logement non précisé', value: 1 },
      { label: residenceB.name, value: 1 },
    ]);
    expect(await value('interventions/leaving-count', YEAR_2025)).toBe(1);
    expect(await value('records/count', YEAR_2025)).toBe(3);
    expect(await value('records/signed-count', YEAR_2025)).toBe(2);
    expect(await value('records/entries-count', YEAR_2025)).toBe(1);
    // One file of the three opened moved in.
    expect(await value('records/entries-conversion-rate', YEAR_2025)).toBe(0.3333);
    // Four requests asked for a file (three « nouveau dossier », a question that became one); two became files.
    expect(await value('records/contact-conversion-rate', YEAR_2025)).toBe(0.5);
    expect(await value('contact-forms/count', YEAR_2025)).toBe(5);
    // Stocks: what there was at the end of the period.
    expect(await value('residences/count', YEAR_2025)).toBe(2);
    expect(await value('goods/count', YEAR_2025)).toBe(2);
  });

  it('rounds a period to whole months of France, and follows each month apart', async () => {
    const april = await stat('interventions/visits-count', '?from=2025-04-15&to=2025-04-20');
    expect(april).toMatchObject({ value: 2, period: { from: '2025-04-01', to: '2025-04-30' } });
    expect(await value('interventions/count', '?from=2025-04-01&to=2025-04-30')).toBe(3);
    expect(await value('interventions/count', '?from=2025-01-01&to=2025-01-31')).toBe(1);
    expect(await value('interventions/leaving-count', '?from=2025-09-01&to=2025-09-30')).toBe(0);
    expect(await value('interventions/leaving-count', '?from=2025-10-01&to=2025-10-31')).toBe(1);
    expect(await value('interventions/visits-count', '?from=2025-03-01&to=2025-05-31&by=month')).toEqual([
      { label: '2025-03', value: 0 },
      { label: '2025-04', value: 2 },
      { label: '2025-05', value: 0 },
    ]);
    expect(await value('residences/count', '?from=2025-01-01&to=2025-04-30&by=month')).toEqual([
      { label: '2025-01', value: 0 },
      { label: '2025-02', value: 0 },
      { label: '2025-03', value: 2 },
      { label: '2025-04', value: 2 },
    ]);
    expect(await value('records/entries-conversion-rate', '?from=2025-02-01&to=2025-03-31&by=month')).toEqual([
      { label: '2025-02', value: 0.5 },
      { label: '2025-03', value: 0 },
    ]);
    // Every published residence at the end of a period that reaches 2026.
    const published = await api.dataSource.manager.countBy(Residence, { status: 'published' });
    expect(await value('residences/count', '?from=2026-01-01&to=2026-01-31')).toBe(published);
  });

  it('answers zero for a period with nothing, a rate included, and the last twelve months by default', async () => {
    const empty = '?from=2024-01-01&to=2024-06-30';
    expect(await value('records/contact-conversion-rate', empty)).toBe(0);
    expect(await value('records/entries-conversion-rate', empty)).toBe(0);
    expect(await value('interventions/visits-by-residence', empty)).toEqual([]);
    expect(await value('goods/count', empty)).toBe(0);

    const byDefault = await stat('records/count');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    expect(byDefault.period.to.slice(0, 7)).toBe(today.slice(0, 7));
    const [year, month] = today.split('-').map(Number) as [number, number];
    const first = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 7);
    expect(byDefault.period.from).toBe(`${first}-01`);
    // The demo files but the three moved to 2025 were opened today.
    expect(byDefault.value).toBe((await api.dataSource.manager.count(Record)) - 3);

    const all = (await hsa.get('/api/stats?from=2025-01-01&to=2025-12-31').expect(200)).body.data as { key: string; value: unknown }[];
    expect(all).toHaveLength(16);
    expect(all.find((each) => each.key === 'records/signed-count')!.value).toBe(2);
  });

  it('refuses a wrong period or detail in French, and an unknown statistic with a 404', async () => {
    const wrong = await hsa.get('/api/stats/records/count?from=2025-13-01&to=hier').expect(400);
    expect(wrong.body.fields).toEqual({ from: 'Indiquez une date au format AAAA-MM-JJ.', to: 'Indiquez une date au format AAAA-MM-JJ.' });
    expect((await hsa.get('/api/stats/records/count?from=2025-02-30').expect(400)).body.fields).toEqual({ from: 'Indiquez une date au format AAAA-MM-JJ.' });
    expect((await hsa.get('/api/stats/records/count?from=2025-06-01&to=2025-01-31').expect(400)).body.fields).toEqual({
      from: 'La date de début doit précéder la date de fin.',
    });
    expect((await hsa.get('/api/stats/records/count?from=2099-01-01').expect(400)).body.fields).toEqual({ from: 'La date de début doit précéder la date de fin.' });
    expect((await hsa.get('/api/stats/records/count?from=2025-01-01&from=2025-02-01').expect(400)).body.fields).toEqual({ from: 'Indiquez une date au format AAAA-MM-JJ.' });
    expect((await hsa.get('/api/stats/records/count?by=week').expect(400)).body.fields).toEqual({ by: 'Seul le détail par mois (by=month) est proposé.' });
    expect((await hsa.get('/api/stats/records/count?sort=1').expect(400)).body.fields).toEqual({ sort: "Ce champ n'est pas attendu." });
    expect((await hsa.get('/api/stats/interventions/visits-by-type?by=month').expect(400)).body.fields).toEqual({
      by: 'Cette statistique se lit par libellé : elle n’a pas de détail par mois.',
    });
    expect((await hsa.get('/api/stats?by=month').expect(400)).body.fields).toEqual({ by: 'Le détail par mois se demande pour une statistique à la fois.' });
    expect((await hsa.get('/api/stats/records/nothing').expect(404)).text).toBe('');
    expect((await hsa.get('/api/stats/constructor/count').expect(404)).text).toBe('');
  });

  it('opens the statistics to the back office only', async () => {
    for (const path of ['/api/stats/records/count', '/api/stats/interventions/visits-by-residence?from=2025-01-01', '/api/stats']) {
      expect((await request(api.server).get(path)).status).toBe(401);
      for (const role of ROLES) {
        expect((await agents[role].get(path)).status, `${role} on ${path}`).toBe(STAFF.includes(role) ? 200 : 403);
      }
    }
  });

  it('follows every change that affects a figure, after the change, by itself', async () => {
    const current = await stat('interventions/count');
    const period = `?from=${current.period.from}&to=${current.period.to}`;
    const figures = async () => ({
      interventions: await value('interventions/count', period),
      visits: await value('interventions/visits-count', period),
      byResidence: ((await value('interventions/visits-by-residence', period)) as { label: string; value: number }[]).find((entry) => entry.label === residenceA.name)?.value ?? 0,
      byType: ((await value('interventions/visits-by-type', period)) as { label: string; value: number }[]).find((entry) => entry.label === 'Sur place')?.value ?? 0,
      refused: await value('interventions/refused-count', period),
      contacts: await value('contact-forms/count', period),
      residences: await value('residences/count', period),
      goods: await value('goods/count', period),
      files: await value('records/count', period),
      signed: await value('records/signed-count', period),
      conversion: await value('records/contact-conversion-rate', period),
    });
    const before = await figures();
    const record = files[2]!;
    const now = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' }).format(new Date()).replace(' ', 'T');
    const visit = await hsa.post('/api/records/events/create').send({ record_id: record.id, type: 'visit', reason: 'on_site', good_id: goodA.id, at: now, outcome: 'done' }).expect(201);
    await hsa.post('/api/records/events/create').send({ record_id: record.id, type: 'refusal_by_applicant', reason: 'location', good_id: goodA.id, at: now }).expect(201);
    const contact = await request(api.server)
      .post('/api/contact-forms')
      .send({ subject: 'infos', name: 'Amaia Test', email: 'amaia@example.org', message: 'Une question sur les résidences.', consent: true })
      .expect(201);
    // The question becomes a file; the third file, « Présenté en comité », gets its lease.
    await hsa.post('/api/contact-forms/convert').send({ id: contact.body.id }).expect(200);
    await hsa.post('/api/records/stage').send({ id: record.id, stage: 'allocated' }).expect(200);
    await hsa.post('/api/records/stage').send({ id: record.id, stage: 'lease_signed' }).expect(200);
    // Taken off the site (as its form would): its homes are no longer offered.
    await api.dataSource.manager.update(Residence, residenceB.id, { status: 'draft' });

    const expected = {
      interventions: before.interventions + 2,
      visits: before.visits + 1,
      byResidence: before.byResidence + 1,
      byType: before.byType + 1,
      refused: before.refused + 1,
      contacts: before.contacts + 1,
      residences: before.residences - 1,
      goods: before.goods - residenceB.goods.filter((good) => good.enabled && good.flatSize !== 'garage').length,
      files: before.files + 1,
      signed: before.signed + 1,
      // Of this period's requests, the demo's two « nouveau dossier » and the question that became a file: one in three.
      conversion: 0.3333,
    };
    expect(before.conversion).toBe(0);
    // No one asks for a computation: the change does.
    await expect.poll(figures, { timeout: 20_000, interval: 250 }).toEqual(expected);

    await hsa.post('/api/records/events/delete').send({ id: visit.body.event.id }).expect(200);
    await expect.poll(async () => (await figures()).visits, { timeout: 20_000, interval: 250 }).toBe(before.visits);
  });

  it('tells residences apart by their names, however alike, and by their references when named alike', async () => {
    const manager = api.dataSource.manager;
    const rename = (a: string, b: string) => Promise.all([manager.update(Residence, residenceA.id, { name: a }), manager.update(Residence, residenceB.id, { name: b })]);
    try {
      // Equal for MariaDB's usual collation, two residences all the same.
      await rename('Les Tilleuls', 'les tilleuls ');
      await refreshed(hsa);
      expect(await value('interventions/visits-by-residence', YEAR_2025)).toEqual([
        { label: 'Les Tilleuls', value: 2 },
        { label: 'les tilleuls ', value: 1 },
      ]);
      await rename('Les Tilleuls', 'Les Tilleuls');
      await refreshed(hsa);
      expect(await value('interventions/visits-by-residence', YEAR_2025)).toEqual([
        { label: `Les Tilleuls (${residenceA.reference})`, value: 2 },
        { label: `Les Tilleuls (${residenceB.reference})`, value: 1 },
      ]);
    } finally {
      await rename(residenceA.name, residenceB.name);
      await refreshed(hsa);
    }
  });

  // Two workers at once happen with a server database; the embedded one computes one at a time.
  it.runIf(backend.server)('keeps the figures of the computation that read the data last, when two run at once', async () => {
    const stats = api.app.get(StatsService);
    const results = await Promise.all([stats.compute(), stats.compute(), stats.compute()]);
    const latest = results.map((result) => result.computed_at).sort().at(-1);
    expect((await stat('records/count', YEAR_2025)).computed_at).toBe(latest);
    expect(await value('records/count', YEAR_2025)).toBe(3);
    expect(await value('interventions/count', YEAR_2025)).toBe(10);
  });

  it.runIf(backend.server)('waits for a computation of its own database only, not for another database on the same server', async () => {
    const stats = api.app.get(StatsService);
    // A connection of its own, as another deployment's would be.
    const other = await mysql.createConnection(api.config.databaseUrl!.replace(/^mariadb:/, 'mysql:'));
    const elsewhere = `hsa_test_other_${randomBytes(4).toString('hex')}`;
    let release: NodeJS.Timeout | undefined;
    try {
      // A computation of another database holds its lock, for longer than this test may last: ours does not wait.
      await other.query(`CREATE DATABASE \`${elsewhere}\``);
      await other.query(`USE \`${elsewhere}\``);
      expect((await other.query(`SELECT GET_LOCK(${WRITE_LOCK_NAME}, 0) AS locked`))[0]).toEqual([{ locked: 1 }]);
      expect((await stats.compute()).stored).toBe(true);
      await other.query(`SELECT RELEASE_LOCK(${WRITE_LOCK_NAME})`);
      // One of this database holds it for a second: ours stores its figures after it.
      await other.query(`USE \`${api.dataSource.driver.database}\``);
      expect((await other.query(`SELECT GET_LOCK(${WRITE_LOCK_NAME}, 0) AS locked`))[0]).toEqual([{ locked: 1 }]);
      const started = Date.now();
      release = setTimeout(() => void other.query(`SELECT RELEASE_LOCK(${WRITE_LOCK_NAME})`).catch(() => undefined), 1_000);
      expect((await stats.compute()).stored).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    } finally {
      clearTimeout(release);
      await other.query(`DROP DATABASE IF EXISTS \`${elsewhere}\``);
      await other.end();
    }
  });

  it.runIf(backend.server)('is computed again every quarter of an hour, on France’s clocks', async () => {
    const queue = new Queue('statistics', { connection: createRedisClient(api.config.redisUrl!), prefix: api.config.queuePrefix });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toEqual([expect.objectContaining({ name: 'refresh', pattern: '0 */15 * * * *', tz: 'Europe/Paris' })]);
    } finally {
      await queue.close();
    }
  });

  it('places each instant in its month of France, as Intl does, around every change of month and of clocks', async () => {
    const dialect = dialectOf(api.config);
    const instants: Date[] = [];
    for (const year of [2024, 2025, 2026]) {
      for (let month = 0; month < 12; month += 1) {
        const boundary = Date.UTC(year, month, 1);
        for (let minutes = -180; minutes <= 180; minutes += 30) instants.push(new Date(boundary + minutes * 60_000));
      }
      // Around the changes of clocks (the last Sundays of March and October).
      for (const day of [`${year}-03-31`, `${year}-10-31`]) {
        for (let hours = -170; hours <= 24; hours += 1) instants.push(new Date(Date.parse(`${day}T00:00:00Z`) + hours * 3_600_000));
      }
    }
    const literal = (instant: Date) => {
      const text = `'${instant.toISOString().replace('T', ' ').slice(0, 19)}'`;
      return dialect === 'mariadb' ? `CAST(${text} AS DATETIME)` : text;
    };
    const expected = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(instant).slice(0, 7);
    for (let index = 0; index < instants.length; index += 200) {
      const chunk = instants.slice(index, index + 200);
      const sql = chunk.map((instant, position) => `SELECT ${position} AS position, ${parisMonthSql(dialect, literal(instant))} AS month`).join(' UNION ALL ');
      const rows = (await api.dataSource.query(sql)) as { position: number; month: string }[];
      for (const row of rows) expect(row.month, chunk[Number(row.position)]!.toISOString()).toBe(expected(chunk[Number(row.position)]!));
    }
  });
});
