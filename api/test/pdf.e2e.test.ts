/**
 * The printable PDFs through the API, printed by Chromium: the pages' data, printed once and kept a day, printed again
 * when what they show changes, opened to the staff they are for and to the print credential of that page only.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { PrintTokens } from '../src/auth/print-token.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { PdfPrinter } from '../src/printing/printing.processor.js';
import { PrintingService } from '../src/printing/printing.service.js';
import { Record } from '../src/records/entities/record.entity.js';
import { createRedisClient } from '../src/redis/redis.module.js';
import { agentsByRole } from './back-office.js';
import { BACKENDS, EMBEDDED_BACKEND, type TestApi } from './backends.js';
import { binary, CHROMIUM, downloadPdf, pdfText, until } from './printed-pdfs.js';

const EXECUTIVE = '/PDF/note-de-direction/[id]';
const SUMMARY = '/PDF/fiche-synthese-demandeur/[id]';

describe.each(BACKENDS)('the printable PDFs, on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let printer: PdfPrinter;
  let good: Good;
  let record: Record;
  let applicant: string;
  let origin: string;

  beforeAll(async () => {
    api = await backend.start({ serveApps: true, chromiumPath: CHROMIUM, chromiumFromNpm: false });
    origin = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    printer = api.app.get(PdfPrinter);
    printer.start(origin);
    agents = await agentsByRole(api);
    const records = await api.dataSource.getRepository(Record).find({ relations: { persons: true, wishedGoods: true }, order: { id: 'ASC' } });
    record = records.find((candidate) => candidate.wishedGoods.length > 0 && candidate.persons.some((person) => person.lastName))!;
    const person = record.persons.find((candidate) => candidate.position === 1)!;
    applicant = `${person.firstName} ${person.lastName}`;
    good = (await api.dataSource.getRepository(Good).findOneBy({ id: record.wishedGoods[0]!.id }))!;
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
  });

  it('answers the pages’ data: the good with its LLI ceiling, energy labels and candidate files; the file with its history', async () => {
    const { body } = await agents.hsa.post(`/api/goods/${good.id}/PDF/executive`).send({ id: good.id }).expect(200);
    expect(body.good).toMatchObject({ id: good.id, reference: good.reference, rent_ceiling: expect.any(Number), lli_year: expect.any(Number) });
    expect(body.good.residence).toMatchObject({ name: expect.any(String), area: expect.stringMatching(/^(A|B1|Abis|B2C)$/) });
    const candidate = body.good.candidates.find((entry: { id: number }) => entry.id === record.id);
    expect(candidate).toMatchObject({ reference: record.reference, kinds: expect.arrayContaining(['wished']), stage: record.stage });
    // No names on the note: it goes to the committee too.
    expect(JSON.stringify(body.good.candidates)).not.toContain(applicant.split(' ')[1]);

    const summary = await agents.coordinator.post(`/api/records/${record.id}/PDF/summary`).send({ id: record.id }).expect(200);
    expect(summary.body.record).toMatchObject({ id: record.id, reference: record.reference, person_1: { last_name: applicant.split(' ').slice(1).join(' ') } });
    expect(summary.body.record).toHaveProperty('events');
    expect(summary.body.record).toHaveProperty('stage_changes');
    expect(summary.body.record).not.toHaveProperty('consultations');
  });

  it('prints the executive note once, however many ask, and serves the same file again without printing', async () => {
    const before = printer.prints;
    const call = `/goods/${good.id}/PDF/executive`;
    // Three requests at once: one job, whose id comes from the PDF's key.
    const first = await Promise.all([1, 2, 3].map(() => agents.hsa.get(`/api${call}.pdf`)));
    const ids = new Set(first.map((answer) => (expect(answer.status).toBe(202), answer.body.job.id as string)));
    expect(ids.size).toBe(1);
    const file = await downloadPdf(agents.hsa, call);
    expect(printer.prints - before).toBe(1);
    const pdf = file.body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="note-de-direction-${good.reference}.pdf"`);
    expect(file.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(pdf);
    expect(text).toContain(good.reference);
    expect(text).toContain('Loyer et plafond LLI');
    expect(text).toContain('Plafond LLI');
    expect(text).not.toContain('Télécharger le PDF');

    // The same data: the stored file at once, nothing printed.
    const again = await agents.admin.get(`/api${call}.pdf`).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(again.body as Buffer, pdf)).toBe(0);
    expect(printer.prints - before).toBe(1);

    // The file is private: under DATA_DIR/private/pdf, readable by the service's account only, and encrypted.
    const folder = join(api.config.dataDir, 'private', 'pdf');
    const [stored] = readdirSync(folder).filter((name) => name.startsWith(`executive-${good.id}-`));
    expect(execFileSync('stat', ['-c', '%a', join(folder, stored!)], { encoding: 'utf8' }).trim()).toBe('600');
    const onDisk = readFileSync(join(folder, stored!));
    expect(onDisk.subarray(0, 6).toString('latin1')).toBe('HSADOC');
    expect(onDisk.includes('%PDF')).toBe(false);
  }, 120_000);

  it('prints a new executive note when the good changes, and removes the older one', async () => {
    const call = `/goods/${good.id}/PDF/executive`;
    await downloadPdf(agents.hsa, call);
    const before = printer.prints;
    await api.dataSource.getRepository(Good).update(good.id, { description: 'Séjour traversant, loggia plein sud et cave.' });
    expect((await agents.hsa.get(`/api${call}.pdf`)).status).toBe(202);
    const file = await downloadPdf(agents.hsa, call);
    expect(printer.prints - before).toBe(1);
    expect(pdfText(file.body as Buffer)).toContain('loggia plein sud');
    const stored = readdirSync(join(api.config.dataDir, 'private', 'pdf')).filter((name) => name.startsWith(`executive-${good.id}-`));
    expect(stored).toHaveLength(1);
  }, 120_000);

  it('prints the applicant summary with the applicant’s name, and a new one once the file changes; each ask is a consultation', async () => {
    const call = `/records/${record.id}/PDF/summary`;
    const audits = api.dataSource.getRepository(AuditEntry);
    const viewsBefore = await audits.countBy({ recordId: record.id, action: 'record_view' });
    const file = await downloadPdf(agents.hsa, call);
    const pdf = file.body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.headers['content-disposition']).toContain(`filename="fiche-de-synthese-${record.reference}.pdf"`);
    const text = pdfText(pdf);
    expect(text).toContain(applicant);
    expect(text).toContain(record.reference);
    expect(text).toContain('Pièces justificatives');
    // The hsa's asks are in the audit trail, under their name; the print browser's read of the data is not.
    const views = await audits.findBy({ recordId: record.id, action: 'record_view' });
    expect(views.length).toBeGreaterThan(viewsBefore);
    expect(new Set(views.slice(viewsBefore).map((view) => view.actorName))).toEqual(new Set(['Peio L.']));

    const before = printer.prints;
    await agents.hsa
      .post('/api/records/events/create')
      .send({ record_id: record.id, type: 'call', reason: 'outgoing', at: '2026-11-20T10:00', outcome: 'interested', comment: 'Rappel au sujet de la visite de jeudi.' })
      .expect(201);
    const changed = await downloadPdf(agents.hsa, call);
    expect(printer.prints - before).toBe(1);
    expect(pdfText(changed.body as Buffer)).toContain('Rappel au sujet de la visite de jeudi.');
    // Nothing of the applicant can be read on disk.
    const folder = join(api.config.dataDir, 'private', 'pdf');
    for (const name of readdirSync(folder).filter((candidate) => candidate.startsWith(`summary-${record.id}-`))) {
      const onDisk = readFileSync(join(folder, name));
      expect(onDisk.includes('%PDF')).toBe(false);
      expect(onDisk.includes(record.reference)).toBe(false);
    }
  }, 120_000);

  it('keeps a printed PDF for a day: asked for later, or unreadable, it is printed again, and the older file is removed', async () => {
    const call = `/records/${record.id}/PDF/summary`;
    await downloadPdf(agents.hsa, call);
    const folder = join(api.config.dataDir, 'private', 'pdf');
    const [stored] = readdirSync(folder).filter((name) => name.startsWith(`summary-${record.id}-`));
    const dayAndMore = new Date(Date.now() - api.config.retention.printedPdfHours * 60 * 60_000 - 60_000);
    utimesSync(join(folder, stored!), dayAndMore, dayAndMore);
    // The sweep that follows each print, and the worker's start, removes it.
    await api.app.get(PrintingService).files.sweep();
    expect(readdirSync(folder).filter((name) => name.startsWith(`summary-${record.id}-`))).toEqual([]);
    const before = printer.prints;
    expect((await agents.hsa.get(`/api${call}.pdf`)).status).toBe(202);
    const again = await downloadPdf(agents.hsa, call);
    expect(pdfText(again.body as Buffer)).toContain(applicant);
    expect(printer.prints - before).toBe(1);

    // One past its day that is still on disk is not served, but printed again.
    const [renewed] = readdirSync(folder).filter((name) => name.startsWith(`summary-${record.id}-`));
    utimesSync(join(folder, renewed!), dayAndMore, dayAndMore);
    expect((await agents.hsa.get(`/api${call}.pdf`)).status).toBe(202);
    await downloadPdf(agents.hsa, call);
    expect(printer.prints - before).toBe(2);

    // One that cannot be read back (altered, or its key gone) is printed again, never a server error.
    const [current] = readdirSync(folder).filter((name) => name.startsWith(`summary-${record.id}-`));
    const altered = readFileSync(join(folder, current!));
    altered[altered.length - 1]! ^= 0xff;
    writeFileSync(join(folder, current!), altered);
    expect((await agents.hsa.get(`/api${call}.pdf`)).status).toBe(202);
    expect(pdfText((await downloadPdf(agents.hsa, call)).body as Buffer)).toContain(applicant);
    expect(printer.prints - before).toBe(3);

    // An unencrypted PDF left by an earlier version is removed at the next sweep.
    writeFileSync(join(folder, `summary-${record.id}-0123456789abcdef.pdf`), '%PDF-1.7');
    await api.app.get(PrintingService).files.sweep();
    expect(readdirSync(folder).filter((name) => !name.endsWith('.pdf.enc'))).toEqual([]);
  }, 120_000);

  it('keeps the summary sheet to the staff who work on files (and the comitee role its candidates’), and the note to them and the committee', async () => {
    const summary = `/api/records/${record.id}/PDF/summary`;
    const note = `/api/goods/${good.id}/PDF/executive`;
    const anonymous = request(api.server);
    for (const [path, allowed] of [
      [summary, ['admin', 'hsa', 'coordinator']],
      [note, ['admin', 'hsa', 'coordinator', 'comitee']],
    ] as const) {
      expect((await anonymous.post(path).send({})).status).toBe(401);
      expect((await anonymous.get(`${path}.pdf`)).status).toBe(401);
      expect((await anonymous.get(`${path}/jobs/x`)).status).toBe(401);
      for (const role of ['admin', 'hsa', 'coordinator', 'comitee', 'member', 'customer'] as const) {
        const may = (allowed as readonly string[]).includes(role);
        const data = await agents[role].post(path).send({});
        const pdf = await agents[role].get(`${path}.pdf`);
        // The comitee role opens the summaries of the files presented to a session it sits in: this one is none, so unknown.
        const refused = role === 'comitee' && path === summary ? 404 : 403;
        expect([data.status, pdf.status], `${role} on ${path}`).toEqual(may ? [200, expect.any(Number)] : [refused, refused]);
        if (may) expect([200, 202]).toContain(pdf.status);
      }
    }
    // Unknown ids, and ids that are none: 404 with no body.
    for (const path of ['/api/records/999999/PDF/summary', '/api/goods/999999/PDF/executive', '/api/records/abc/PDF/summary']) {
      const data = await agents.hsa.post(path).send({});
      expect([data.status, data.text]).toEqual([404, '']);
      const pdf = await agents.hsa.get(`${path}.pdf`);
      expect([pdf.status, pdf.text]).toEqual([404, '']);
    }
    // A job is followed only under its own PDF's address.
    const { body } = await agents.hsa.get(`${note}.pdf`);
    if (body.job) expect((await agents.hsa.get(`/api/goods/${good.id + 1}/PDF/executive/jobs/${body.job.id}`)).status).toBe(404);
    expect((await agents.hsa.get(`/api/records/${record.id}/PDF/summary/jobs/executive-${good.id}-nope`)).status).toBe(404);
  }, 60_000);

  it('opens a page’s data to the print credential for that page and that id only, never anything else', async () => {
    const tokens = api.app.get(PrintTokens);
    const token = tokens.sign({ page: SUMMARY, id: record.id });
    const anonymous = request(api.server);
    await anonymous.post(`/api/records/${record.id}/PDF/summary`).set('X-Print-Token', token).send({}).expect(200);
    const other = (await api.dataSource.getRepository(Record).find({ order: { id: 'DESC' }, take: 1 }))[0]!;
    expect(other.id).not.toBe(record.id);
    await anonymous.post(`/api/records/${other.id}/PDF/summary`).set('X-Print-Token', token).send({}).expect(401);
    await anonymous.get(`/api/records/${record.id}/PDF/summary.pdf`).set('X-Print-Token', token).expect(401);
    await anonymous.post('/api/records/get-one').set('X-Print-Token', token).send({ id: record.id }).expect(401);
    await anonymous.post(`/api/goods/${record.id}/PDF/executive`).set('X-Print-Token', token).send({}).expect(401);
    // Expired, altered, or for another page: worth nothing.
    await anonymous.post(`/api/records/${record.id}/PDF/summary`).set('X-Print-Token', tokens.sign({ page: SUMMARY, id: record.id }, Date.now() - 61_000)).send({}).expect(401);
    await anonymous.post(`/api/records/${record.id}/PDF/summary`).set('X-Print-Token', `${token.slice(0, -2)}AA`).send({}).expect(401);
    await anonymous.post(`/api/goods/${good.id}/PDF/executive`).set('X-Print-Token', token).send({}).expect(401);
    const note = tokens.sign({ page: EXECUTIVE, id: good.id });
    await anonymous.post(`/api/goods/${good.id}/PDF/executive`).set('X-Print-Token', note).send({}).expect(200);
    // The shell opens that one page more to the print browser.
    const pages = await anonymous.post('/api/auth/get-pages').set('X-Print-Token', token).expect(200);
    expect(pages.body.pages).toContain(SUMMARY);
    expect(pages.body.pages).not.toContain(EXECUTIVE);
    expect(pages.body.pages).not.toContain('/admin/liste-des-dossiers/[id]');
    // A staff member's session is never widened by a token.
    const staffPages = await agents.member.post('/api/auth/get-pages').set('X-Print-Token', token).expect(200);
    expect(staffPages.body.pages).not.toContain(SUMMARY);
  });

  it('tries a failing print again, then shows it failed in French; asked again, it is printed', async () => {
    const call = `/goods/${good.id}/PDF/executive`;
    // Earlier jobs done first: a job prints the data its page reads, which could be the data changed below.
    await downloadPdf(agents.hsa, `/records/${record.id}/PDF/summary`);
    await downloadPdf(agents.hsa, call);
    await api.dataSource.getRepository(Good).update(good.id, { description: 'Vue sur la Rhune depuis le balcon.' });
    // Nothing answers there: every try fails.
    printer.start('http://127.0.0.1:9');
    try {
      const { body } = await agents.hsa.get(`/api${call}.pdf`).expect(202);
      const failed = await until(
        async () => {
          const answer = await agents.hsa.get(`/api${call}/jobs/${body.job.id}`).expect(200);
          return answer.body.job.state === 'failed' ? answer.body.job : null;
        },
        60_000,
        'the failed job',
      );
      expect(failed.failed_reason).toBe('Le PDF n’a pas pu être préparé. Réessayez dans quelques instants ; si cela se reproduit, prévenez l’équipe technique.');
      if (api.config.redisUrl) {
        const queue = new Queue('pdf', { connection: createRedisClient(api.config.redisUrl), prefix: api.config.queuePrefix });
        expect((await queue.getJob(body.job.id))?.attemptsMade).toBe(3);
        await queue.close();
      }
    } finally {
      printer.start(origin);
    }
    const file = await downloadPdf(agents.hsa, call);
    expect(pdfText(file.body as Buffer)).toContain('Vue sur la Rhune');
  }, 120_000);

  // Each starts an API of its own on the embedded backend: once is enough, and shows as skipped on MariaDB.
  it.runIf(backend === EMBEDDED_BACKEND)('says in French that no PDF can be printed where there is no Chromium at all, and its health says so', async () => {
    const bare = await backend.start({ chromiumPath: '/nonexistent/chromium', chromiumFromNpm: false });
    try {
      const hsa = await agentsByRole(bare).then((all) => all.hsa);
      const answer = await hsa.get(`/api/goods/${good.id}/PDF/executive.pdf`).expect(503);
      expect(answer.body.error).toContain('Chromium');
      expect(answer.body.error).toContain('ne peut pas être préparé');
      const health = await request(bare.server).get('/api/health').expect(200);
      expect(health.body.chromium).toEqual({ source: 'none', ok: false });
    } finally {
      await bare.stop();
    }
  }, 60_000);

  it.runIf(backend === EMBEDDED_BACKEND)('prints with the Chromium the npm package carries when the machine has none of its own', async () => {
    const npm = await backend.start({ serveApps: true, chromiumPath: '/nonexistent/chromium', chromiumFromNpm: true });
    try {
      npm.app.get(PdfPrinter).start(`http://127.0.0.1:${(npm.server.address() as AddressInfo).port}`);
      const health = await request(npm.server).get('/api/health').expect(200);
      expect(health.body.chromium).toEqual({ source: 'npm', ok: true });
      const hsa = (await agentsByRole(npm)).hsa;
      const file = await downloadPdf(hsa, `/goods/${good.id}/PDF/executive`, 90_000);
      expect(pdfText(file.body as Buffer)).toContain(good.reference);
    } finally {
      await npm.stop();
    }
  }, 120_000);
});
