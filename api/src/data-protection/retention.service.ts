import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { addMonths, formatDate, parisDay, type ErasureRule } from '@hsa-lli/common/domain';
import { Brackets, In, IsNull, LessThan, LessThanOrEqual, Not, type DataSource, type EntityManager } from 'typeorm';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig, RetentionDelays } from '../config/config.js';
import { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
import { scrubDeletedPages } from '../database/data-source.js';
import { RecordDocument } from '../documents/entities/record-document.entity.js';
import { FollowUpService } from '../follow-up/follow-up.service.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { Record } from '../records/entities/record.entity.js';
import { RecordPerson } from '../records/entities/record-person.entity.js';
import { Token } from '../tokens/entities/token.entity.js';
import { User } from '../users/entities/user.entity.js';
import { Erasure } from './entities/erasure.entity.js';
import { RetentionWarning } from './entities/retention-warning.entity.js';
import { ErasureService, LEASE_KEPT_DOCUMENTS } from './erasure.service.js';

const JOB = 'retention';
/** The daily run, at night on France's clocks. */
const HOUR = 3;
const DAY_MS = 24 * 60 * 60_000;

/** Where a lease keeps its file: signed, or the household in the flat. */
const LEASE_STAGES: Record['stage'][] = ['lease_signed', 'moved_in'];

const addDays = (instant: Date, days: number) => new Date(instant.getTime() + days * DAY_MS);
const addYears = (instant: Date, years: number) => addMonths(instant, 12 * years);
/** An instant read raw from the database: a Date (MariaDB) or UTC text without its zone (SQLite). */
const rawDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(String(value)) ? String(value) : `${String(value).replace(' ', 'T')}Z`);
const latest = (...instants: (Date | null | undefined)[]) => new Date(Math.max(...instants.filter((instant): instant is Date => instant instanceof Date).map((instant) => instant.getTime())));

/**
 * A file's activity (docs/data-protection.md): the latest of its owner's login, a change of the file, a document sent
 * or reviewed, a follow-up event, a stage change. Staff only reading it is not activity.
 */
const activityOf = (instants: { [what in 'updatedAt' | 'lastEventAt' | 'stageChangedAt' | 'lastLoginAt' | 'uploadedAt' | 'reviewedAt']: unknown }): Date =>
  latest(...Object.values(instants).map(rawDate));

/** A file the inactivity rules look at, with the instants its activity is the latest of. */
interface OpenFile {
  id: number;
  reference: string;
  stage: Record['stage'];
  activity: Date;
  documents: number;
  owner: { email: string; firstName: string } | null;
}

/** What one run did, for its log line and the tests. */
export interface RetentionRun {
  warned: number;
  documents: number;
  files: number;
  contacts: number;
  accounts: number;
  tokens: number;
  audit: number;
  journal: number;
  mailFiles: number;
}

/**
 * The retention delays of docs/data-protection.md, run once a day (a BullMQ job scheduler, or this process's timer
 * without Redis): the applicants warned by e-mail before their documents or file go, then the erasures, each in the
 * erasure journal; then the links, the audit trail and the e-mail files past their delays.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RetentionService.name);
  private readonly delays: RetentionDelays;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly erasure: ErasureService,
    private readonly followUp: FollowUpService,
    private readonly mail: MailService,
  ) {
    this.delays = config.retention;
    jobs.register('retention', JOB, () => this.run());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.scheduleDaily('retention', JOB, HOUR);
  }

  async run(now = new Date()): Promise<RetentionRun> {
    const done: RetentionRun = { warned: 0, documents: 0, files: 0, contacts: 0, accounts: 0, tokens: 0, audit: 0, journal: 0, mailFiles: 0 };
    // Each rule on its own: one that fails (a disk, the mail queue) leaves the others to run.
    for (const [rule, work] of [
      ['inactive files', () => this.inactiveFiles(now, done)],
      ['closed files', () => this.closedFiles(now, done)],
      ['leases', () => this.leases(now, done)],
      ['contact requests', () => this.contacts(now, done)],
      ['unused invitations', () => this.unusedInvitations(now, done)],
      [
        'links, audit trail, journal and e-mail files',
        async () => {
          const before = addDays(now, -this.delays.tokensDays);
          done.tokens = await this.removed(Token, [{ usedAt: LessThan(before) }, { withdrawnAt: LessThan(before) }, { expiresAt: LessThan(before) }]);
          done.audit = await this.removed(AuditEntry, { at: LessThan(addDays(now, -this.delays.auditDays)) });
          done.journal = await this.removed(Erasure, { at: LessThan(addYears(now, -this.delays.erasureLogYears)) });
          done.mailFiles = await this.mail.forgetFiles({ olderThan: addDays(now, -this.delays.mailFilesDays) });
        },
      ],
    ] as const) {
      await this.attempt(rule, work);
    }
    await scrubDeletedPages(this.dataSource);
    this.logger.log(`Retention: ${Object.entries(done).map(([what, count]) => `${what} ${count}`).join(', ')}`);
    return done;
  }

  /** Runs one rule, or one file's part of it: a failure is logged by its kind (never the person's data) and the run goes on. */
  private async attempt(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      const kind = (error as { code?: unknown }).code ?? (error instanceof Error ? error.name : 'error');
      this.logger.error(`Retention: ${what} failed (${String(kind)}); the next run tries again`);
    }
  }

  private async removed<T extends object>(entity: new () => T, where: object | object[]): Promise<number> {
    return (await this.dataSource.manager.delete(entity, where as never)).affected ?? 0;
  }

  /** Files whose person's data was erased already (what « file »). */
  private async erasedFiles(): Promise<Set<number>> {
    const rows = await this.dataSource.manager.find(Erasure, { select: { subjectId: true }, where: { subject: 'record', what: 'file' } });
    return new Set(rows.map((row) => row.subjectId));
  }

  /**
   * Files « En constitution » or « Complet » without activity: their documents after RETENTION_INACTIVE_DOCUMENTS_DAYS,
   * the rest RETENTION_INACTIVE_FILE_MONTHS later, each announced RETENTION_INACTIVE_WARN_DAYS before.
   */
  private async inactiveFiles(now: Date, done: RetentionRun): Promise<void> {
    const earliestWarning = Math.max(...this.delays.inactiveWarnDays);
    // A file changed since can be due for nothing yet: its activity is at least its last change.
    const changedBefore = addDays(now, earliestWarning - this.delays.inactiveDocumentsDays);
    const erased = await this.erasedFiles();
    const documentsErased = new Map(
      (await this.dataSource.manager.find(Erasure, { where: { subject: 'record', what: 'documents', rule: 'inactive' }, order: { at: 'ASC' } })).map((row) => [row.subjectId, row.at]),
    );
    for (const file of await this.openFiles(changedBefore)) {
      if (erased.has(file.id)) continue;
      await this.attempt('an inactive file', async () => {
        const documentsGoneAt = documentsErased.get(file.id);
        if (file.documents > 0) {
          const due = addDays(file.activity, this.delays.inactiveDocumentsDays);
          if (due > now) {
            if (await this.warn(file, 'inactive', due, this.delays.inactiveWarnDays, now)) done.warned += 1;
          } else if ((await this.announced(file, 'inactive', now, done)) && (await this.eraseInactiveDocuments(file))) {
            done.documents += 1;
          }
          return;
        }
        // No document left (or never any): the rest of the file goes a year after its documents did, or would have.
        const start = documentsGoneAt && documentsGoneAt > file.activity ? documentsGoneAt : addDays(file.activity, documentsGoneAt ? 0 : this.delays.inactiveDocumentsDays);
        const due = addMonths(start, this.delays.inactiveFileMonths);
        if (due > now) {
          if (await this.warn(file, 'inactive_file', due, this.delays.inactiveWarnDays, now)) done.warned += 1;
        } else if (
          (await this.announced(file, 'inactive_file', now, done)) &&
          (await this.erasure.eraseFile(file.id, { extent: 'all', rule: 'inactive_file', actor: null, still: this.unchanged(file) }))
        ) {
          done.files += 1;
        }
      });
    }
  }

  /** Under the file's lock: nothing happened to it since the rule looked (its activity and stage are the same). */
  private unchanged(file: Pick<OpenFile, 'id' | 'activity' | 'stage'>) {
    return async (manager: EntityManager, record: Record) => {
      if (record.stage !== file.stage) return null;
      // Nothing sent since, or the activity would be later: every document there is one the rule saw.
      return (await this.activityIn(manager, record)) > file.activity ? null : { sentBefore: null };
    };
  }

  /** A file's activity as `openFiles` works it out, read in a transaction that holds the file. */
  private async activityIn(manager: EntityManager, record: Record): Promise<Date> {
    const documents = await manager
      .createQueryBuilder(RecordDocument, 'document')
      .select('MAX(document.uploadedAt)', 'uploadedAt')
      .addSelect('MAX(document.reviewedAt)', 'reviewedAt')
      .where('document.recordId = :id', { id: record.id })
      .getRawOne<{ uploadedAt: unknown; reviewedAt: unknown }>();
    const { updatedAt, lastEventAt, stageChangedAt } = record;
    return activityOf({ updatedAt, lastEventAt, stageChangedAt, lastLoginAt: record.user?.lastLoginAt, uploadedAt: documents?.uploadedAt, reviewedAt: documents?.reviewedAt });
  }

  /** The documents of an inactive file; a file « Complet » goes back « En constitution », which its owner is told by its page. */
  private async eraseInactiveDocuments(file: OpenFile): Promise<boolean> {
    if (!(await this.erasure.eraseFile(file.id, { extent: 'documents', rule: 'inactive', actor: null, still: this.unchanged(file) }))) return false;
    if (file.stage === 'complete') {
      await this.dataSource.transaction(async (manager) => {
        const record = await manager.findOneBy(Record, { id: file.id });
        if (record?.stage === 'complete') {
          await this.followUp.moveIn(manager, record, 'in_progress', `Pièces supprimées après ${this.delays.inactiveDocumentsDays} jours sans activité`, null);
        }
      });
      await this.followUp.changed(file.id);
    }
    return true;
  }

  /** The files « En constitution » or « Complet » not changed since `changedBefore`, with their activity and whom to warn. */
  private async openFiles(changedBefore: Date): Promise<OpenFile[]> {
    const rows = await this.dataSource.manager
      .createQueryBuilder(Record, 'record')
      .leftJoin('record.user', 'user')
      .leftJoin(RecordPerson, 'person', 'person.recordId = record.id AND person.position = 1')
      .leftJoin(RecordDocument, 'document', 'document.recordId = record.id')
      .select(['record.id AS id', 'record.reference AS reference', 'record.stage AS stage', 'record.updatedAt AS updatedAt', 'record.lastEventAt AS lastEventAt', 'record.stageChangedAt AS stageChangedAt'])
      .addSelect(['user.email AS email', 'user.firstName AS firstName', 'user.lastLoginAt AS lastLoginAt', 'person.email AS personEmail', 'person.firstName AS personFirstName'])
      .addSelect('COUNT(document.id)', 'documents')
      .addSelect('MAX(document.uploadedAt)', 'uploadedAt')
      .addSelect('MAX(document.reviewedAt)', 'reviewedAt')
      .where({ stage: In(['in_progress', 'complete']), updatedAt: LessThan(changedBefore) })
      .andWhere(new Brackets((query) => query.where('user.lastLoginAt IS NULL').orWhere('user.lastLoginAt < :changedBefore', { changedBefore })))
      .groupBy('record.id')
      .addGroupBy('user.id')
      .addGroupBy('person.id')
      .getRawMany<{ [column: string]: unknown }>();
    return rows.map((row) => ({
      id: Number(row.id),
      reference: String(row.reference),
      stage: row.stage as Record['stage'],
      activity: activityOf({ updatedAt: row.updatedAt, lastEventAt: row.lastEventAt, stageChangedAt: row.stageChangedAt, lastLoginAt: row.lastLoginAt, uploadedAt: row.uploadedAt, reviewedAt: row.reviewedAt }),
      documents: Number(row.documents),
      // The account's address, else the one the first applicant gave (a file staff opened without an account).
      owner: row.email ? { email: String(row.email), firstName: String(row.firstName) } : row.personEmail ? { email: String(row.personEmail), firstName: String(row.personFirstName) } : null,
    }));
  }

  /**
   * Whether the owner was told of this erasure at least the shortest warning's days before, since the clock started
   * (a file that cannot be told, without any address, can only be erased). When not (the job had not run, a delay was
   * shortened), they are told now, for that many days later: the erasure waits.
   */
  private async announced(file: Pick<OpenFile, 'id' | 'reference' | 'owner' | 'activity'>, rule: RetentionWarning['rule'], now: Date, done: RetentionRun): Promise<boolean> {
    if (!file.owner) return true;
    const last = Math.min(...(rule === 'closed' ? [this.delays.closedWarnDays] : this.delays.inactiveWarnDays));
    const told = await this.dataSource.manager.findOne(RetentionWarning, { where: { record: { id: file.id }, rule }, order: { sentAt: 'DESC' } });
    if (told && told.sentAt >= file.activity && told.sentAt <= addDays(now, -last)) return true;
    if ((!told || told.sentAt < file.activity) && (await this.warn(file, rule, addDays(now, last), [last], now))) done.warned += 1;
    return false;
  }

  /**
   * E-mails the owner of a file once for each of `daysBefore` that the erasure day is now within (only the latest
   * of them when several are, as after a pause of the job). True when an e-mail was sent. The warning is recorded
   * first (two runs at once send it once), and forgotten again if the e-mail could not be queued.
   */
  private async warn(file: Pick<OpenFile, 'id' | 'reference' | 'owner' | 'activity'>, rule: RetentionWarning['rule'], due: Date, daysBefore: number[], now: Date): Promise<boolean> {
    const reached = daysBefore.filter((days) => addDays(due, -days) <= now);
    if (reached.length === 0 || !file.owner) return false;
    const dueDay = parisDay(due);
    const repository = this.dataSource.getRepository(RetentionWarning);
    const sent = await repository.find({ where: { record: { id: file.id }, rule, dueDay, daysBefore: In(reached) } });
    const unsent = reached.filter((days) => !sent.some((warning) => warning.daysBefore === days));
    if (unsent.length === 0) return false;
    const { identifiers } = await repository.insert(unsent.map((days) => ({ record: { id: file.id }, rule, dueDay, daysBefore: days, sentAt: now })));
    try {
      await this.mail.send(this.warning(file, rule, due));
    } catch (error) {
      await repository.delete({ id: In(identifiers.map((identifier) => identifier.id as number)) });
      throw error;
    }
    return true;
  }

  private warning(file: Pick<OpenFile, 'reference' | 'owner' | 'activity'>, rule: RetentionWarning['rule'], due: Date) {
    const owner = file.owner!;
    const day = formatDate(due);
    const login = { label: 'Me connecter à mon espace', url: `${this.config.publicUrl}/login` };
    const download = `Vous pouvez télécharger toutes vos données avant cette date depuis « Mes identifiants » : ${this.config.publicUrl}/mes-identifiants.`;
    if (rule === 'closed') {
      return {
        to: owner.email,
        subject: `Votre dossier sera supprimé le ${day}`,
        paragraphs: [
          `Bonjour ${owner.firstName},`,
          `Votre demande de logement (dossier ${file.reference}) est close. Comme le prévoit notre politique de protection des données, votre dossier, vos pièces justificatives et votre compte seront supprimés le ${day}.`,
          download,
          'Si votre situation a changé et que vous souhaitez reprendre votre demande, contactez-nous avant cette date.',
        ],
        action: login,
      };
    }
    const gone = rule === 'inactive' ? 'vos pièces justificatives seront supprimées' : 'votre dossier et votre compte seront supprimés';
    return {
      to: owner.email,
      subject: rule === 'inactive' ? `Vos pièces justificatives seront supprimées le ${day}` : `Votre dossier sera supprimé le ${day}`,
      paragraphs: [
        `Bonjour ${owner.firstName},`,
        `Votre dossier de demande de logement (${file.reference}) n’a pas évolué depuis le ${formatDate(file.activity)}. Sans activité de votre part, ${gone} le ${day}, comme le prévoit notre politique de protection des données.`,
        `Pour les garder, il suffit de vous connecter à votre espace avant cette date. ${download}`,
      ],
      action: login,
    };
  }

  /** Files « Refusé » or « Abandonné »: erased RETENTION_CLOSED_FILE_DAYS after, announced RETENTION_CLOSED_WARN_DAYS before. */
  private async closedFiles(now: Date, done: RetentionRun): Promise<void> {
    const erased = await this.erasedFiles();
    const closed = await this.dataSource.manager.find(Record, {
      where: { stage: In(['refused', 'abandoned']), stageChangedAt: LessThan(addDays(now, this.delays.closedWarnDays - this.delays.closedFileDays)) },
      relations: { user: true, persons: true },
    });
    for (const record of closed) {
      if (erased.has(record.id) || !record.stageChangedAt) continue;
      await this.attempt('a closed file', async () => {
        const closedAt = record.stageChangedAt!;
        const person = record.persons.find((each) => Number(each.position) === 1);
        const owner = record.user ? { email: record.user.email, firstName: record.user.firstName } : person?.email ? { email: person.email, firstName: person.firstName } : null;
        const file = { id: record.id, reference: record.reference, stage: record.stage, activity: closedAt, owner };
        const due = addDays(closedAt, this.delays.closedFileDays);
        if (due > now) {
          if (await this.warn(file, 'closed', due, [this.delays.closedWarnDays], now)) done.warned += 1;
        } else if (await this.announced(file, 'closed', now, done)) {
          // Reopened meanwhile (« En constitution »), or closed again later: not this erasure.
          const still = async (_manager: EntityManager, current: Record) => (current.stage === record.stage && current.stageChangedAt?.getTime() === closedAt.getTime() ? { sentBefore: null } : null);
          if (await this.erasure.eraseFile(record.id, { extent: 'all', rule: 'closed', actor: null, still })) done.files += 1;
        }
      });
    }
  }

  /**
   * Signed leases (« Bail signé » or « Entré dans les lieux »): the documents sent before the signature, but the tax
   * notices, RETENTION_LEASE_DOCUMENTS_DAYS after it; the whole file RETENTION_AFTER_LEAVING_YEARS after the household
   * left (a leaving later than its latest signature or move-in: a household that came back is a tenant again).
   */
  private async leases(now: Date, done: RetentionRun): Promise<void> {
    const events = await this.dataSource.manager
      .createQueryBuilder(RecordEvent, 'event')
      .innerJoin('event.record', 'record')
      .select('event.recordId', 'id')
      .addSelect("MAX(CASE WHEN event.type = 'lease_signed' THEN event.at END)", 'signedAt')
      .addSelect("MAX(CASE WHEN event.type IN ('lease_signed', 'move_in') THEN event.at END)", 'startedAt')
      .addSelect("MAX(CASE WHEN event.type = 'leaving' THEN event.at END)", 'leftAt')
      .where({ type: In(['lease_signed', 'move_in', 'leaving']) })
      .andWhere('record.stage IN (:...stages)', { stages: LEASE_STAGES })
      .groupBy('event.recordId')
      .getRawMany<{ id: unknown; signedAt: unknown; startedAt: unknown; leftAt: unknown }>();
    const erased = await this.erasedFiles();
    for (const row of events) {
      const id = Number(row.id);
      const [signedAt, startedAt, leftAt] = [rawDate(row.signedAt), rawDate(row.startedAt), rawDate(row.leftAt)];
      if (erased.has(id)) continue;
      const inLease = async (_manager: EntityManager, record: Record) => (LEASE_STAGES.includes(record.stage) ? { sentBefore: signedAt } : null);
      await this.attempt('a lease', async () => {
        if (leftAt && (!startedAt || leftAt > startedAt) && addYears(leftAt, this.delays.afterLeavingYears) <= now) {
          if (await this.erasure.eraseFile(id, { extent: 'all', rule: 'after_leaving', actor: null, still: inLease })) done.files += 1;
          return;
        }
        if (!signedAt || addDays(signedAt, this.delays.leaseDocumentsDays) > now) return;
        const left = await this.dataSource.manager.countBy(RecordDocument, { record: { id }, type: Not(In(LEASE_KEPT_DOCUMENTS)), uploadedAt: LessThanOrEqual(signedAt) });
        if (left > 0 && (await this.erasure.eraseFile(id, { extent: 'lease_documents', rule: 'lease_documents', actor: null, still: inLease }))) done.documents += 1;
      });
    }
  }
  /** Contact requests RETENTION_CONTACT_YEARS after the last exchange (a reply, its completion, or its sending). */
  private async contacts(now: Date, done: RetentionRun): Promise<void> {
    const before = addYears(now, -this.delays.contactYears);
    const forms = await this.dataSource.manager
      .createQueryBuilder(ContactForm, 'form')
      .leftJoin('contact_replies', 'reply', 'reply.contactFormId = form.id')
      .select('form.id', 'id')
      .addSelect('form.createdAt', 'createdAt')
      .addSelect('form.completedAt', 'completedAt')
      .addSelect('MAX(reply.sentAt)', 'repliedAt')
      .where("form.email <> ''")
      .andWhere('form.createdAt < :before', { before })
      .groupBy('form.id')
      .getRawMany<{ id: number; createdAt: unknown; completedAt: unknown; repliedAt: unknown }>();
    for (const form of forms) {
      if (latest(rawDate(form.createdAt), rawDate(form.completedAt), rawDate(form.repliedAt)) >= before) continue;
      await this.erasure.eraseContact(Number(form.id), 'contact', null);
      done.contacts += 1;
    }
  }

  /**
   * Accounts invited and never registered, RETENTION_UNUSED_INVITATION_DAYS after their latest invitation expired:
   * deleted, with their file when it holds nothing the person sent.
   */
  private async unusedInvitations(now: Date, done: RetentionRun): Promise<void> {
    const before = addDays(now, -this.delays.unusedInvitationDays);
    const unused = await this.dataSource.manager.find(User, { where: { passwordHash: IsNull(), createdAt: LessThan(before) } });
    // Staff accounts are an administrator's to delete (UsersService.delete): only applicants' go by themselves.
    for (const user of unused.filter((account) => account.roles.includes('customer'))) {
      await this.attempt('an unused invitation', async () => {
        const invited = await this.dataSource.manager.findOne(Token, { where: { email: user.email, kind: 'registration' }, order: { expiresAt: 'DESC' } });
        if (invited && invited.expiresAt >= before) return;
        const file = await this.dataSource.manager.findOne(Record, { where: { user: { id: user.id } } });
        const rule: ErasureRule = 'unused_invitation';
        if (!file) {
          await this.erasure.eraseAccount(user, rule, null);
          done.accounts += 1;
          return;
        }
        // Only a file nobody worked on: « En constitution », nothing sent, nothing in its follow-up. Any other keeps its account.
        const untouched = async (manager: EntityManager, record: Record) =>
          record.stage === 'in_progress' && !(await manager.existsBy(RecordDocument, { record: { id: record.id } })) && !(await manager.existsBy(RecordEvent, { record: { id: record.id } }))
            ? { sentBefore: null }
            : null;
        if (await this.erasure.eraseFile(file.id, { extent: 'all', rule, actor: null, still: untouched })) done.accounts += 1;
      });
    }
  }
}
