import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactForm } from '../src/contact-forms/entities/contact-form.entity.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { agentsByRole } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';
import { pdfOf } from './fixture-files.js';

/** A file name as a phone or an office computer writes it: accents, an apostrophe, French quotes, a dash, an emoji. */
const FILE_NAME = 'Avis d’impôt 2025 — « Hélène » 🏠.pdf';
const CONTROL_IN_LINE = 'Ce champ ne peut contenir ni retour à la ligne, ni tabulation, ni caractère de contrôle.';
const CONTROL_IN_TEXT = 'Ce texte contient un caractère de contrôle invisible : retapez le passage copié-collé.';
const TOO_GUESSABLE = /^Ce mot de passe est trop facile à deviner\./;

/** A client address of its own per request sent, so that the contact form's limit per address never applies. */
let addresses = 0;
const fromAddress = () => ({ 'X-Forwarded-For': `198.51.100.${(addresses += 1) % 250}` });

describe.each(BACKENDS)('text as people type it, on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
    agents = await agentsByRole(api);
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  const contact = (fields: object) =>
    request(api.server)
      .post('/api/contact-forms')
      .set(fromAddress())
      .send({ subject: 'infos', name: 'Ane Etxeberria', email: 'ane@example.org', message: 'Les animaux sont-ils acceptés ?', consent: true, ...fields });

  describe('file names', () => {
    it('keeps a document’s name as it was typed, read as UTF-8, for its owner and for staff', async () => {
      const owner = agents.customer;
      const sent = await owner
        .post('/api/records/documents/upload')
        .set('Origin', api.config.publicUrl)
        .field('type', 'p1_tax_notices')
        .attach('file', await pdfOf('Avis d’imposition 2025'), FILE_NAME)
        .expect(201);
      expect(sent.body.document.file_name).toBe(FILE_NAME);
      const mine = (await owner.post('/api/records/get-mine').expect(200)).body.my_record;
      expect(mine.documents.find((document: { id: number }) => document.id === sent.body.document.id).file_name).toBe(FILE_NAME);
      const staff = (await agents.hsa.post('/api/records/get-one').send({ id: mine.id }).expect(200)).body.record;
      expect(staff.documents.find((document: { id: number }) => document.id === sent.body.document.id).file_name).toBe(FILE_NAME);
    });

    it('names a refused picture as it was typed', async () => {
      const residence = await api.dataSource.getRepository(Residence).findOneByOrFail({ slug: 'residence-arrosa-bayonne' });
      const refused = await agents.hsa
        .post('/api/images/upload')
        .set('Origin', api.config.publicUrl)
        .field('owner', 'residence')
        .field('owner_id', String(residence.id))
        .field('kind', 'photo')
        .attach('files', Buffer.from('pas une image'), { filename: 'Façade été — côté mer 🌊.jpg', contentType: 'image/jpeg' })
        .expect(400);
      expect(refused.body.fields.files).toMatch(/^Le fichier « Façade été — côté mer 🌊\.jpg » n’est pas une image /u);
    });
  });

  describe('names and free texts', () => {
    it('refuses a name made only of direction or zero-width characters, as a missing one', async () => {
      for (const name of ['\u202e', '\u200b', '\u202e\u200b \u2066\ufeff']) {
        expect((await contact({ name }).expect(400)).body.fields).toEqual({ name: 'Indiquez vos nom et prénom.' });
        const invited = await agents.admin.post('/api/users/create').send({ email: 'vide@example.org', first_name: name, last_name: name, role: 'customer' }).expect(400);
        expect(invited.body.fields).toEqual({ first_name: 'Veuillez saisir le prénom.', last_name: 'Veuillez saisir le nom.' });
        const renamed = await agents.customer.post('/api/records/update-mine').send({ person_1: { first_name: name } }).expect(400);
        expect(renamed.body.fields).toEqual({ 'person_1.first_name': 'Indiquez le prénom.' });
      }
      expect(await api.dataSource.getRepository(User).countBy({ email: 'vide@example.org' })).toBe(0);
    });

    it('refuses NUL and other control characters, in French; a message keeps its lines', async () => {
      expect((await contact({ name: 'Ane\u0000 Etxeberria' }).expect(400)).body.fields).toEqual({ name: CONTROL_IN_LINE });
      expect((await contact({ message: 'Bonjour,\u0000 les animaux sont-ils acceptés ?' }).expect(400)).body.fields).toEqual({ message: CONTROL_IN_TEXT });
      const note = await agents.hsa.post('/api/records/notes/create').send({ record_id: 1, body: 'Rappeler\u001b demain' }).expect(400);
      expect(note.body.fields).toEqual({ body: CONTROL_IN_TEXT });
      const search = await agents.hsa.post('/api/contact-forms/list').send({ search: 'Ane\u0000' }).expect(400);
      expect(search.body.fields).toEqual({ search: CONTROL_IN_LINE });
    });

    it('stores names and texts without their direction and zero-width characters', async () => {
      const { id } = (
        await contact({ name: 'Ama\u202eia Etxe\u2066berria\u2069\u200b', phone: '\u202a06 12 34 56 78\u202c', message: 'Bonjour\u200f,\n\tje cherche un T2 à Bayonne.' }).expect(201)
      ).body;
      const stored = await api.dataSource.getRepository(ContactForm).findOneByOrFail({ id });
      expect({ name: stored.name, phone: stored.phone, message: stored.message }).toEqual({
        name: 'Amaia Etxeberria',
        phone: '06 12 34 56 78',
        message: 'Bonjour,\n\tje cherche un T2 à Bayonne.',
      });
      const shown = (await agents.hsa.post('/api/contact-forms/get-one').send({ id }).expect(200)).body.contact_form;
      expect(shown).toMatchObject({ name: 'Amaia Etxeberria', phone: '06 12 34 56 78' });

      const renamed = await agents.customer.post('/api/records/update-mine').send({ person_1: { last_name: 'Berge\u202eret\u200d-Etxe\u2066berria' } }).expect(200);
      expect(renamed.body.my_record.person_1.last_name).toBe('Bergeret-Etxeberria');
    });
  });

  describe('a contact request’s eligibility', () => {
    it('is worked out by the server from the answers: a forged verdict, income or ceiling is not kept', async () => {
      // A person alone in Bayonne (zone B1) for 2026: ceiling 36 144 €, an income of 52 000 € is above it.
      const forged = { household: 'alone', dependants: 0, city: '64102', incomes: [52_000], year: 2026, eligible: true, ceiling: 999_999, income: 1, zone: 'Abis' };
      const { id } = (await contact({ subject: 'new_record', name: 'Mikel Garat', email: 'mikel@example.org', eligibility: forged }).expect(201)).body;
      const expected = { household: 'alone', dependants: 0, city: '64102', incomes: [52_000], year: 2026, eligible: false, ceiling: 36_144, income: 52_000, zone: 'B1' };
      expect((await api.dataSource.getRepository(ContactForm).findOneByOrFail({ id })).eligibility).toEqual(expected);
      const row = (await agents.hsa.post('/api/contact-forms/list').send({ search: 'mikel@example.org' }).expect(200)).body.data[0];
      expect(row.eligibility).toEqual({ eligible: false, zone: 'B1', income: 52_000, ceiling: 36_144 });
      expect((await agents.hsa.post('/api/contact-forms/get-one').send({ id }).expect(200)).body.contact_form.eligibility).toEqual(expected);
    });

    it('is none when the answers are not a question of the test, whatever verdict comes with them', async () => {
      for (const eligibility of [{ eligible: true, ceiling: 99_999, income: 1, zone: 'A' }, { household: 'alone', dependants: 0, city: '00000', incomes: [1], eligible: true }, 'éligible']) {
        const { id } = (await contact({ eligibility }).expect(201)).body;
        expect((await api.dataSource.getRepository(ContactForm).findOneByOrFail({ id })).eligibility).toBeNull();
      }
    });
  });

  describe('new passwords', () => {
    it('refuses an invited person’s names and e-mail words with a year, in any order', async () => {
      const email = 'marie.dupont@example.org';
      await agents.admin.post('/api/users/create').send({ email, first_name: 'Marie', last_name: 'Dupont', role: 'customer' }).expect(201);
      const mail = await inbox.waitFor((candidate) => candidate.to.includes(email));
      const token = mail.links.find((url) => url.includes('/creation-de-compte/'))!.split('/').at(-1)!;
      for (const password of ['Marie-Dupont-2026', '2026.dupont.MARIE', 'Dupont_Marie_1987!']) {
        const refused = await request(api.server).post('/api/auth/register').send({ token, password }).expect(400);
        expect(refused.body.fields.password, password).toMatch(TOO_GUESSABLE);
      }
      await request(api.server).post('/api/auth/register').send({ token, password: 'Marmotte-Escalier-Violon-7' }).expect(201);
    });
  });
});
