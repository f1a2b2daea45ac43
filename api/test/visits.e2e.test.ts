/**
 * Visits booked online (issue 25, point 2): staff publish slots on a good, anyone books one with a name, an address
 * and a phone, gets a confirmation with a valid calendar file and a link to cancel or move it, a reminder the day
 * before; never more bookings than places, even twenty at once; a file's applicant gets a visit in its follow-up,
 * whose outcome staff give after the slot.
 */
import { startInbox, type ReceivedMail, type SmtpInbox } from '@hsa-lli/common/testing';
import { parisDay } from '@hsa-lli/common/domain';
import ICAL from 'ical.js';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordEvent } from '../src/follow-up/entities/record-event.entity.js';
import { RateLimiter } from '../src/http/rate-limiter.service.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { Record } from '../src/records/entities/record.entity.js';
import { VisitBooking } from '../src/visits/entities/visit-booking.entity.js';
import { agentsByRole } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

const DAY = 24 * 60 * 60_000;

/** A day and time on France's clocks, `days` from now, as the slot form sends it. */
const localAt = (days: number, time: string) => `${parisDay(new Date(Date.now() + days * DAY))}T${time}`;

describe.each(BACKENDS)('visits booked online on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let good: { id: number; path: string };
  let otherGood: { id: number };

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
    agents = await agentsByRole(api);
    const { body } = await request(api.server).post('/api/front/residences/list').send({}).expect(200);
    const details = await request(api.server).post('/api/front/residences/details').send({ slug: body.data[0].slug }).expect(200);
    const [first, second] = details.body.residence.goods;
    good = { id: first.id, path: `/residences/${body.data[0].slug}/${first.slug}/${first.id}` };
    otherGood = { id: second.id };
  });

  beforeEach(async () => {
    const limiter = api.app.get(RateLimiter);
    for (const network of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await limiter.reset(`visits:ip:${network}`);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  const slot = async (change: object = {}, goodId = good.id) =>
    (await agents.hsa.post('/api/visits/slots/create').send({ good_id: goodId, starts_at: localAt(5, '18:00'), duration_minutes: 30, kind: 'on_site', place: '12 avenue de la Plage, Anglet — devant le hall', capacity: 4, ...change }).expect(201)).body.slot;
  const book = (slotId: number, email: string, network = '198.51.100.1') =>
    request(api.server).post('/api/front/visits/book').set('Origin', api.config.publicUrl).set('X-Forwarded-For', network).send({ slot_id: slotId, name: 'Ainhoa Etxeberria', email, phone: '06 12 34 56 78' });
  const linkOf = (mail: ReceivedMail) => mail.links.find((link) => link.includes('/visites/'))!.split('/visites/')[1]!;

  it('lets staff publish slots, checked in French, and visitors see them with their places left', async () => {
    const fields = async (change: object) => (await agents.hsa.post('/api/visits/slots/create').send({ good_id: good.id, starts_at: localAt(3, '10:00'), duration_minutes: 30, kind: 'on_site', place: 'Sur place', capacity: 2, ...change }).expect(400)).body.fields;
    expect(await fields({ place: '' })).toEqual({ place: 'Indiquez le lieu du rendez-vous (adresse ou point de rencontre).' });
    expect(await fields({ kind: 'virtual', place: null })).toEqual({ url: 'Indiquez le lien de la visite virtuelle.' });
    expect(await fields({ kind: 'virtual', url: 'http://visite.exemple.fr' })).toEqual({ url: 'Le lien de la visite virtuelle doit commencer par https:// (par exemple https://visite.exemple.fr/t3).' });
    expect(await fields({ capacity: 21 })).toEqual({ capacity: 'Le nombre de places doit être un nombre entier entre 1 et 20.' });
    expect(await fields({ starts_at: 'demain' })).toEqual({ starts_at: 'Indiquez la date et l’heure de la visite.' });
    const past = await agents.hsa.post('/api/visits/slots/create').send({ good_id: good.id, starts_at: localAt(-1, '10:00'), duration_minutes: 30, kind: 'on_site', place: 'Sur place', capacity: 2 }).expect(409);
    expect(past.body.error).toBe('Ce créneau est déjà passé : choisissez une date à venir.');
    expect((await agents.hsa.post('/api/visits/slots/create').send({ good_id: 999_999, starts_at: localAt(3, '10:00'), duration_minutes: 30, kind: 'on_site', place: 'Sur place', capacity: 2 })).status).toBe(404);
    // Who may not manage the catalogue: refused, as the good's page is.
    for (const role of ['customer', 'coordinator', 'member'] as const) {
      expect((await agents[role].post('/api/visits/slots/create').send({ good_id: good.id, starts_at: localAt(3, '10:00'), duration_minutes: 30, kind: 'on_site', place: 'Sur place', capacity: 2 })).status).toBe(403);
    }
    // Nor without a session, on any of the staff's calls.
    const staffCalls: [string, object][] = [
      ['/api/visits/slots/list', { good_id: good.id }],
      ['/api/visits/slots/create', { good_id: good.id, starts_at: localAt(3, '10:00'), duration_minutes: 30, kind: 'on_site', place: 'Sur place', capacity: 2 }],
      ['/api/visits/slots/remove', { id: 1 }],
      ['/api/visits/day', { day: localAt(3, '10:00').slice(0, 10) }],
    ];
    for (const [path, body] of staffCalls) expect((await request(api.server).post(path).send(body)).status, path).toBe(401);

    // A time with its offset is that instant; without, France's clocks.
    const instant = new Date(Date.now() + 6 * DAY);
    instant.setUTCHours(17, 0, 0, 0);
    expect((await slot({ starts_at: instant.toISOString() })).starts_at).toBe(instant.toISOString());
    const created = await slot({ kind: 'virtual', place: null, url: 'https://visite.exemple.fr/t3', starts_at: localAt(6, '12:30') });
    expect(created).toMatchObject({ good_id: good.id, kind: 'virtual', url: 'https://visite.exemple.fr/t3', place: null, capacity: 4, remaining: 4, bookings: [] });
    const { body } = await request(api.server).post('/api/front/visits/slots').send({ good_id: good.id }).expect(200);
    const shown = body.data.find((each: { id: number }) => each.id === created.id);
    expect(shown).toEqual({ id: created.id, good_id: good.id, starts_at: created.starts_at, ends_at: created.ends_at, kind: 'virtual', place: null, url: 'https://visite.exemple.fr/t3', capacity: 4, remaining: 4 });
    expect(new Date(shown.ends_at).getTime() - new Date(shown.starts_at).getTime()).toBe(30 * 60_000);
    expect((await request(api.server).post('/api/front/visits/slots').send({ good_id: 999_999 })).status).toBe(404);
  });

  it('books a place with a French confirmation and a valid calendar file, and refuses bad input', async () => {
    const offered = await slot({ starts_at: localAt(7, '17:45') });
    const refused = async (body: object) => (await request(api.server).post('/api/front/visits/book').set('Origin', api.config.publicUrl).send(body).expect(400)).body.fields;
    expect(await refused({ slot_id: offered.id, name: '', email: 'a@example.org', phone: '0612345678' })).toEqual({ name: 'Indiquez vos nom et prénom.' });
    expect(await refused({ slot_id: offered.id, name: 'Ainhoa', email: 'pas-une-adresse', phone: '0612345678' })).toEqual({ email: "L'adresse e-mail n'est pas valide." });
    expect(await refused({ slot_id: offered.id, name: 'Ainhoa', email: 'a@example.org', phone: '' })).toEqual({ phone: 'Indiquez un numéro de téléphone pour que nous puissions vous joindre le jour de la visite.' });
    expect(await refused({ slot_id: offered.id, name: 'Ainhoa', email: 'a@example.org', phone: '12' })).toEqual({ phone: 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.' });
    expect((await book(999_999, 'a@example.org')).status).toBe(404);

    const email = 'ainhoa.calendar@example.org';
    const answer = await book(offered.id, email).expect(201);
    expect(answer.body.booking).toMatchObject({ name: 'Ainhoa Etxeberria', email, phone: '06 12 34 56 78', cancelled_at: null, slot: { id: offered.id, remaining: 3 }, good: { id: good.id, path: good.path } });
    const mail = await inbox.waitFor((each) => each.to.includes(email));
    expect(mail.subject).toBe('Votre visite est réservée');
    expect(mail.text).toMatch(/est réservée le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d+(er)? \S+ \d{4} à 17\u00a0h\u00a045, pour 30 minutes \(rendez-vous : 12 avenue de la Plage, Anglet — devant le hall\)/);
    expect(mail.links).toContain(`http://hsa.test/visites/${linkOf(mail)}`);

    const [file] = mail.attachments;
    expect(file).toMatchObject({ filename: 'visite.ics', contentType: expect.stringContaining('text/calendar') });
    expect(file!.content.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(file!.content));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe(offered.starts_at);
    expect(event.endDate.toJSDate().toISOString()).toBe(offered.ends_at);
    expect(event.location).toBe('12 avenue de la Plage, Anglet — devant le hall');
    expect(event.summary).toMatch(/^Visite : /);
    expect(event.uid).toBe(`visite-${answer.body.booking.id}@hsa.test`);
    expect(event.description).toContain(`http://hsa.test/visites/${linkOf(mail)}`);

    // The same address twice on one slot: refused, the first booking kept.
    expect((await book(offered.id, email).expect(409)).body.error).toBe('Vous avez déjà réservé ce créneau : retrouvez votre réservation dans l’e-mail de confirmation.');

    // Each booking e-mails its address: five a day to one address at the most, from whatever network.
    const many = 'maite.many@example.org';
    for (let index = 0; index < 5; index += 1) await book((await slot({ starts_at: localAt(8, `1${index}:00`) })).id, many, `203.0.113.${index}`).expect(201);
    const sixth = await book((await slot({ starts_at: localAt(8, '16:00') })).id, many, '203.0.113.9').expect(429);
    expect(sixth.body.error).toBe('Cette adresse e-mail a réservé plusieurs visites aujourd’hui. Réessayez demain, ou appelez-nous au 05 59 00 00 00.');
  });

  it('never books more places than a slot has, twenty people asking at once', async () => {
    const offered = await slot({ capacity: 3, starts_at: localAt(8, '11:00') });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => book(offered.id, `rush.${index}@example.org`, `198.51.100.${10 + index}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(17).fill(409)]);
    for (const answer of answers.filter((each) => each.status === 409)) expect(answer.body.error).toBe('Ce créneau est complet : choisissez-en un autre.');
    expect(await api.dataSource.manager.countBy(VisitBooking, { slot: { id: offered.id } })).toBe(3);
    const { body } = await request(api.server).post('/api/front/visits/slots').send({ good_id: good.id }).expect(200);
    expect(body.data.find((each: { id: number }) => each.id === offered.id).remaining).toBe(0);
  });

  it('lets the link cancel or move the booking, and nothing else', async () => {
    const first = await slot({ capacity: 1, starts_at: localAt(9, '09:00') });
    const second = await slot({ capacity: 1, starts_at: localAt(9, '10:00') });
    const full = await slot({ capacity: 1, starts_at: localAt(9, '11:00') });
    const elsewhere = await slot({ capacity: 5, starts_at: localAt(9, '12:00') }, otherGood.id);
    await book(full.id, 'already.there@example.org').expect(201);
    const email = 'peio.moves@example.org';
    await book(first.id, email).expect(201);
    const link = linkOf(await inbox.waitFor((mail) => mail.to.includes(email)));

    const details = await request(api.server).post('/api/front/visits/details').send({ token: link }).expect(200);
    expect(details.body.booking).toMatchObject({ email, slot: { id: first.id } });
    for (const token of [`${link.split('_')[0]}_${'A'.repeat(43)}`, 'x', '']) expect((await request(api.server).post('/api/front/visits/details').send({ token })).status).toBe(404);

    expect((await request(api.server).post('/api/front/visits/move').send({ token: link, slot_id: full.id }).expect(409)).body.error).toBe('Ce créneau est complet : choisissez-en un autre.');
    expect((await request(api.server).post('/api/front/visits/move').send({ token: link, slot_id: elsewhere.id })).status).toBe(404);
    // A minute later, moved: the calendar file replaces the first one (same UID, greater SEQUENCE).
    const calendarOf = (mail: ReceivedMail) => {
      const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content));
      const event = calendar.getFirstSubcomponent('vevent')!;
      return { method: calendar.getFirstPropertyValue('method'), uid: event.getFirstPropertyValue('uid'), sequence: Number(event.getFirstPropertyValue('sequence')), status: event.getFirstPropertyValue('status'), start: new ICAL.Event(event).startDate.toJSDate().toISOString() };
    };
    const booked = calendarOf(await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Votre visite est réservée'));
    expect(booked).toMatchObject({ method: 'PUBLISH', sequence: 0, status: 'CONFIRMED', start: first.starts_at });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const moved = await request(api.server).post('/api/front/visits/move').send({ token: link, slot_id: second.id }).expect(200);
    expect(moved.body.booking.slot.id).toBe(second.id);
    const replaced = calendarOf(await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Votre visite est déplacée' && mail.attachments.length === 1));
    expect(replaced).toMatchObject({ method: 'PUBLISH', uid: booked.uid, status: 'CONFIRMED', start: second.starts_at });
    expect(replaced.sequence).toBeGreaterThanOrEqual(60);
    // Its place on the first slot is free again.
    await book(first.id, 'next.one@example.org').expect(201);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const cancelled = await request(api.server).post('/api/front/visits/cancel').send({ token: link }).expect(200);
    expect(cancelled.body.booking.cancelled_at).toEqual(expect.any(String));
    // Its calendar file takes the visit out of the person's calendar.
    const removed = calendarOf(await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Votre visite est annulée'));
    expect(removed).toMatchObject({ method: 'CANCEL', uid: booked.uid, status: 'CANCELLED', start: second.starts_at });
    expect(removed.sequence).toBeGreaterThan(replaced.sequence);
    vi.useRealTimers();
    await book(second.id, 'after.cancel@example.org').expect(201);
    expect((await request(api.server).post('/api/front/visits/move').send({ token: link, slot_id: first.id })).status).toBe(404);
  });

  it('puts a file applicant’s own booking in its follow-up as a visit, whose outcome staff give after the slot, and the link changes nothing past it', async () => {
    const record = await api.dataSource.manager.findOneOrFail(Record, { where: { user: { email: 'customer@demo.hsa-lli.fr' } } });
    const visitsAt = async (at: string) => (await api.dataSource.manager.find(RecordEvent, { where: { record: { id: record.id }, type: 'visit' } })).filter((each) => each.at.toISOString() === at);
    // Anyone may type an applicant's address: the visit is booked, and nothing is written into their file.
    const typed = await slot({ starts_at: localAt(10, '16:00') });
    await book(typed.id, 'customer@demo.hsa-lli.fr').expect(201);
    expect(await visitsAt(typed.starts_at)).toEqual([]);
    // The applicant, signed in with that address: their file has the visit.
    const offered = await slot({ starts_at: localAt(10, '15:00') });
    const booked = await agents.customer.post('/api/front/visits/book').send({ slot_id: offered.id, name: 'Ainhoa Etxeberria', email: 'customer@demo.hsa-lli.fr', phone: '06 12 34 56 78' }).expect(201);
    expect(await visitsAt(offered.starts_at)).toHaveLength(1);
    const event = await api.dataSource.manager.findOneOrFail(RecordEvent, { where: { record: { id: record.id }, type: 'visit', good: { id: good.id } }, order: { id: 'DESC' } });
    expect(event).toMatchObject({ reason: 'on_site', outcome: null, comment: 'Réservée en ligne', actorId: null });
    expect(event.at.toISOString()).toBe(offered.starts_at);

    // Staff see it per good and per day, with the file it belongs to.
    const { body: ofGood } = await agents.hsa.post('/api/visits/slots/list').send({ good_id: good.id }).expect(200);
    expect(ofGood.data.find((each: { id: number }) => each.id === offered.id).bookings).toEqual([expect.objectContaining({ email: 'customer@demo.hsa-lli.fr', record: { id: record.id, reference: record.reference } })]);
    const { body: ofDay } = await agents.coordinator.post('/api/visits/day').send({ day: localAt(10, '15:00').slice(0, 10) }).expect(200);
    expect(ofDay.data.map((each: { id: number }) => each.id)).toContain(offered.id);
    expect((await agents.customer.post('/api/visits/day').send({ day: localAt(10, '15:00').slice(0, 10) })).status).toBe(403);
    expect((await agents.customer.post('/api/visits/slots/list').send({ good_id: good.id })).status).toBe(403);

    // Its outcome: not before the slot, then once.
    expect((await agents.hsa.post('/api/records/events/outcome').send({ id: event.id, outcome: 'done' }).expect(409)).body.error).toBe('Cet événement n’a pas encore eu lieu : son issue se donne après.');
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(offered.ends_at).getTime() + 60_000 });
    const agent = (await agentsByRole(api)).hsa;
    await agent.post('/api/records/events/outcome').send({ id: event.id, outcome: 'interested' }).expect(200);
    expect((await agent.post('/api/records/events/outcome').send({ id: event.id, outcome: 'no_interest' }).expect(409)).body.error).toBe('Cet événement a déjà une issue (« Intéressé(e) »).');
    // Past its start, the booking's link neither cancels nor moves it, and staff no longer withdraw the slot.
    const link = linkOf(await inbox.waitFor((mail) => mail.links.some((each) => each.includes(`/visites/${booked.body.booking.id}_`))));
    expect((await request(api.server).post('/api/front/visits/cancel').send({ token: link }).expect(409)).body.error).toBe('Cette visite a commencé : elle ne peut plus être annulée ni déplacée.');
    expect((await request(api.server).post('/api/front/visits/move').send({ token: link, slot_id: typed.id }).expect(409)).body.error).toBe('Cette visite a commencé : elle ne peut plus être annulée ni déplacée.');
    expect((await agent.post('/api/visits/slots/remove').send({ id: offered.id }).expect(409)).body.error).toBe('Ce créneau est passé : il ne peut plus être retiré. Donnez l’issue de chaque visite sur la page du dossier.');
    vi.useRealTimers();
    expect(await api.dataSource.manager.findOneByOrFail(RecordEvent, { id: event.id })).toMatchObject({ outcome: 'interested', at: new Date(offered.starts_at) });
  });

  it('reminds each booking the day before, once; a slot withdrawn cancels its bookings and says so; bookings go 90 days after', async () => {
    const offered = await slot({ starts_at: localAt(12, '16:00') });
    const email = 'amaia.reminded@example.org';
    await book(offered.id, email).expect(201);
    await inbox.waitFor((mail) => mail.to.includes(email));
    const remind = async (days: number) => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + days * DAY });
      try {
        return await api.app.get(JobsService).run<{ reminded: number; removed: number }>('visits', 'daily', {}, { timeoutMs: 60_000 });
      } finally {
        vi.useRealTimers();
      }
    };
    // Counted by the e-mails: on Redis, the daily scheduler may run too when the clock jumps.
    const reminders = () => inbox.messages.filter((mail) => mail.to.includes(email) && mail.subject === 'Rappel : votre visite demain');
    await remind(10);
    expect(reminders()).toHaveLength(0);
    await remind(11);
    const reminder = await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Rappel : votre visite demain');
    expect(reminder.text).toContain('Nous vous attendons demain à 16\u00a0h\u00a000 pour visiter');
    await remind(11);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reminders()).toHaveLength(1);

    const gone = 'xabi.withdrawn@example.org';
    const withdrawn = await slot({ starts_at: localAt(13, '10:00') });
    await book(withdrawn.id, gone).expect(201);
    await agents.hsa.post('/api/visits/slots/remove').send({ id: withdrawn.id }).expect(200);
    await inbox.waitFor((mail) => mail.to.includes(gone) && mail.subject === 'Votre visite est annulée');
    expect((await agents.hsa.post('/api/visits/slots/remove').send({ id: withdrawn.id })).status).toBe(404);

    // Ninety days after the visit, its bookings go with their slot: who came, their address and phone.
    expect(await api.dataSource.manager.countBy(VisitBooking, { email })).toBe(1);
    await remind(12 + 91);
    expect(await api.dataSource.manager.countBy(VisitBooking, { email })).toBe(0);
  });
});
