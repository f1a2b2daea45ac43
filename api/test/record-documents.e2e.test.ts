/**
 * The supporting documents of an application file, through the API, scanned by clamd when Debian's clamav-daemon is
 * there: upload, reading by their owner and by staff (watermarked, audited), review, shared upload links, hostile files.
 */
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { RecordDocument } from '../src/documents/entities/record-document.entity.js';
import { Token } from '../src/tokens/entities/token.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';
import { findClamd, startClamd, type Clamd } from './clamd.js';
import { HOSTILE_FILES } from './hostile-files.js';
import { pdfOf } from './fixture-files.js';

const PASSWORD = 'Txakoli-Getaria-2026!';

/** A small valid PDF of `pages` pages, with a line of text on each. */
const clamdBinary = findClamd();
if (!clamdBinary && process.env.CI) throw new Error('clamd is missing: install Debian’s clamav-daemon (.ci/run does)');

describe.each(BACKENDS)('the supporting documents of a file, scanned by clamd, on $name', (backend) => {
  let api: TestApi;
  let clamd: Clamd | null = null;
  let inbox: SmtpInbox;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let owner: Agent;
  let other: Agent;
  let mine: { id: number };

  beforeAll(async () => {
    inbox = await startInbox();
    clamd = clamdBinary ? await startClamd(clamdBinary) : null;
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test', clamavUrl: clamd?.url ?? null });
    agents = await agentsByRole(api);
    owner = agents.customer;
    mine = (await owner.post('/api/records/get-mine').expect(200)).body.my_record;
    // A second customer, whose ids the first one tries.
    await agents.admin.post('/api/users/create').send({ email: 'autre.client@example.org', first_name: 'Amaia', last_name: 'Otegi', role: 'customer' }).expect(201);
    const mail = await inbox.waitFor((candidate) => candidate.to.includes('autre.client@example.org'));
    const token = mail.links.find((url) => url.includes('/creation-de-compte/'))!.split('/').at(-1)!;
    other = request.agent(api.server);
    await other.post('/api/auth/register').send({ token, password: PASSWORD }).expect(201);
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
    await clamd?.stop();
  });

  const upload = (agent: Agent, type: string, bytes: Buffer, fileName: string, extra: Record<string, string> = {}) => {
    const call = agent.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', type);
    for (const [name, value] of Object.entries(extra)) call.field(name, value);
    return call.attach('file', bytes, fileName);
  };
  const storedFiles = () => {
    const folder = join(api.config.dataDir, 'private', 'documents');
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const record = async (agent: Agent = owner) => (await agent.post('/api/records/get-mine').expect(200)).body.my_record;

  it('keeps a document its owner uploads, encrypted, and gives the original back to its owner only', async () => {
    const pdf = await pdfOf('Quittance de loyer octobre 2026 Bergeret', 2);
    const { body } = await upload(owner, 'p1_rent_receipts', pdf, 'quittance-octobre.pdf').expect(201);
    expect(body.document).toEqual({
      id: expect.any(Number),
      type: 'p1_rent_receipts',
      status: 'to_process',
      reason: null,
      file_name: 'quittance-octobre.pdf',
      content_type: 'application/pdf',
      size: expect.any(Number),
      pages: 2,
      source: 'owner',
      scan: clamd ? 'clean' : 'not_scanned',
      uploaded_at: expect.any(String),
    });
    const file = await owner.get(`/api/records/documents/${body.document.id}/file`).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    // On disk the file is not readable as it was sent.
    const row = await api.dataSource.getRepository(RecordDocument).findOneByOrFail({ id: body.document.id });
    const stored = readFileSync(join(api.config.dataDir, 'private', 'documents', row.storedName));
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);
    expect(stored.includes(Buffer.from('Quittance'))).toBe(false);
    const view = await record();
    expect(view.documents.map((document: { id: number }) => document.id)).toContain(body.document.id);
    expect(view.completeness).toMatchObject({ provided: 1, missing: expect.not.arrayContaining(['p1_rent_receipts']) });
  });

  it('answers 404 to a customer trying the ids of another file, as for ids that do not exist', async () => {
    const { body } = await upload(owner, 'p1_tax_notices', await pdfOf('Avis d’imposition 2025'), 'avis.pdf').expect(201);
    const id = body.document.id;
    for (const attempt of [id, 999_999]) {
      const read = await other.get(`/api/records/documents/${attempt}/file`).expect(404);
      expect(read.text).toBe('');
      expect((await other.post('/api/records/documents/delete').send({ id: attempt }).expect(404)).text).toBe('');
      const replace = await upload(other, 'p1_tax_notices', await pdfOf('x'), 'x.pdf', { replaces: String(attempt) }).expect(400);
      expect(replace.body.fields).toEqual({ replaces: 'Choisissez un fichier de cette pièce à remplacer.' });
    }
    for (const path of ['abc', '0', '-1', '1e3', `${id}.pdf`]) await other.get(`/api/records/documents/${path}/file`).expect(404);
    // The other file's links cannot be withdrawn either.
    const link = (await owner.post('/api/records/upload-links/create').send({}).expect(201)).body.link;
    expect((await other.post('/api/records/upload-links/withdraw').send({ id: link.id }).expect(404)).text).toBe('');
    expect((await other.post('/api/records/upload-links/list').send({}).expect(200)).body.data).toEqual([]);
    // Nothing of the owner's file moved.
    expect((await owner.get(`/api/records/documents/${id}/file`).expect(200)).headers['content-type']).toBe('application/pdf');
  });

  it('opens the file calls to their owners and staff only', async () => {
    const { body } = await upload(owner, 'p1_birth_certificate', await pdfOf('Acte de naissance'), 'acte.pdf').expect(201);
    expect((await request(api.server).get(`/api/records/documents/${body.document.id}/file`)).status).toBe(401);
    for (const role of ['comitee', 'member'] as const) expect((await agents[role].get(`/api/records/documents/${body.document.id}/file`)).status).toBe(403);
    await expectOnlyFor(api, agents, '/api/records/documents/delete', { id: 999_999 }, ['customer']);
    await expectOnlyFor(api, agents, '/api/records/documents/review', { record_id: mine.id, reviews: [{ id: 999_999, status: 'validated' }] }, ['admin', 'hsa', 'coordinator']);
    await expectOnlyFor(api, agents, '/api/records/upload-links/list-for-record', { record_id: mine.id }, ['admin', 'hsa', 'coordinator']);
    await expectOnlyFor(api, agents, '/api/records/upload-links/list', {}, ['customer']);
  });

  it('replaces a single document, keeps several of a multiple one, and removes until validated', async () => {
    const first = (await upload(owner, 'p1_nat_id', await pdfOf('Carte d’identité recto'), 'cni.pdf').expect(201)).body.document;
    const second = (await upload(owner, 'p1_nat_id', await pdfOf('Carte d’identité recto verso'), 'cni-2.pdf').expect(201)).body.document;
    let view = await record();
    expect(view.documents.filter((document: { type: string }) => document.type === 'p1_nat_id').map((document: { id: number }) => document.id)).toEqual([second.id]);
    await owner.get(`/api/records/documents/${first.id}/file`).expect(404);

    const payslips = [];
    for (const month of ['août', 'septembre', 'octobre']) {
      payslips.push((await upload(owner, 'p1_payslips', await pdfOf(`Bulletin ${month}`), `bulletin-${month}.pdf`).expect(201)).body.document);
    }
    const replacement = (await upload(owner, 'p1_payslips', await pdfOf('Bulletin août corrigé'), 'bulletin-aout.pdf', { replaces: String(payslips[0].id) }).expect(201)).body.document;
    view = await record();
    expect(view.documents.filter((document: { type: string }) => document.type === 'p1_payslips').map((document: { id: number }) => document.id)).toEqual([payslips[1].id, payslips[2].id, replacement.id]);

    await owner.post('/api/records/documents/delete').send({ id: payslips[1].id }).expect(200);
    await agents.hsa.post('/api/records/documents/review').send({ record_id: mine.id, reviews: [{ id: payslips[2].id, status: 'validated' }] }).expect(200);
    const locked = await owner.post('/api/records/documents/delete').send({ id: payslips[2].id }).expect(409);
    expect(locked.body.error).toMatch(/validé par nos services/);
    const noReplace = await upload(owner, 'p1_payslips', await pdfOf('Autre'), 'autre.pdf', { replaces: String(payslips[2].id) }).expect(409);
    expect(noReplace.body.error).toMatch(/validé par nos services/);
    // The second person's documents exist only for a couple.
    const alone = await upload(owner, 'p2_nat_id', await pdfOf('Conjoint'), 'conjoint.pdf').expect(400);
    expect(alone.body.fields).toEqual({ type: 'Choisissez une pièce de votre dossier : le second demandeur n’existe que pour un couple.' });
    const unknown = await upload(owner, 'p1_passport', await pdfOf('Passeport'), 'passeport.pdf').expect(400);
    expect(unknown.body.fields).toEqual({ type: 'Choisissez le type de pièce.' });
  });

  it('gives staff a watermarked copy, never the original, each read in the audit trail', async () => {
    const { body } = await upload(owner, 'p1_rent_receipts', await pdfOf('Quittance novembre TEXTE-ORIGINAL'), 'quittance-novembre.pdf').expect(201);
    const before = await api.dataSource.getRepository(AuditEntry).countBy({ documentId: body.document.id });
    const copy = await agents.coordinator.get(`/api/records/documents/${body.document.id}/file`).set('User-Agent', 'Poste instruction').buffer(true).expect(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    const original = await owner.get(`/api/records/documents/${body.document.id}/file`).buffer(true).expect(200);
    expect(Buffer.compare(copy.body, original.body)).not.toBe(0);
    // The copy's pages are pictures: the original's text is gone from it.
    expect(copy.body.includes(Buffer.from('TEXTE-ORIGINAL'))).toBe(false);
    const trail = await api.dataSource.getRepository(AuditEntry).find({ where: { documentId: body.document.id }, order: { id: 'ASC' } });
    expect(trail.length - before).toBe(1);
    expect(trail.at(-1)).toMatchObject({ action: 'document_read', recordId: mine.id, actorName: 'Sophie D.', userAgent: 'Poste instruction' });
    const seen = (await record()).consultations;
    expect(seen[0]).toMatchObject({ by: 'Sophie D. (Coordinateur)', what: 'A ouvert une pièce justificative' });
    expect((await agents.hsa.get('/api/records/documents/999999/file').expect(404)).text).toBe('');
  });

  it('tells the owner of a refusal with its reason, and once the file is complete', async () => {
    const agent = other;
    const file = await record(agent);
    const required: string[] = file.required_documents;
    const ids: Record<string, number> = {};
    for (const name of required) ids[name] = (await upload(agent, name, await pdfOf(name), `${name}.pdf`).expect(201)).body.document.id;
    const reason = 'Le document est illisible : envoyez un scan en couleur.';
    await agents.hsa
      .post('/api/records/documents/review')
      // Sent with direction and zero-width marks (pasted text): the owner reads the reason without them.
      .send({ record_id: file.id, reviews: [{ id: ids.p1_nat_id, status: 'declined', reason: `\u202B${reason}\u200B` }, ...required.slice(1).map((name) => ({ id: ids[name], status: 'validated' }))] })
      .expect(200);
    const refusal = await inbox.waitFor((mail) => mail.to.includes('autre.client@example.org') && mail.subject === 'Une pièce de votre dossier est à remplacer');
    expect(refusal.text).toContain(`« Pièce d'identité », fichier « p1_nat_id.pdf » : ${reason}`);
    const declined = (await record(agent)).documents.find((document: { id: number }) => document.id === ids.p1_nat_id);
    expect(declined).toMatchObject({ status: 'declined', reason });
    expect((await record(agent)).completeness).toMatchObject({ complete: false, missing: ['p1_nat_id'] });

    const replacement = (await upload(agent, 'p1_nat_id', await pdfOf('CNI couleur'), 'cni-couleur.pdf').expect(201)).body.document;
    await agents.hsa.post('/api/records/documents/review').send({ record_id: file.id, reviews: [{ id: replacement.id, status: 'validated' }] }).expect(200);
    await inbox.waitFor((mail) => mail.to.includes('autre.client@example.org') && mail.subject === 'Votre dossier est complet');
    expect((await record(agent)).completeness).toMatchObject({ complete: true, percent: 100, missing: [] });
    // A document of another file named in a review is a 404, and nothing is reviewed.
    const foreign = await agents.hsa.post('/api/records/documents/review').send({ record_id: mine.id, reviews: [{ id: replacement.id, status: 'declined', reason: 'x' }] }).expect(404);
    expect(foreign.text).toBe('');
    const noReason = await agents.hsa.post('/api/records/documents/review').send({ record_id: file.id, reviews: [{ id: replacement.id, status: 'declined' }] }).expect(400);
    expect(noReason.body.fields).toEqual({ reviews: 'Indiquez la raison du refus : elle sera transmise au demandeur.' });
    // A reason must say something, and holds no control character: the same rule as any text typed in a form.
    const saysNothing = await agents.hsa.post('/api/records/documents/review').send({ record_id: file.id, reviews: [{ id: replacement.id, status: 'declined', reason: '\u200B… !' }] }).expect(400);
    expect(saysNothing.body.fields).toEqual({ reviews: 'Indiquez la raison du refus : elle sera transmise au demandeur.' });
    const control = await agents.hsa.post('/api/records/documents/review').send({ record_id: file.id, reviews: [{ id: replacement.id, status: 'declined', reason: 'Scan\u0000 illisible' }] }).expect(400);
    expect(control.body.fields).toEqual({ reviews: 'Ce texte contient un caractère de contrôle invisible : retapez le passage copié-collé.' });
  });

  it('lets a shared link add documents to its one file for 14 days, seeing nothing of it, until withdrawn', async () => {
    const created = await owner.post('/api/records/upload-links/create').send({ email: 'conjointe@example.org' }).expect(201);
    const { link, url } = created.body;
    expect(link).toMatchObject({ email: 'conjointe@example.org', created_by: 'Lucas Bergeret' });
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBeCloseTo(14 * 24 * 3600_000, -4);
    const [recordId, token] = new URL(url).pathname.split('/').slice(-2);
    expect(url).toBe(`http://hsa.test/deversement-de-pieces/${mine.id}/${token}`);
    const mail = await inbox.waitFor((candidate) => candidate.to.includes('conjointe@example.org'));
    expect(mail.links).toContain(url);

    const visitor = request.agent(api.server);
    const check = await visitor.post('/api/records/shared/check').send({ record_id: recordId, token }).expect(200);
    expect(check.body).toEqual({ infos: { owner: 'Lucas', situation: 'alone', required_documents: expect.arrayContaining(['p1_nat_id']), expires_at: link.expires_at } });
    const sent = await visitor
      .post('/api/records/shared/upload')
      .set('Origin', api.config.publicUrl)
      .field('record_id', recordId!)
      .field('token', token!)
      .field('type', 'p1_rent_receipts')
      .attach('file', await pdfOf('Quittance envoyée par le bailleur'), 'quittance-bailleur.pdf')
      .expect(201);
    expect(sent.body).toEqual({ document: { id: expect.any(Number), type: 'p1_rent_receipts', file_name: 'quittance-bailleur.pdf', uploaded_at: expect.any(String) } });
    expect((await record()).documents.find((document: { id: number }) => document.id === sent.body.document.id)).toMatchObject({ source: 'shared_link' });
    // Nothing else opens with the link.
    await visitor.get(`/api/records/documents/${sent.body.document.id}/file`).expect(401);
    await visitor.post('/api/records/get-mine').expect(401);

    // Another file's id, a wrong or truncated secret: the same 404.
    for (const attempt of [
      { record_id: String(Number(recordId) + 1), token },
      // Its last character changed (to another one: a token may end with « A »).
      { record_id: recordId, token: `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}` },
      { record_id: recordId, token: token!.slice(0, 10) },
      { record_id: recordId, token: '' },
    ]) {
      expect((await visitor.post('/api/records/shared/check').send(attempt).expect(404)).text).toBe('');
    }
    const elsewhere = await visitor
      .post('/api/records/shared/upload')
      .set('Origin', api.config.publicUrl)
      .field('record_id', String((await record(other)).id))
      .field('token', token!)
      .field('type', 'p1_rent_receipts')
      .attach('file', await pdfOf('x'), 'x.pdf')
      .expect(404);
    expect(elsewhere.text).toBe('');

    expect((await owner.post('/api/records/upload-links/list').send({}).expect(200)).body.data.map((entry: { id: number }) => entry.id)).toContain(link.id);
    await owner.post('/api/records/upload-links/withdraw').send({ id: link.id }).expect(200);
    await visitor.post('/api/records/shared/check').send({ record_id: recordId, token }).expect(404);
    expect((await owner.post('/api/records/upload-links/list').send({}).expect(200)).body.data.map((entry: { id: number }) => entry.id)).not.toContain(link.id);

    // After 14 days the link is worth nothing.
    const late = (await agents.hsa.post('/api/records/upload-links/create-for-record').send({ record_id: mine.id }).expect(201)).body;
    const lateToken = late.url.split('/').at(-1);
    await request(api.server).post('/api/records/shared/check').send({ record_id: mine.id, token: lateToken }).expect(200);
    await api.dataSource.getRepository(Token).update({ id: late.link.id }, { expiresAt: new Date(Date.now() - 1000) });
    await request(api.server).post('/api/records/shared/check').send({ record_id: mine.id, token: lateToken }).expect(404);
  });

  it('deletes the second applicant and their documents when the household becomes one person again', async () => {
    await owner.post('/api/records/update-mine').send({ situation: 'couple', person_2: { first_name: 'Nahia', last_name: 'Bergeret' } }).expect(200);
    const partner = (await upload(owner, 'p2_nat_id', await pdfOf('CNI de Nahia'), 'cni-nahia.pdf').expect(201)).body.document;
    await agents.hsa.get(`/api/records/documents/${partner.id}/file`).expect(200);
    const rows = await api.dataSource.getRepository(RecordDocument).findOneByOrFail({ id: partner.id });
    const files = [rows.storedName, rows.watermarkedName!];
    expect(files.every((name) => storedFiles().includes(name))).toBe(true);
    const alone = (await owner.post('/api/records/update-mine').send({ situation: 'alone', person_2: null }).expect(200)).body.my_record;
    expect(alone.person_2).toBeNull();
    expect(await api.dataSource.getRepository(RecordDocument).findOneBy({ id: partner.id })).toBeNull();
    expect(files.some((name) => storedFiles().includes(name))).toBe(false);
    await agents.hsa.get(`/api/records/documents/${partner.id}/file`).expect(404);
    const couple = (await owner.post('/api/records/update-mine').send({ situation: 'couple' }).expect(200)).body.my_record;
    expect(couple.person_2).toMatchObject({ first_name: '', last_name: '' });
    expect(couple.documents.filter((document: { type: string }) => document.type.startsWith('p2_'))).toEqual([]);
    await owner.post('/api/records/update-mine').send({ situation: 'alone' }).expect(200);
  });

  it('gives a staff member who is also an applicant their own originals, and others’ documents watermarked', async () => {
    const own = (await upload(owner, 'p1_tax_notices', await pdfOf('Avis 2024 du demandeur'), 'avis-2024.pdf').expect(201)).body.document;
    const original = (await owner.get(`/api/records/documents/${own.id}/file`).buffer(true).expect(200)).body;
    const someone = (await upload(other, 'p1_tax_notices', await pdfOf('Avis d’une autre'), 'avis-autre.pdf').expect(201)).body.document;
    const users = api.dataSource.getRepository(User);
    const customer = await users.findOneByOrFail({ email: 'customer@demo.hsa-lli.fr' });
    await users.update({ id: customer.id }, { roles: ['customer', 'coordinator'] });
    try {
      const mineAgain = await owner.get(`/api/records/documents/${own.id}/file`).buffer(true).expect(200);
      expect(Buffer.compare(mineAgain.body, original)).toBe(0);
      const reads = await api.dataSource.getRepository(AuditEntry).countBy({ documentId: own.id });
      expect(reads).toBe(0);
      const theirs = await owner.get(`/api/records/documents/${someone.id}/file`).buffer(true).expect(200);
      expect(theirs.body.includes(Buffer.from('Avis d’une autre'))).toBe(false);
      expect(await api.dataSource.getRepository(AuditEntry).countBy({ documentId: someone.id })).toBe(1);
    } finally {
      await users.update({ id: customer.id }, { roles: ['customer'] });
    }
  });

  it('refuses each hostile file with a French message, keeping nothing of it and touching nothing else', async () => {
    const before = await record();
    const filesBefore = storedFiles().length;
    for (const hostile of HOSTILE_FILES.filter((file) => clamd || !file.antivirus)) {
      const bytes = await hostile.bytes();
      const answer = await upload(owner, 'p1_rent_receipts', bytes, hostile.fileName);
      expect({ name: hostile.name, status: answer.status }).toEqual({ name: hostile.name, status: hostile.status ?? 400 });
      expect(answer.body.fields?.file ?? answer.body.error, hostile.name).toMatch(hostile.expect);
    }
    expect(storedFiles().length).toBe(filesBefore);
    const incoming = join(api.config.dataDir, 'private', 'incoming');
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
    const after = await record();
    expect(after.documents).toEqual(before.documents);
  });
});
