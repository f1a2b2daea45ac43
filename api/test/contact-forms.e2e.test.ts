import { rgpdDeadline, splitName } from '@hsa-lli/common/back-office';
import { startInbox, type ReceivedMail, type SmtpInbox } from '@hsa-lli/common/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactForm } from '../src/contact-forms/entities/contact-form.entity.js';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, EMBEDDED_BACKEND, type TestApi } from './backends.js';

const BACK_OFFICE = ['admin', 'hsa', 'coordinator'] as const;
const PASSWORD = 'Une-phrase-de-passe-2026';
const ELIGIBILITY = { household: 'couple', dependants: 1, city: '64024', incomes: [45000, 30000], year: 2026, eligible: true, ceiling: 79666, income: 75000, zone: 'A' };

/** A client address of its own per request sent, so that the contact form's limit per address never applies. */
let addresses = 0;
const fromAddress = () => ({ 'X-Forwarded-For': `198.51.100.${(addresses += 1) % 250}` });

describe.runIf(EMBEDDED_BACKEND)('a requester’s name as an account’s names', () => {
  it('takes the first word as the first name, or the capitals as the last name', () => {
    expect(splitName('Peio Arrieta')).toEqual({ first_name: 'Peio', last_name: 'Arrieta' });
    expect(splitName('Jean-Pierre de la Fontaine')).toEqual({ first_name: 'Jean-Pierre', last_name: 'de la Fontaine' });
    expect(splitName('ARRIETA Peio')).toEqual({ first_name: 'Peio', last_name: 'ARRIETA' });
    expect(splitName('DE LA FONTAINE Jean-Pierre')).toEqual({ first_name: 'Jean-Pierre', last_name: 'DE LA FONTAINE' });
    expect(splitName('Maddi')).toEqual({ first_name: 'Maddi', last_name: '' });
  });

  it('gives an rgpd request a month, the last day of a shorter month', () => {
    expect(rgpdDeadline(new Date('2026-03-10T09:00:00Z')).toISOString()).toBe('2026-04-10T09:00:00.000Z');
    expect(rgpdDeadline(new Date('2026-01-31T09:00:00Z')).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(rgpdDeadline(new Date('2026-12-15T09:00:00Z')).toISOString()).toBe('2027-01-15T09:00:00.000Z');
  });
});

describe.each(BACKENDS)('contact requests in the back office on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let hsa: Agent;

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
    agents = await agentsByRole(api);
    hsa = agents.hsa;
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  /** Sends a request from the public form; answers its id. */
  async function sent(fields: Partial<{ subject: string; name: string; email: string; phone: string; message: string; eligibility: object }> = {}): Promise<number> {
    const body = { subject: 'infos', name: 'Ane Etxeberria', email: 'ane@example.org', message: 'Les animaux sont-ils acceptés ?', consent: true, ...fields };
    return (await request(api.server).post('/api/contact-forms').set(fromAddress()).send(body).expect(201)).body.id;
  }

  const list = (body: object) => hsa.post('/api/contact-forms/list').send(body).expect(200);
  const rowOf = async (id: number, body: object = {}) => (await list({ per_page: 100, ...body })).body.data.find((row: { id: number }) => row.id === id);

  async function mailTo(email: string, subject: string): Promise<ReceivedMail> {
    return inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === subject);
  }

  it('opens every call to the back office only', async () => {
    const id = await sent({ email: 'acces@example.org' });
    await expectOnlyFor(api, agents, '/api/contact-forms/list', {}, BACK_OFFICE);
    for (const action of ['get', 'get-one', 'complete', 'reopen', 'convert']) {
      await expectOnlyFor(api, agents, `/api/contact-forms/${action}`, { id: 999_999 }, BACK_OFFICE);
    }
    await expectOnlyFor(api, agents, '/api/contact-forms/reply', { id: 999_999, message: 'Bonjour' }, BACK_OFFICE);
    // A refused call reads nothing.
    await agents.customer.post('/api/contact-forms/get-one').send({ id }).expect(403);
    expect((await rowOf(id)).unread).toBe(true);
  });

  it('answers 404 with no body for an unknown id', async () => {
    for (const action of ['get', 'get-one', 'complete', 'reopen', 'convert']) {
      const missing = await hsa.post(`/api/contact-forms/${action}`).send({ id: 999_999 }).expect(404);
      expect(missing.text, action).toBe('');
    }
    expect((await hsa.post('/api/contact-forms/reply').send({ id: 999_999, message: 'Bonjour' }).expect(404)).text).toBe('');
  });

  it('refuses a wrong list request or reply in French', async () => {
    const wrong = await hsa.post('/api/contact-forms/list').send({ filters: { status: 'lu', unread: 'oui' }, sort: { column: 'message', direction: 'asc' } }).expect(400);
    expect(wrong.body.fields).toEqual({
      'filters.status': 'Choisissez le statut : nouveau ou terminé.',
      'filters.unread': 'Indiquez oui (true) ou non (false).',
      'sort.column': 'Cette colonne ne peut pas servir au tri.',
    });
    const empty = await hsa.post('/api/contact-forms/reply').send({ id: 1, message: '   ' }).expect(400);
    expect(empty.body.fields).toEqual({ message: 'Écrivez votre réponse.' });
  });

  it('lists with filters, a search and a sort, rows telling what the eligibility test answered and when an rgpd request is due', async () => {
    const tag = `liste${Date.now()}`;
    const plain = await sent({ name: `Zorione ${tag}`, email: `zorione.${tag}@example.org` });
    const eligible = await sent({ subject: 'new_record', name: `Amaia ${tag}`, email: `amaia.${tag}@example.org`, eligibility: ELIGIBILITY });
    const rgpd = await sent({ subject: 'rgpd', name: `Beñat ${tag}`, message: `Je souhaite que mes données soient effacées ${tag}.` });
    await api.dataSource.createQueryBuilder().update(ContactForm).set({ createdAt: new Date('2026-01-31T09:00:00Z') }).where('id = :id', { id: rgpd }).execute();

    const all = (await list({ search: tag })).body;
    expect(all.total).toBe(3);
    // Newest first by default; the rgpd request was moved back in time.
    expect(all.data.map((row: { id: number }) => row.id)).toEqual([eligible, plain, rgpd]);
    expect(all.data[0]).toEqual({
      id: eligible,
      subject: 'new_record',
      name: `Amaia ${tag}`,
      email: `amaia.${tag}@example.org`,
      created_at: expect.any(String),
      status: 'new',
      unread: true,
      rgpd: false,
      rgpd_deadline: null,
      overdue: false,
      eligibility: { eligible: true, zone: 'A', income: 75000, ceiling: 79666 },
      record_id: null,
    });
    expect(all.data[1]).toMatchObject({ id: plain, eligibility: null, rgpd: false });
    expect(all.data[2]).toMatchObject({ id: rgpd, rgpd: true, rgpd_deadline: '2026-02-28T09:00:00.000Z', overdue: true });

    const ids = async (body: object) => (await list({ search: tag, ...body })).body.data.map((row: { id: number }) => row.id);
    expect(await ids({ filters: { from_eligibility: true } })).toEqual([eligible]);
    expect(await ids({ filters: { from_eligibility: false } })).toEqual([plain, rgpd]);
    expect(await ids({ filters: { subject: 'rgpd' } })).toEqual([rgpd]);
    expect(await ids({ sort: { column: 'name', direction: 'asc' } })).toEqual([eligible, rgpd, plain]);
    // The search looks into the message and the e-mail too.
    expect((await list({ search: `effacées ${tag}` })).body.data.map((row: { id: number }) => row.id)).toEqual([rgpd]);
    expect((await list({ search: `zorione.${tag}@` })).body.data.map((row: { id: number }) => row.id)).toEqual([plain]);

    await hsa.post('/api/contact-forms/get-one').send({ id: rgpd }).expect(200);
    expect(await ids({ filters: { unread: true } })).toEqual([eligible, plain]);
    expect(await ids({ filters: { unread: false } })).toEqual([rgpd]);

    // Answered, the rgpd request is no longer late.
    await hsa.post('/api/contact-forms/complete').send({ id: rgpd }).expect(200);
    expect(await ids({ filters: { status: 'completed' } })).toEqual([rgpd]);
    expect(await ids({ filters: { status: 'new', subject: 'rgpd' } })).toEqual([]);
    expect(await rowOf(rgpd, { search: tag })).toMatchObject({ status: 'completed', overdue: false });
    expect(await ids({ sort: { column: 'status', direction: 'asc' } })).toEqual([plain, eligible, rgpd]);
    expect(await ids({ sort: { column: 'status', direction: 'desc' } })).toEqual([rgpd, eligible, plain]);
  });

  it('marks a request read the first time staff open it, by either call, and notes it once', async () => {
    const id = await sent({ email: 'lecture@example.org', phone: '06 12 34 56 78' });
    expect((await rowOf(id)).unread).toBe(true);
    const first = (await agents.coordinator.post('/api/contact-forms/get-one').send({ id }).expect(200)).body;
    expect(first.contact_form).toMatchObject({ id, email: 'lecture@example.org', phone: '06 12 34 56 78', message: 'Les animaux sont-ils acceptés ?', unread: false, read_at: expect.any(String), record: null, eligibility: null });
    expect(first.history).toEqual([{ at: expect.any(String), actor: expect.any(String), action: 'Lue', changes: [] }]);
    expect(first.replies).toEqual([]);
    const again = (await hsa.post('/api/contact-forms/get-one').send({ id }).expect(200)).body;
    expect(again.history).toHaveLength(1);
    expect(again.contact_form.read_at).toBe(first.contact_form.read_at);

    const other = await sent({ email: 'lecture-2@example.org' });
    const spec = await hsa.post('/api/contact-forms/get').send({ id: other }).expect(200);
    expect(spec.body).toEqual({ data: [expect.objectContaining({ id: other, email: 'lecture-2@example.org', status: 'new' })] });
    expect((await rowOf(other)).unread).toBe(false);
  });

  it('mails a reply signed by the team, keeps it, and may complete the request with it', async () => {
    const id = await sent({ email: 'reponse@example.org', message: 'Texte du demandeur qui ne doit pas repartir.' });
    const answer = (await hsa.post('/api/contact-forms/reply').send({ id, message: 'Bonjour,\n\nLes animaux sont acceptés.' }).expect(200)).body;
    const mail = await mailTo('reponse@example.org', 'Réponse à votre demande : Obtenir des informations');
    expect(mail.text).toContain('(« Obtenir des informations »). Voici notre réponse.');
    expect(mail.text).toContain('Les animaux sont acceptés.');
    expect(mail.text).toContain('L’équipe HSA Logement intermédiaire');
    expect(mail.text).not.toContain('Texte du demandeur');
    expect(answer.replies).toEqual([{ id: expect.any(Number), body: 'Bonjour,\n\nLes animaux sont acceptés.', author: expect.any(String), sent_at: expect.any(String) }]);
    expect(answer.contact_form.status).toBe('new');
    expect(answer.history.map((entry: { action: string }) => entry.action)).toEqual(['Réponse envoyée', 'Lue']);

    const done = (await hsa.post('/api/contact-forms/reply').send({ id, message: 'Un complément.', complete: true }).expect(200)).body;
    expect(done.replies).toHaveLength(2);
    expect(done.contact_form).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect(done.history[0]).toMatchObject({ action: 'Marquée comme terminée', changes: [{ field: 'status', before: 'new', after: 'completed' }] });
  });

  it('completes and reopens a request, refusing to do either twice', async () => {
    const id = await sent({ email: 'termine@example.org' });
    await hsa.post('/api/contact-forms/reopen').send({ id }).expect(409, { error: 'Cette demande est déjà ouverte : elle n’est pas terminée.' });
    expect((await hsa.post('/api/contact-forms/complete').send({ id }).expect(200)).body.contact_form.status).toBe('completed');
    await hsa.post('/api/contact-forms/complete').send({ id }).expect(409, { error: 'Cette demande est déjà terminée.' });
    const reopened = (await hsa.post('/api/contact-forms/reopen').send({ id }).expect(200)).body;
    expect(reopened.contact_form).toMatchObject({ status: 'new', completed_at: null });
    expect(reopened.history.map((entry: { action: string }) => entry.action)).toEqual(['Rouverte', 'Marquée comme terminée', 'Lue']);
  });

  it('turns an eligibility request into a prefilled file, whose owner finds it on registering', async () => {
    const email = 'peio.arrieta@example.org';
    const id = await sent({ subject: 'new_record', name: 'Peio Arrieta', email, phone: '06 12 34 56 78', eligibility: ELIGIBILITY });
    const converted = (await hsa.post('/api/contact-forms/convert').send({ id }).expect(200)).body;
    expect(converted.contact_form).toMatchObject({ status: 'completed', record: { id: expect.any(Number), reference: expect.stringMatching(/^DOS-\d{4}-\d{4,}$/) } });
    const { record } = converted.contact_form;
    expect(converted.contact_form.record_id).toBe(record.id);
    expect(converted.history[0]).toMatchObject({ action: `Transformée en dossier ${record.reference}` });
    await hsa.post('/api/contact-forms/convert').send({ id }).expect(409, { error: `Cette demande est déjà devenue le dossier ${record.reference}.` });

    const invitation = await mailTo(email, 'Votre accès à HSA Logement intermédiaire');
    expect(invitation.text).toContain('Bonjour Peio,');
    const tokenOf = (mail: typeof invitation) => mail.links.find((url) => url.startsWith('http://hsa.test/creation-de-compte/'))!.split('/').at(-1)!;
    // From the file's page, staff see the account waiting and send a new link, which replaces the first.
    expect((await hsa.post('/api/records/get-one').send({ id: record.id }).expect(200)).body.record.account).toEqual({ id: expect.any(Number), email, state: 'invited' });
    const invitations = () => inbox.messages.filter((mail) => mail.to.includes(email) && mail.subject === invitation.subject);
    const resent = await hsa.post('/api/records/resend-invitation').send({ id: record.id }).expect(200);
    expect(resent.body).toEqual({ account: { id: expect.any(Number), email, state: 'invited' } });
    await inbox.waitFor(() => invitations().length === 2);
    const latest = invitations().at(-1)!;
    const applicant = request.agent(api.server);
    await applicant.post('/api/auth/register').send({ token: tokenOf(invitation), password: PASSWORD }).expect(404);
    await applicant.post('/api/auth/register').send({ token: tokenOf(latest), password: PASSWORD }).expect(201);
    const registered = await hsa.post('/api/records/resend-invitation').send({ id: record.id }).expect(409);
    expect(registered.body.error).toBe('Peio Arrieta a déjà choisi son mot de passe : son compte n’attend plus d’invitation.');
    const mine = (await applicant.post('/api/records/get-mine').expect(200)).body.my_record;
    expect(mine).toMatchObject({
      id: record.id,
      reference: record.reference,
      situation: 'couple',
      members: [{ first_name: '', birth_date: null, role: 'child' }],
      person_1: { first_name: 'Peio', last_name: 'Arrieta', email, phone: '06 12 34 56 78', tax_income: 45000 },
      person_2: { first_name: '', last_name: '', tax_income: 30000 },
    });
  });

  it('links a request to the customer account of its address when it has no file yet, and refuses any other account', async () => {
    const staff = await sent({ email: 'hsa@demo.hsa-lli.fr' });
    const refused = await hsa.post('/api/contact-forms/convert').send({ id: staff }).expect(409);
    expect(refused.body.error).toMatch(/^L’adresse hsa@demo\.hsa-lli\.fr est celle d’un compte du personnel \(.+\) : un dossier ne peut pas y être rattaché\./);
    const withFile = await sent({ email: 'customer@demo.hsa-lli.fr' });
    await hsa.post('/api/contact-forms/convert').send({ id: withFile }).expect(409, {
      error: 'Le compte client de customer@demo.hsa-lli.fr a déjà un dossier : complétez-le plutôt que d’en ouvrir un autre.',
    });
    for (const id of [staff, withFile]) {
      expect((await hsa.post('/api/contact-forms/get-one').send({ id }).expect(200)).body.contact_form).toMatchObject({ status: 'new', record: null });
    }

    const invited = (await agents.admin.post('/api/users/create').send({ email: 'sans-dossier@example.org', first_name: 'Miren', last_name: 'Haran', role: 'customer' }).expect(201)).body.user;
    const id = await sent({ name: 'Miren Haran', email: 'sans-dossier@example.org' });
    const converted = (await hsa.post('/api/contact-forms/convert').send({ id }).expect(200)).body;
    expect(converted.contact_form.record).not.toBeNull();
    const users = (await agents.admin.post('/api/users/list').send({ search: 'sans-dossier@example.org' }).expect(200)).body;
    expect(users.data.map((user: { id: number }) => user.id)).toEqual([invited.id]);
    // Still waiting for its password: the account is sent a new link.
    await inbox.waitFor(() => inbox.messages.filter((mail) => mail.to.includes('sans-dossier@example.org')).length >= 2);
  });
});
