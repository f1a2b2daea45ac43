/**
 * The retention delays (issue 24, point 1), run by the daily job on a clock the test moves: applicants warned in
 * French before anything goes, then the documents, then the file and account; closed files; signed leases; contact
 * requests; unused invitations; links, audit trail and e-mail files. Each erasure in the journal, the counts kept.
 */
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { ContactForm } from '../src/contact-forms/entities/contact-form.entity.js';
import { Erasure } from '../src/data-protection/entities/erasure.entity.js';
import type { RetentionRun } from '../src/data-protection/retention.service.js';
import { RecordDocument } from '../src/documents/entities/record-document.entity.js';
import { RecordEvent } from '../src/follow-up/entities/record-event.entity.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { RecordPerson } from '../src/records/entities/record-person.entity.js';
import { Record } from '../src/records/entities/record.entity.js';
import { Token } from '../src/tokens/entities/token.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';
import { committeeFiles, type CommitteeFile } from './committee-files.js';
import { until } from './jobs-contract.js';
import { pdfOf } from './fixture-files.js';

const DAY = 24 * 60 * 60_000;

describe.each(BACKENDS)('the retention delays, on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let good: Good;
  const start = Date.now();

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
    good = (await api.dataSource.manager.find(Good, { take: 1, order: { id: 'ASC' } }))[0]!;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  /**
   * The daily job, run as the scheduler runs it, `days` after the test began. The clock stays there until the run's
   * warnings have reached the mail server: moved while an e-mail is being sent, it would time its connection out.
   */
  async function runOn(days: number): Promise<RetentionRun> {
    vi.useFakeTimers({ toFake: ['Date'], now: start + days * DAY });
    try {
      const received = inbox.messages.length;
      const run = await api.app.get(JobsService).run<RetentionRun>('retention', 'retention', {}, { timeoutMs: 60_000 });
      await until(() => inbox.messages.length >= received + run.warned, 'the run’s warnings', 60_000);
      return run;
    } finally {
      vi.useRealTimers();
    }
  }

  const mailsTo = (email: string) => inbox.messages.filter((mail) => mail.to.includes(email));
  /** A run warns every file due, the demo's too, one e-mail after the other: on a loaded machine, that takes a while. */
  const arrived = (test: Parameters<SmtpInbox['waitFor']>[0]) => inbox.waitFor(test, 60_000);
  const journal = (id: number) => api.dataSource.manager.find(Erasure, { where: { subject: 'record', subjectId: id }, order: { id: 'ASC' } });

  async function fileWithDocuments(tag: string, stage: Parameters<typeof committeeFiles>[4], types: string[]): Promise<CommitteeFile> {
    const [file] = await committeeFiles(api, tag, 1, good, stage);
    const customer = await loggedIn(api, file!.email);
    for (const type of types) {
      await customer.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', type).attach('file', await pdfOf(`${tag} ${type}`), `${tag}-${type}.pdf`).expect(201);
    }
    return file!;
  }

  it('warns an inactive file’s owner 30 and 7 days before, erases its documents at 90 days, then the file and account a year later; a login starts the clock again', async () => {
    const file = await fileWithDocuments('ia', 'in_progress', ['p1_nat_id']);
    const other = await fileWithDocuments('ib', 'in_progress', ['p1_nat_id']);
    const stored = (await api.dataSource.manager.find(RecordDocument, { where: { record: { id: file.id } } })).map((document) => document.storedName);

    await runOn(59);
    expect(mailsTo(file.email)).toEqual([]);
    await runOn(61);
    const first = await arrived((mail) => mail.to.includes(file.email));
    expect(first.subject).toMatch(/^Vos pièces justificatives seront supprimées le \d{1,2}(er)? \S+ \d{4}$/);
    expect(first.text).toContain(`Votre dossier de demande de logement (${file.reference}) n’a pas évolué depuis le`);
    expect(first.links).toContain('http://hsa.test/login');
    // Once only, however many runs.
    expect((await runOn(61.5)).warned).toBe(0);
    await arrived((mail) => mail.to.includes(other.email));
    expect(mailsTo(file.email)).toHaveLength(1);

    // The other applicant comes back: their clock starts again.
    vi.useFakeTimers({ toFake: ['Date'], now: start + 62 * DAY });
    await loggedIn(api, other.email);
    vi.useRealTimers();

    await runOn(84);
    await arrived(() => mailsTo(file.email).length === 2);
    expect(mailsTo(file.email)[1]!.subject).toBe(first.subject);
    expect(await api.dataSource.manager.countBy(RecordDocument, { record: { id: file.id } })).toBe(1);

    await runOn(91);
    expect(await api.dataSource.manager.countBy(RecordDocument, { record: { id: file.id } })).toBe(0);
    expect(stored.filter((name) => existsSync(join(api.config.dataDir, 'private', 'documents', name)))).toEqual([]);
    expect(await api.dataSource.manager.countBy(RecordDocument, { record: { id: other.id } })).toBe(1);
    expect(await journal(file.id)).toEqual([expect.objectContaining({ what: 'documents', rule: 'inactive', actorId: null, actorName: 'La plateforme' })]);
    // The rest is still there, the account too.
    expect(await api.dataSource.manager.findOneBy(RecordPerson, { record: { id: file.id }, position: 1 })).toMatchObject({ lastName: 'Goyheneche' });

    // A year after, warned again, then the file and the account go; the file's row stays for the statistics.
    const yearLater = 91 + 365;
    await runOn(yearLater - 29);
    await arrived((mail) => mail.to.includes(file.email) && mail.subject.startsWith('Votre dossier sera supprimé le'));
    await runOn(yearLater + 2);
    expect(await api.dataSource.manager.findOneBy(User, { email: file.email })).toBeNull();
    expect(await api.dataSource.manager.findOneBy(RecordPerson, { record: { id: file.id }, position: 1 })).toMatchObject({ firstName: '', lastName: '', email: null });
    expect(await api.dataSource.manager.existsBy(Record, { id: file.id })).toBe(true);
    expect((await journal(file.id)).map((entry) => `${entry.what}:${entry.rule}`)).toEqual(['documents:inactive', 'file:inactive_file']);
  }, 180_000);

  it('erases a refused file 90 days after the refusal, warned 7 days before, and a signed lease’s documents but the tax notices after 90 days, the rest 3 years after leaving', async () => {
    const refused = await fileWithDocuments('rf', 'refused', ['p1_nat_id']);
    await api.dataSource.manager.update(Record, { id: refused.id }, { stageChangedAt: new Date(start) });
    const lease = await fileWithDocuments('ls', 'lease_signed', ['p1_tax_notices', 'p1_payslips']);
    const event = (type: 'lease_signed' | 'leaving', days: number) =>
      api.dataSource.manager.insert(RecordEvent, { record: { id: lease.id }, type, at: new Date(start + days * DAY), actorId: null, actorName: 'La plateforme' });
    // Signed once the documents were in.
    await event('lease_signed', 1);
    // Refused long before the job first ran: it is told first, and erased only a week after.
    const late = await fileWithDocuments('lt', 'refused', ['p1_nat_id']);
    await api.dataSource.manager.update(Record, { id: late.id }, { stageChangedAt: new Date(start - 100 * DAY) });
    // A lease that was not signed after all (« Abandonné »): none of its documents goes as a lease's.
    const [notSigned] = await committeeFiles(api, 'ns', 1, good, 'abandoned');
    const notSignedCustomer = await loggedIn(api, notSigned!.email);
    await notSignedCustomer.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', 'p1_payslips').attach('file', await pdfOf('ns'), 'ns.pdf').expect(201);
    await api.dataSource.manager.insert(RecordEvent, { record: { id: notSigned!.id }, type: 'lease_signed', at: new Date(start + DAY), actorId: null, actorName: 'La plateforme' });

    await runOn(82);
    expect(mailsTo(refused.email)).toEqual([]);
    expect(await api.dataSource.manager.findOneBy(User, { email: late.email })).not.toBeNull();
    expect(mailsTo(late.email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Votre dossier sera supprimé le /)]);
    await runOn(84);
    const warning = await arrived((mail) => mail.to.includes(refused.email));
    expect(warning.subject).toMatch(/^Votre dossier sera supprimé le /);
    expect(warning.text).toContain('http://hsa.test/mes-identifiants');
    expect(await api.dataSource.manager.countBy(RecordDocument, { record: { id: lease.id } })).toBe(2);

    expect(await api.dataSource.manager.findOneBy(User, { email: late.email })).not.toBeNull();
    await runOn(91.5);
    expect(await api.dataSource.manager.findOneBy(User, { email: refused.email })).toBeNull();
    expect(await api.dataSource.manager.findOneBy(User, { email: late.email })).toBeNull();
    expect(mailsTo(late.email)).toHaveLength(1);
    expect(await api.dataSource.manager.countBy(RecordDocument, { record: { id: notSigned!.id } })).toBe(1);
    expect((await journal(refused.id)).map((entry) => `${entry.what}:${entry.rule}`)).toEqual(['documents:closed', 'file:closed']);
    expect((await api.dataSource.manager.find(RecordDocument, { where: { record: { id: lease.id } } })).map((document) => document.type)).toEqual(['tax_notices']);
    expect(await api.dataSource.manager.findOneBy(User, { email: lease.email })).not.toBeNull();
    // Nothing is warned for a lease: nothing the tenant could do would change it.
    expect(mailsTo(lease.email)).toEqual([]);

    await event('leaving', 100);
    await runOn(100 + 3 * 365 - 2);
    expect(await api.dataSource.manager.findOneBy(User, { email: lease.email })).not.toBeNull();
    await runOn(100 + 3 * 365 + 2);
    expect(await api.dataSource.manager.findOneBy(User, { email: lease.email })).toBeNull();
    expect(await api.dataSource.manager.countBy(RecordDocument, { record: { id: lease.id } })).toBe(0);
    // The journal keeps its entries 3 years (RETENTION_ERASURE_LOG_YEARS): the lease documents' erasure is gone from it.
    expect((await journal(lease.id)).map((entry) => `${entry.what}:${entry.rule}`)).toEqual(['documents:after_leaving', 'file:after_leaving']);
  }, 180_000);

  it('erases contact requests 3 years after the last exchange, unused invitations 30 days after they expired, old links, audit entries and e-mail files', async () => {
    const sent = await request(api.server)
      .post('/api/contact-forms')
      .set('X-Forwarded-For', '198.51.100.91')
      .send({ subject: 'infos', name: 'Ane Ibarra', email: 'ane.ibarra.rt@example.org', message: 'Question-rt91.', consent: true })
      .expect(201);
    const invited = await api.dataSource.manager.save(api.dataSource.manager.create(User, { email: 'jamais.venu.rt@example.org', roles: ['customer'], firstName: 'Jon', lastName: 'Jamaisvenu', passwordHash: null, phone: null }));
    await api.dataSource.manager.insert(Token, { kind: 'registration', tokenHash: 'rt'.repeat(32), email: invited.email, user: null, record: null, expiresAt: new Date(start + 7 * DAY) });
    // A link used at once, and one used two months later (before it expired): each kept RETENTION_TOKENS_DAYS after its use.
    const link = (hash: string, usedDays: number) =>
      api.dataSource.manager.insert(Token, {
        kind: 'registration',
        tokenHash: hash.repeat(32),
        email: 'lien.rt@example.org',
        user: null,
        record: null,
        expiresAt: new Date(start + (usedDays + 7) * DAY),
        usedAt: new Date(start + usedDays * DAY),
      });
    await link('ua', 0);
    await link('ub', 60);
    const mailFolder = join(api.config.dataDir, 'mail');
    mkdirSync(mailFolder, { recursive: true });
    writeFileSync(join(mailFolder, 'old.eml'), 'To: someone@example.org\n\nOld');
    writeFileSync(join(mailFolder, 'recent.eml'), 'To: someone@example.org\n\nRecent');
    const tenDaysAgo = new Date(start - 10 * DAY);
    utimesSync(join(mailFolder, 'old.eml'), tenDaysAgo, tenDaysAgo);

    // (The outcome is looked at, not the counts: on Redis, the day's scheduled run may come first once the clock moves.)
    await runOn(0);
    expect(readdirSync(mailFolder).sort()).toContain('recent.eml');
    expect(readdirSync(mailFolder)).not.toContain('old.eml');

    await runOn(7 + 29);
    expect(await api.dataSource.manager.findOneBy(User, { id: invited.id })).not.toBeNull();
    await runOn(7 + 31);
    expect(await api.dataSource.manager.findOneBy(User, { id: invited.id })).toBeNull();
    await runOn(92);
    expect((await api.dataSource.manager.findBy(Token, { email: 'lien.rt@example.org' })).map((token) => token.tokenHash)).toEqual(['ub'.repeat(32)]);
    expect(await api.dataSource.manager.findOneBy(Erasure, { subject: 'user', subjectId: invited.id })).toMatchObject({ what: 'account', rule: 'unused_invitation' });

    expect(await api.dataSource.manager.findOneBy(ContactForm, { id: sent.body.id })).toMatchObject({ email: 'ane.ibarra.rt@example.org' });
    const hsa = await loggedIn(api, 'hsa@demo.hsa-lli.fr');
    const consulted = (await api.dataSource.manager.find(Record, { take: 1, order: { id: 'ASC' } }))[0]!;
    await hsa.post('/api/records/get-one').send({ id: consulted.id }).expect(200);
    expect(await api.dataSource.manager.count(AuditEntry)).toBeGreaterThan(0);
    await runOn(3 * 365 + 2);
    expect(await api.dataSource.manager.findOneBy(ContactForm, { id: sent.body.id })).toMatchObject({ name: '', email: '', message: '' });
    expect(await api.dataSource.manager.countBy(Token, { email: invited.email })).toBe(0);
    expect(await api.dataSource.manager.count(AuditEntry)).toBe(0);
  }, 180_000);
});
