/**
 * E-mail alerts on the public list (issue 25, point 1): double opt-in, the homes told of once a day when they are
 * published or become available, one-click unsubscribe, the alert's own page, the owner's space, the limits, and
 * the alerts' own delays.
 */
import { startInbox, type ReceivedMail, type SmtpInbox } from '@hsa-lli/common/testing';
import { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertsRun } from '../src/alerts/alerts.service.js';
import { Alert } from '../src/alerts/entities/alert.entity.js';
import { RateLimiter } from '../src/http/rate-limiter.service.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { createRedisClient } from '../src/redis/redis.module.js';
import { agentsByRole, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';
import { until } from './jobs-contract.js';

const DAY = 24 * 60 * 60_000;
/** A flat size none of the demo's homes has: the alerts of this test match only the homes it publishes. */
const SIZE = 'T6bis';

describe.each(BACKENDS)('e-mail alerts on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let residence: { id: number; slug: string };
  const start = Date.now();

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
    if (api.config.redisUrl) {
      // The tests run the daily job themselves, each on the day it fakes. BullMQ's own daily run would take the faked
      // clock for the real one, find itself due, and run beside the test's: a digest sent by it is one the test's run
      // neither counts nor waits for.
      const connection = createRedisClient(api.config.redisUrl);
      const queue = new Queue('alerts', { connection, prefix: api.config.queuePrefix });
      for (const scheduler of await queue.getJobSchedulers()) await queue.removeJobScheduler(scheduler.key);
      await queue.close();
      await connection.quit();
    }
    agents = await agentsByRole(api);
    const { body } = await request(api.server).post('/api/front/residences/list').send({}).expect(200);
    residence = body.data.find((summary: { area: string }) => summary.area === 'A');
  });

  beforeEach(async () => {
    // Each test asks from the same network address: its hourly count starts afresh.
    const limiter = api.app.get(RateLimiter);
    for (const network of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await limiter.reset(`alerts:ip:${network}`);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  const ask = (email: string, filters: object) => request(api.server).post('/api/front/alerts/create').set('Origin', api.config.publicUrl).send({ email, filters });
  const mailsTo = (email: string) => inbox.messages.filter((mail) => mail.to.includes(email));
  const isDigest = (mail: ReceivedMail) => mail.subject.includes('pour votre alerte');
  const secretOf = (mail: ReceivedMail, page: string) => mail.links.find((link) => link.includes(`/${page}/`))!.split(`/${page}/`)[1]!;

  /** An alert asked for and confirmed by its link; answers its own link's secret once it has written. */
  async function confirmed(email: string, filters: object): Promise<{ id: number; confirmation: string }> {
    const before = mailsTo(email).length;
    await ask(email, filters).expect(202);
    const mail = await inbox.waitFor((each) => each.to.includes(email) && each.subject === 'Confirmez votre alerte' && mailsTo(email).indexOf(each) >= before);
    const confirmation = secretOf(mail, 'alertes/confirmation');
    const { body } = await request(api.server).post('/api/front/alerts/confirm').send({ token: confirmation }).expect(200);
    return { id: body.alert.id, confirmation };
  }

  /** A home published by staff in the test's residence: enabled, of the test's flat size. */
  async function published(reference: string, change: object = {}): Promise<{ id: number; version: number; form: Record<string, unknown> }> {
    const form = {
      enabled: true,
      residence: residence.id,
      reference,
      flat_size: SIZE,
      surface: 128,
      rent_price: 1600,
      monthly_costs: 150,
      available_from: null,
      description: 'Grand logement familial, terrasse.',
      facilities: [] as number[],
      dpe_kwh: 90,
      dpe_kgco2: 9,
      ...change,
    };
    const { body } = await agents.hsa.post('/api/goods/create').send(form).expect(201);
    return { id: body.good.id, version: body.good.version, form };
  }

  /** The daily job as the scheduler runs it, `days` after the test began; the clock stays until its e-mails arrived. */
  async function runOn(days: number): Promise<AlertsRun> {
    vi.useFakeTimers({ toFake: ['Date'], now: start + days * DAY });
    try {
      // The run's e-mails are digests: an e-mail of another kind arriving meanwhile must not stand for one of them.
      const digests = () => inbox.messages.filter(isDigest).length;
      const received = digests();
      const run = await api.app.get(JobsService).run<AlertsRun>('alerts', 'digest', {}, { timeoutMs: 60_000 });
      await until(() => digests() >= received + run.sent, 'the run’s e-mails', 60_000);
      return run;
    } finally {
      vi.useRealTimers();
    }
  }

  it('writes nothing but the confirmation before the link is used, then starts from the homes already on offer', async () => {
    const email = 'leire.optin@example.org';
    await ask(email, { flat_size: SIZE }).expect(202, { sent: true });
    const confirmation = await inbox.waitFor((mail) => mail.to.includes(email));
    expect(confirmation.subject).toBe('Confirmez votre alerte');
    expect(confirmation.text).toContain(`« ${SIZE.replace('bis', ' bis')} »`);
    expect(confirmation.text).toContain('un e-mail au plus par jour');
    const secret = secretOf(confirmation, 'alertes/confirmation');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A home published meanwhile: nothing is written to an address that has not confirmed.
    await published('OPTIN-01');
    await runOn(0);
    expect(mailsTo(email)).toHaveLength(1);
    // Nothing of the secret is stored, only its hash.
    const stored = await api.dataSource.manager.findOneByOrFail(Alert, { email });
    expect(JSON.stringify(stored)).not.toContain(secret);

    const { body } = await request(api.server).post('/api/front/alerts/confirm').send({ token: secret }).expect(200);
    expect(body.alert).toMatchObject({ label: 'T6 bis', status: 'active', filters: { flat_size: SIZE }, last_sent_at: null });
    expect(body.alert.ends_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(body.alert.ends_on.slice(0, 4))).toBe(new Date().getFullYear() + 1);
    // Single use; unknown, empty or forged: as unknown.
    for (const token of [secret, 'x'.repeat(43), '']) expect((await request(api.server).post('/api/front/alerts/confirm').send({ token })).status).toBe(404);
    expect((await request(api.server).post('/api/front/alerts/confirm').send({})).status).toBe(400);

    // The home published before the confirmation was on the list the visitor saw: it is no news.
    await runOn(1);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('tells of a home published, in one e-mail a day at most, with one-click unsubscribe', async () => {
    const email = 'ander.daily@example.org';
    const { confirmation } = await confirmed(email, { flat_size: SIZE, zone: 'A' });
    const first = await published('DAILY-01');
    const run = await runOn(2);
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const [digest] = mailsTo(email).filter(isDigest);
    expect(digest!.subject).toBe('Un nouveau logement pour votre alerte');
    expect(digest!.text).toContain('« Zone A · T6 bis »');
    expect(digest!.text).toContain(`http://hsa.test/residences/${residence.slug}/`);
    expect(digest!.text).toContain(`/${first.id}`);
    expect(digest!.text).toMatch(/1[\s\u202f]600,00[\s\u202f]€ par mois charges comprises, disponible immédiatement/);
    expect(digest!.links).toContain('http://hsa.test/residences?zone=A&typologie=T6bis');
    const link = secretOf(digest!, 'alertes/gerer');
    expect(link).not.toBe(confirmation);
    expect(digest!.headers['list-unsubscribe']).toBe(`<http://hsa.test/api/front/alerts/one-click/${link}>`);
    expect(digest!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // A second home the same day: kept for the next day's e-mail, never a second one today.
    const second = await published('DAILY-02');
    await runOn(2);
    expect(mailsTo(email).filter(isDigest)).toHaveLength(1);
    await runOn(3);
    const digests = mailsTo(email).filter(isDigest);
    expect(digests).toHaveLength(2);
    expect(digests[1]!.text).toContain(`/${second.id}`);
    expect(digests[1]!.text).not.toContain(`/${first.id}`);

    // The alert's page, by its own link.
    const details = await request(api.server).post('/api/front/alerts/details').send({ token: link }).expect(200);
    expect(details.body.alert).toMatchObject({ label: 'Zone A · T6 bis', status: 'active', last_sent_at: expect.any(String) });

    // The mailbox provider's one click (RFC 8058): a form post from its servers, no session, no Origin.
    const forged = `${link.split('_')[0]}_${'A'.repeat(43)}`;
    expect((await request(api.server).post(`/api/front/alerts/one-click/${forged}`).type('form').send('List-Unsubscribe=One-Click')).status).toBe(404);
    await request(api.server).post(`/api/front/alerts/one-click/${link}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(await api.dataSource.manager.countBy(Alert, { email })).toBe(0);
    expect((await request(api.server).post(`/api/front/alerts/one-click/${link}`).type('form').send('List-Unsubscribe=One-Click')).status).toBe(404);
    expect((await request(api.server).post('/api/front/alerts/details').send({ token: link })).status).toBe(404);
    await published('DAILY-03');
    await runOn(4);
    expect(mailsTo(email).filter(isDigest)).toHaveLength(2);
  });

  it('tells of a home when it becomes available: its day comes, or it is offered again after being withdrawn', async () => {
    const email = 'maddi.available@example.org';
    await confirmed(email, { flat_size: SIZE, available_now: true });
    const later = new Date(start + 12 * DAY).toISOString().slice(0, 10);
    const home = await published('AVAIL-01', { available_from: later });
    await runOn(10);
    expect(mailsTo(email).filter(isDigest)).toHaveLength(0);
    await runOn(13);
    let digests = mailsTo(email).filter(isDigest);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain(`/${home.id}`);

    // Withdrawn from the site, then offered again: its coming back is news.
    const { body: off } = await agents.hsa.post('/api/goods/update').send({ ...home.form, available_from: later, id: home.id, version: home.version, enabled: false }).expect(200);
    await runOn(14);
    await agents.hsa.post('/api/goods/update').send({ ...home.form, available_from: later, id: home.id, version: off.good.version, enabled: true }).expect(200);
    await runOn(15);
    digests = mailsTo(email).filter(isDigest);
    expect(digests).toHaveLength(2);
    expect(digests[1]!.text).toContain(`/${home.id}`);
  });

  it('refuses bad input in French, and answers the same whatever the address already has', async () => {
    const fields = async (body: object) => (await request(api.server).post('/api/front/alerts/create').send(body).expect(400)).body.fields;
    expect(await fields({ email: 'pas-une-adresse', filters: {} })).toEqual({ email: "L'adresse e-mail n'est pas valide." });
    expect(await fields({ filters: {} })).toEqual({ email: 'Veuillez saisir votre adresse e-mail.' });
    expect(await fields({ email: 'a@example.org', filters: { city: '75056' } })).toEqual({ 'filters.city': 'Choisissez une commune de la liste.' });
    expect(await fields({ email: 'a@example.org', filters: { flat_size: 'T9' } })).toEqual({ 'filters.flat_size': 'Choisissez une typologie de la liste.' });
    expect(await fields({ email: 'a@example.org', filters: { max_rent: -5 } })).toEqual({ 'filters.max_rent': 'Le loyer maximum ne peut pas être négatif.' });
    expect(await fields({ email: 'a@example.org', filters: { surface: 40 } })).toEqual({ 'filters.surface': "Ce champ n'est pas attendu." });
    expect(await fields({ email: 'a@example.org', filters: {}, extra: 1 })).toEqual({ extra: "Ce champ n'est pas attendu." });
    // A form of another site cannot ask for an alert.
    expect((await request(api.server).post('/api/front/alerts/create').set('Origin', 'https://evil.example').send({ email: 'a@example.org', filters: {} })).status).toBe(403);

    // The same alert again: the address is told it exists; a sixth one: told it has as many as it may. Same answer.
    const email = 'iker.limits@example.org';
    await confirmed(email, { flat_size: SIZE, zone: 'B1' });
    const again = await ask(email, { zone: 'B1', flat_size: SIZE });
    expect({ status: again.status, body: again.body }).toEqual({ status: 202, body: { sent: true } });
    await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Votre alerte existe déjà');
    expect(await api.dataSource.manager.countBy(Alert, { email })).toBe(1);
  });

  it('limits the confirmations an address gets in a day, the alerts it keeps, and what one network address asks for', async () => {
    const email = 'oihana.many@example.org';
    for (const max_rent of [700, 800, 900]) await ask(email, { max_rent }).expect(202);
    const refused = await ask(email, { max_rent: 1000 }).expect(429);
    expect(refused.body.error).toBe('Cette adresse a reçu plusieurs e-mails de confirmation aujourd’hui. Réessayez demain.');
    await until(() => mailsTo(email).length >= 3, 'the confirmations', 20_000);
    expect(mailsTo(email).filter((mail) => mail.subject === 'Confirmez votre alerte')).toHaveLength(3);

    // Five alerts at most per address, waiting or active (four already there, written past the service).
    const five = 'unai.five@example.org';
    for (const max_rent of [500, 600, 700, 800]) await api.dataSource.manager.save(Alert, { email: five, filters: { max_rent }, confirmHash: null, confirmExpiresAt: null, confirmedAt: new Date(), renewedAt: new Date(), lastSentAt: null });
    await ask(five, { max_rent: 900 }).expect(202);
    await inbox.waitFor((mail) => mail.to.includes(five) && mail.subject === 'Confirmez votre alerte');
    await ask(five, { max_rent: 1000 }).expect(202);
    await inbox.waitFor((mail) => mail.to.includes(five) && mail.subject === 'Vous avez déjà le nombre maximal d’alertes');
    expect(await api.dataSource.manager.countBy(Alert, { email: five })).toBe(5);

    // Ten asks an hour from one network address.
    const limiter = api.app.get(RateLimiter);
    for (const network of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await limiter.reset(`alerts:ip:${network}`);
    const answers = [];
    for (let index = 0; index < 11; index += 1) answers.push((await ask(`network.${index}@example.org`, {})).status);
    expect(answers).toEqual([...Array(10).fill(202), 429]);
  });

  it('lets a signed-in person see, keep and delete the alerts of their address, and no one else’s', async () => {
    const customer: Agent = agents.customer;
    const email = 'customer@demo.hsa-lli.fr';
    const { id } = await confirmed(email, { flat_size: SIZE, city: '64102' });
    const other = await confirmed('someone.else@example.org', { flat_size: SIZE });
    const { body } = await customer.post('/api/alerts/mine/list').send({}).expect(200);
    expect(body.data).toEqual([expect.objectContaining({ id, label: 'Bayonne · T6 bis', status: 'active' })]);
    expect((await request(api.server).post('/api/alerts/mine/list').send({})).status).toBe(401);

    // Another person's alert: as unknown.
    expect((await customer.post('/api/alerts/mine/remove').send({ id: other.id })).status).toBe(404);
    expect((await customer.post('/api/alerts/mine/renew').send({ id: other.id })).status).toBe(404);
    expect((await agents.hsa.post('/api/alerts/mine/remove').send({ id })).status).toBe(404);
    expect((await customer.post('/api/alerts/mine/remove').send({ id: 'un' })).status).toBe(400);
    expect(await api.dataSource.manager.countBy(Alert, { id: other.id })).toBe(1);

    const renewed = await customer.post('/api/alerts/mine/renew').send({ id }).expect(200);
    expect(renewed.body.alert.ends_on).toBe(body.data[0].ends_on);
    await customer.post('/api/alerts/mine/remove').send({ id }).expect(200);
    expect((await customer.post('/api/alerts/mine/list').send({}).expect(200)).body.data).toEqual([]);
  });

  it('ends an alert a year after its confirmation unless kept, and forgets a confirmation never given', async () => {
    const kept = 'amaia.kept@example.org';
    const ended = 'xabi.ended@example.org';
    const waiting = 'jon.waiting@example.org';
    await confirmed(kept, { flat_size: SIZE, max_rent: 5000 });
    await confirmed(ended, { flat_size: SIZE, max_rent: 4000 });
    await ask(waiting, { flat_size: SIZE }).expect(202);
    await inbox.waitFor((mail) => mail.to.includes(waiting));

    const unconfirmed = await runOn(8);
    expect(unconfirmed.unconfirmed).toBeGreaterThanOrEqual(1);
    expect(await api.dataSource.manager.countBy(Alert, { email: waiting })).toBe(0);

    // « Garder cette alerte » from its page, eleven months on: it lasts a year from then.
    const mail = (await runOnUntilDigest(kept, 9)) ?? null;
    expect(mail).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'], now: start + 330 * DAY });
    const renewed = await request(api.server).post('/api/front/alerts/renew').send({ token: secretOf(mail!, 'alertes/gerer') }).expect(200);
    vi.useRealTimers();
    expect(renewed.body.alert.ends_on > new Date(start + 690 * DAY).toISOString().slice(0, 10)).toBe(true);
    const run = await runOn(370);
    expect(run.ended).toBeGreaterThanOrEqual(1);
    expect(await api.dataSource.manager.countBy(Alert, { email: ended })).toBe(0);
    expect(await api.dataSource.manager.countBy(Alert, { email: kept })).toBe(1);
  });

  /** A home published for `email`'s alert, and the e-mail it gets on `day`. */
  async function runOnUntilDigest(email: string, day: number): Promise<ReceivedMail | undefined> {
    await published(`KEPT-${day}`, { rent_price: 1500 });
    await runOn(day);
    return mailsTo(email).find(isDigest);
  }
});
