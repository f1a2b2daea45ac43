/**
 * The data subject's rights from their space (issue 24, point 2): the ZIP of everything held about them, and the
 * erasure of their account and file, complete (no trace in any table, document folder or e-mail file, nor in the
 * embedded database's file), the counts kept; a signed lease keeps what it needs and says so.
 */
import { parisDay } from '@hsa-lli/common/domain';
import { parseMail } from '@hsa-lli/common/testing';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecordDocument } from '../src/documents/entities/record-document.entity.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { RecordPerson } from '../src/records/entities/record-person.entity.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { StatisticMonth } from '../src/stats/entities/statistic-month.entity.js';
import { REFRESH_JOB } from '../src/stats/stats.service.js';
import { agentsByRole, type Agent } from './back-office.js';
import { BACKENDS, DEMO_PASSWORD, loggedIn, type TestApi } from './backends.js';
import { committeeFiles, type CommitteeFile } from './committee-files.js';
import { binary, pdfText, until } from './printed-pdfs.js';
import { pdfOf } from './fixture-files.js';

/** Every row of every table of the platform, as text: where a trace of a person would be. */
async function everyRow(api: TestApi): Promise<string> {
  const tables = api.dataSource.entityMetadatas.flatMap((entity) => [entity.tableName, ...entity.manyToManyRelations.map((relation) => relation.joinTableName)]);
  const q = (name: string) => api.dataSource.driver.escape(name);
  const rows = await Promise.all([...new Set(tables)].map(async (table) => JSON.stringify(await api.dataSource.query(`SELECT * FROM ${q(table)}`))));
  return rows.join('\n');
}

/** The counts the statistics are made from, and the statistics themselves, worked out afresh. */
async function counts(api: TestApi): Promise<{ [table: string]: unknown }> {
  const q = (name: string) => api.dataSource.driver.escape(name);
  const tables = ['records', 'record_events', 'record_stage_changes', 'contact_forms'];
  const values = await Promise.all(tables.map(async (table) => Number((await api.dataSource.query(`SELECT COUNT(*) AS n FROM ${q(table)}`))[0].n)));
  await api.app.get(JobsService).run('statistics', REFRESH_JOB, {}, { timeoutMs: 60_000 });
  const statistics = await api.dataSource.manager.find(StatisticMonth, { order: { key: 'ASC', month: 'ASC', label: 'ASC' } });
  return { ...Object.fromEntries(tables.map((table, index) => [table, values[index]!])), statistics: statistics.map(({ key, month, label, value }) => ({ key, month, label, value })) };
}

describe.each(BACKENDS)('a person’s own data, on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let good: Good;

  beforeAll(async () => {
    api = await backend.start({ publicUrl: 'http://hsa.test' });
    agents = await agentsByRole(api);
    good = (await api.dataSource.manager.find(Good, { take: 1, order: { id: 'ASC' } }))[0]!;
  });

  afterAll(async () => {
    vi.useRealTimers();
    await api?.stop();
  });

  /** An alert of `email`'s, asked for on the public list and confirmed by the link of its e-mail (written to the mail folder). */
  async function confirmedAlert(email: string, filters: object): Promise<void> {
    await request(api.server).post('/api/front/alerts/create').set('Origin', api.config.publicUrl).send({ email, filters }).expect(202);
    const folder = join(api.config.dataDir, 'mail');
    const mail = await until(async () => {
      const raw = existsSync(folder) ? readdirSync(folder).map((name) => readFileSync(join(folder, name), 'utf8')).find((text) => text.includes(email) && text.includes('Confirmez votre alerte')) : undefined;
      return raw ? parseMail(raw, [email]) : null;
    });
    const token = mail.links.find((link) => link.includes('/alertes/confirmation/'))!.split('/alertes/confirmation/')[1];
    await request(api.server).post('/api/front/alerts/confirm').send({ token }).expect(200);
  }

  /** A visit booked with `email` on a slot staff publish on a home visitors can see, five days from now. */
  async function bookedVisit(email: string, phone: string): Promise<void> {
    const { body } = await request(api.server).post('/api/front/residences/list').send({}).expect(200);
    const { body: details } = await request(api.server).post('/api/front/residences/details').send({ slug: body.data[0].slug }).expect(200);
    const starts = `${parisDay(new Date(Date.now() + 5 * 24 * 60 * 60_000))}T18:00`;
    const { body: created } = await agents.hsa.post('/api/visits/slots/create').send({ good_id: details.residence.goods[0].id, starts_at: starts, duration_minutes: 30, kind: 'on_site', place: 'Devant la résidence', capacity: 3 }).expect(201);
    await request(api.server).post('/api/front/visits/book').set('Origin', api.config.publicUrl).send({ slot_id: created.slot.id, name: 'Maite Visite', email, phone }).expect(201);
  }

  const upload = async (customer: Agent, type: string, name: string) =>
    (await customer.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', type).attach('file', await pdfOf(name), name).expect(201)).body.document.id as number;

  /** Logging in answers as for an address that never had an account. */
  async function expectNoAccount(email: string): Promise<void> {
    const login = (address: string) => request(api.server).post('/api/auth/login').set('Origin', api.config.publicUrl).send({ email: address, password: DEMO_PASSWORD });
    const [theirs, nobody] = [await login(email), await login('personne.inconnue@example.org')];
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: nobody.status, body: nobody.body });
    expect(theirs.status).toBeGreaterThanOrEqual(400);
  }

  /** A file of its own, with an account, at `stage`. */
  async function fileAt(tag: string, stage: Parameters<typeof committeeFiles>[4]): Promise<{ file: CommitteeFile; customer: Agent }> {
    const [file] = await committeeFiles(api, tag, 1, good, stage);
    return { file: file!, customer: await loggedIn(api, file!.email) };
  }

  it('gives its owner, and no one else, a ZIP of their information as PDF and JSON, their documents as kept, and who consulted their file', async () => {
    const { file, customer } = await fileAt('dx', 'in_progress');
    const sent = [await upload(customer, 'p1_nat_id', 'carte-identite-zx81.pdf'), await upload(customer, 'p1_payslips', 'bulletin-zx81.pdf')];
    const kept = await Promise.all(sent.map(async (id) => (await customer.get(`/api/records/documents/${id}/file`).buffer(true).parse(binary).expect(200)).body as Buffer));
    await agents.hsa.post('/api/records/get-one').send({ id: file.id }).expect(200);
    await confirmedAlert(file.email, { city: '64102', flat_size: 'T3' });
    await bookedVisit(file.email, '06 55 44 33 22');

    expect((await request(api.server).post('/api/records/export-mine').send({})).status).toBe(401);
    const started = await customer.post('/api/records/export-mine').send({}).expect(202);
    expect(started.body).toEqual({ job: { id: expect.any(String) } });
    const job = started.body.job.id as string;

    // Another customer, staff, or nobody: as unknown.
    expect((await agents.customer.get(`/api/records/export-mine/${job}`)).status).toBe(404);
    expect((await agents.hsa.get(`/api/records/export-mine/${job}`)).status).toBe(404);
    expect((await request(api.server).get(`/api/records/export-mine/${job}`)).status).toBe(401);
    // A staff member has no file to export.
    expect((await agents.hsa.post('/api/records/export-mine').send({})).status).toBe(404);

    const answer = await until(async () => {
      const response = await customer.get(`/api/records/export-mine/${job}`).buffer(true).parse(binary);
      return response.status === 200 ? response : null;
    });
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="mes-donnees-hsa-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = unzipSync(new Uint8Array(answer.body as Buffer));
    const names = Object.keys(zip).sort();
    expect(names).toEqual(['consultations.json', 'dossier.json', 'dossier.pdf', expect.stringMatching(/^pieces\/01-.*carte-identite-zx81\.pdf$/), expect.stringMatching(/^pieces\/02-.*bulletin-zx81\.pdf$/)]);
    expect(Buffer.from(zip[names[3]!]!).equals(kept[0]!)).toBe(true);
    expect(Buffer.from(zip[names[4]!]!).equals(kept[1]!)).toBe(true);

    const json = JSON.parse(strFromU8(zip['dossier.json']!));
    expect(json.account).toMatchObject({ email: file.email, first_name: 'Maite', last_name: 'Goyheneche' });
    expect(json.provided).toMatchObject({ reference: file.reference, person_1: { first_name: 'Maite', last_name: 'Goyheneche', tax_income: 28_400 } });
    expect(json.provided.documents.map((document: { file_name: string }) => document.file_name)).toEqual(['carte-identite-zx81.pdf', 'bulletin-zx81.pdf']);
    expect(Array.isArray(json.derived.timeline)).toBe(true);
    expect(json.alerts).toEqual([expect.objectContaining({ label: 'Bayonne · T3', status: 'active', filters: { city: '64102', flat_size: 'T3' } })]);
    expect(json.visits).toEqual([expect.objectContaining({ name: 'Maite Visite', phone: '06 55 44 33 22', kind: 'on_site', place: 'Devant la résidence', cancelled_at: null })]);
    expect(JSON.parse(strFromU8(zip['consultations.json']!))).toEqual([expect.objectContaining({ by: expect.stringContaining('Peio'), what: expect.any(String) })]);

    const readable = pdfText(Buffer.from(zip['dossier.pdf']!));
    expect(readable).toContain(`Vos données — dossier ${file.reference}`);
    expect(readable).toContain('Nom : Maite Goyheneche');
    expect(readable).toContain('carte-identite-zx81.pdf');
    expect(readable).toContain('Qui a consulté votre dossier');
    expect(readable).toContain('« Bayonne · T3 », demandée le');
    expect(readable).toContain('au nom de Maite Visite (06 55 44 33 22)');

    // Kept for its delay only, then as unknown; on disk, encrypted.
    const folder = join(api.config.dataDir, 'private', 'exports');
    const stored = readdirSync(folder).filter((name) => name.endsWith('.zip.enc'));
    expect(stored.length).toBeGreaterThan(0);
    for (const name of stored) expect(readFileSync(join(folder, name)).includes(Buffer.from(file.email))).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (api.config.retention.exportMinutes + 1) * 60_000 });
    try {
      // Its session has ended meanwhile: logged in again, the owner finds it gone.
      expect((await (await loggedIn(api, file.email)).get(`/api/records/export-mine/${job}`)).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);

  it('erases the account and file once the password confirms it: the session ends, nothing of the person is left, the counts stay', async () => {
    const { file, customer } = await fileAt('er', 'in_progress');
    // A name no other file of this test has.
    await api.dataSource.manager.update(RecordPerson, { record: { id: file.id } }, { lastName: 'Erramouspe' });
    await api.dataSource.query(`UPDATE ${api.dataSource.driver.escape('users')} SET ${api.dataSource.driver.escape('lastName')} = 'Erramouspe' WHERE ${api.dataSource.driver.escape('email')} = ?`, [file.email]);
    const phone = '06 12 34 98 76';
    const mine = (await customer.post('/api/records/get-mine').expect(200)).body.my_record;
    await customer.post('/api/records/update-mine').send({ person_1: { ...mine.person_1, phone, address: '7 rue Zuberoa', zip_code: '64100', city: 'Bayonne' } }).expect(200);
    await upload(customer, 'p1_nat_id', 'passeport-er42.pdf');
    await request(api.server).post('/api/contact-forms').set('X-Forwarded-For', '198.51.100.77').send({ subject: 'infos', name: 'Maite Erramouspe', email: file.email, message: 'Message-er42 : une question.', consent: true }).expect(201);
    await agents.hsa.post('/api/records/notes/create').send({ record_id: file.id, body: 'Note-er42 sur Maite Erramouspe.' }).expect(201);
    await confirmedAlert(file.email, { zone: 'B1' });
    await bookedVisit(file.email, '06 55 44 33 42');
    await agents.hsa.post('/api/records/get-one').send({ id: file.id }).expect(200);
    // What they did themselves names them as its author: their password changed.
    await customer.post('/api/users/change-password').send({ current_password: DEMO_PASSWORD, new_password: 'Un-autre-mot-de-passe-2026' }).expect(200);
    const storedNames = (await api.dataSource.manager.find(RecordDocument, { where: { record: { id: file.id } } })).flatMap((document) => [document.storedName, document.watermarkedName].filter(Boolean) as string[]);
    expect(storedNames.length).toBeGreaterThan(0);
    const before = await counts(api);
    const traces = [file.email, 'Erramouspe', phone, '7 rue Zuberoa', 'passeport-er42', 'Message-er42', 'Note-er42', '06 55 44 33 42'];
    const rowsBefore = await everyRow(api);
    expect(traces.filter((trace) => !rowsBefore.includes(trace))).toEqual([]);

    // A wrong password, or none: refused, in French, nothing erased.
    expect((await customer.post('/api/users/erase-me').send({ password: DEMO_PASSWORD }).expect(400)).body.fields).toEqual({ password: 'Le mot de passe est incorrect.' });
    expect((await customer.post('/api/users/erase-me').send({}).expect(400)).body.fields).toEqual({ password: 'Veuillez saisir votre mot de passe actuel.' });
    await customer.post('/api/records/get-mine').expect(200);

    const erased = await customer.post('/api/users/erase-me').send({ password: 'Un-autre-mot-de-passe-2026' }).expect(200);
    expect(erased.body).toEqual({ erased: ['votre compte', 'votre dossier et toutes vos pièces justificatives', 'vos demandes de contact', 'vos alertes et vos visites réservées'], kept: null });
    expect((erased.headers['set-cookie'] as unknown as string[]).some((line) => /^hsa\.sid=;/.test(line))).toBe(true);
    expect((await customer.post('/api/records/get-mine')).status).toBe(401);
    await expectNoAccount(file.email);

    const rows = await everyRow(api);
    expect(traces.filter((trace) => rows.includes(trace))).toEqual([]);
    const documents = join(api.config.dataDir, 'private', 'documents');
    expect(storedNames.filter((name) => existsSync(join(documents, name)))).toEqual([]);
    const mail = join(api.config.dataDir, 'mail');
    const mails = existsSync(mail) ? readdirSync(mail).map((name) => readFileSync(join(mail, name), 'utf8')) : [];
    expect(mails.filter((text) => text.includes(file.email))).toEqual([]);
    if (!api.config.databaseUrl) {
      // The embedded database's file and log: the deleted and overwritten values are zeroed, not only unlinked.
      const database = readdirSync(api.config.dataDir).filter((name) => name.startsWith('hsa-lli.sqlite'));
      for (const name of database) {
        const bytes = readFileSync(join(api.config.dataDir, name));
        expect(traces.filter((trace) => bytes.includes(Buffer.from(trace)))).toEqual([]);
      }
    }
    // The counts the statistics read are the same; the file's row stays, named by nobody, and the journal says why.
    expect(await counts(api)).toEqual(before);
    expect(await api.dataSource.manager.findOneBy(RecordPerson, { record: { id: file.id }, position: 1 })).toMatchObject({ firstName: '', lastName: '', email: null, phone: null });
    const journal = await api.dataSource.query(`SELECT ${api.dataSource.driver.escape('what')} AS what, ${api.dataSource.driver.escape('rule')} AS rule FROM ${api.dataSource.driver.escape('erasures')} WHERE ${api.dataSource.driver.escape('subjectId')} = ?`, [file.id]);
    expect(journal).toEqual(expect.arrayContaining([{ what: 'documents', rule: 'request' }, { what: 'file', rule: 'request' }]));
  }, 120_000);

  it('keeps, for a signed lease, the persons and tax notices until three years after leaving, and says so; the rest goes', async () => {
    const { file, customer } = await fileAt('ls', 'lease_signed');
    const notice = await upload(customer, 'p1_tax_notices', 'avis-ls42.pdf');
    await upload(customer, 'p1_payslips', 'bulletin-ls42.pdf');
    const erased = await customer.post('/api/users/erase-me').send({ password: DEMO_PASSWORD }).expect(200);
    expect(erased.body.kept).toMatchObject({ until: null, why: expect.stringContaining('3 ans après votre départ du logement') });
    expect(erased.body.kept.what).toContain('la composition du foyer');
    await expectNoAccount(file.email);
    const left = await api.dataSource.manager.find(RecordDocument, { where: { record: { id: file.id } } });
    expect(left.map((document) => document.id)).toEqual([notice]);
    expect(await api.dataSource.manager.findOneBy(RecordPerson, { record: { id: file.id }, position: 1 })).toMatchObject({ firstName: 'Maite', lastName: 'Goyheneche' });
  }, 120_000);

  it('lets staff answer an rgpd request with the same tools: the person’s ZIP for the staff member who asked, then the erasure; the request itself stays', async () => {
    const { file, customer } = await fileAt('rg', 'in_progress');
    await upload(customer, 'p1_nat_id', 'cni-rg42.pdf');
    const ask = (subject: string) =>
      request(api.server).post('/api/contact-forms').set('X-Forwarded-For', '198.51.100.78').send({ subject, name: 'Maite Goyheneche', email: file.email, message: 'Merci d’effacer mes données.', consent: true }).expect(201);
    const rgpd = (await ask('rgpd')).body.id as number;
    const other = (await ask('infos')).body.id as number;

    // Only staff of the requests' page, only an rgpd request, only a known one.
    expect((await customer.post('/api/contact-forms/rgpd/subject').send({ id: rgpd })).status).toBe(403);
    for (const call of ['subject', 'export', 'erase']) expect((await request(api.server).post(`/api/contact-forms/rgpd/${call}`).send({ id: rgpd, identity: 'x' })).status).toBe(401);
    expect((await agents.hsa.post('/api/contact-forms/rgpd/subject').send({ id: other }).expect(409)).body.error).toMatch(/^Cette demande ne porte pas sur les données personnelles/);
    expect((await agents.hsa.post('/api/contact-forms/rgpd/erase').send({ id: 999_999, identity: 'Pièce d’identité reçue' })).status).toBe(404);
    expect((await agents.hsa.post('/api/contact-forms/rgpd/subject').send({ id: rgpd }).expect(200)).body).toEqual({
      subject: { account_id: expect.any(Number), name: 'Maite Goyheneche', email: file.email, record: { id: file.id, reference: file.reference, stage_label: 'En constitution' } },
    });

    const job = (await agents.hsa.post('/api/contact-forms/rgpd/export').send({ id: rgpd }).expect(202)).body.job.id as string;
    expect((await agents.coordinator.get(`/api/contact-forms/rgpd/export/${job}`)).status).toBe(404);
    expect((await request(api.server).get(`/api/contact-forms/rgpd/export/${job}`)).status).toBe(401);
    expect((await agents.hsa.get('/api/contact-forms/rgpd/export/not-a-job')).status).toBe(404);
    expect((await customer.get(`/api/records/export-mine/${job}`)).status).toBe(404);
    const answer = await until(async () => {
      const response = await agents.hsa.get(`/api/contact-forms/rgpd/export/${job}`).buffer(true).parse(binary);
      return response.status === 200 ? response : null;
    });
    const zip = unzipSync(new Uint8Array(answer.body as Buffer));
    expect(JSON.parse(strFromU8(zip['dossier.json']!)).account.email).toBe(file.email);
    expect(Object.keys(zip).some((name) => name.endsWith('cni-rg42.pdf'))).toBe(true);

    // The staff member's export is in the file's audit trail, as any read of it.
    expect((await customer.post('/api/records/get-mine').expect(200)).body.my_record.consultations).toEqual(
      expect.arrayContaining([expect.objectContaining({ what: 'A préparé l’export de vos données, à votre demande' })]),
    );
    // Not without saying how the requester's identity was checked: the form's address proves nothing.
    expect((await agents.hsa.post('/api/contact-forms/rgpd/erase').send({ id: rgpd }).expect(400)).body.fields).toEqual({ identity: 'Indiquez comment vous avez vérifié l’identité du demandeur.' });
    await customer.post('/api/records/get-mine').expect(200);
    const erased = await agents.hsa.post('/api/contact-forms/rgpd/erase').send({ id: rgpd, identity: 'Pièce d’identité reçue par e-mail, à l’adresse du compte' }).expect(200);
    expect(erased.body.kept).toBeNull();
    expect((await customer.post('/api/records/get-mine')).status).toBe(401);
    await expectNoAccount(file.email);
    // The request stays, as proof it was answered; the other one went with the person.
    const answered = (await agents.hsa.post('/api/contact-forms/get-one').send({ id: rgpd }).expect(200)).body;
    expect(answered.contact_form).toMatchObject({ email: file.email, subject: 'rgpd' });
    expect(answered.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: 'Peio Larralde', action: 'Export des données du demandeur préparé' }),
        expect.objectContaining({
          actor: 'Peio Larralde',
          action: 'Compte et dossier du demandeur effacés',
          changes: [{ field: 'identity', before: null, after: 'Pièce d’identité reçue par e-mail, à l’adresse du compte' }],
        }),
      ]),
    );
    // Her export, made before, went with her.
    expect((await agents.hsa.get(`/api/contact-forms/rgpd/export/${job}`)).status).toBe(404);
    expect((await agents.hsa.post('/api/contact-forms/get-one').send({ id: other }).expect(200)).body.contact_form).toMatchObject({ email: '', message: '' });
    expect((await agents.hsa.post('/api/contact-forms/rgpd/subject').send({ id: rgpd }).expect(200)).body).toEqual({ subject: null });
    expect((await agents.hsa.post('/api/contact-forms/rgpd/erase').send({ id: rgpd, identity: 'Déjà fait' }).expect(409)).body.error).toMatch(/^Aucun compte de demandeur/);
    const journal = await api.dataSource.query(`SELECT ${api.dataSource.driver.escape('actorName')} AS actor FROM ${api.dataSource.driver.escape('erasures')} WHERE ${api.dataSource.driver.escape('subjectId')} = ? AND ${api.dataSource.driver.escape('what')} = 'file'`, [file.id]);
    expect(journal).toEqual([{ actor: 'Peio Larralde' }]);
  }, 120_000);
});
