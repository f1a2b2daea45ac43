import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatDate, parisDay, type ErasureRule } from '@hsa-lli/common/domain';
import { Brackets, In, IsNull, LessThan, type DataSource } from 'typeorm';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig, RetentionDelays } from '../config/config.js';
import { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
import { RecordDocument } from '../documents/entities/record-document.entity.js';
import { FollowUpService } from '../follow-up/follow-up.service.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { Record } from '../records/entities/record.entity.js';
import { Token } from '../tokens/entities/token.entity.js';
import { User } from '../users/entities/user.entity.js';
import { Erasure } from './entities/erasure.entity.js';
import { RetentionWarning } from './entities/retention-warning.entity.js';
import { ErasureService, LEASE_KEPT_DOCUMENTS } from './erasure.service.js';

const JOB = 'retention';
/** The daily run, at night on France's clocks. */
const HOUR = 3;
const DAY_MS = 24 * 60 * 60_000;

const addDays = (instant: Date, days: number) => new Date(instant.getTime() + days * DAY_MS);
const addMonths = (instant: Date, months: number) => {
  const moved = new Date(instant);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
};
const addYears = (instant: Date, years: number) => addMonths(instant, 12 * years);
/** An instant read raw from the database: a Date (MariaDB) or UTC text without its zone (SQLite). */
const rawDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(String(value)) ? String(value) : `${String(value).replace(' ', 'T')}Z`);
const latest = (...instants: (Date | null | undefined)[]) => new Date(Math.max(...instants.filter((instant): instant is Date => instant instanceof Date).map((instant) => instant.getTime())));

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
    await this.inactiveFiles(now, done);
    await this.closedFiles(now, done);
    await this.leases(now, done);
    await this.contacts(now, done);
    await this.unusedInvitations(now, done);
    done.tokens = await this.removed(Token, [
      { usedAt: LessThan(addDays(now, -this.delays.tokensDays)) },
      { withdrawnAt: LessThan(addDays(now, -this.delays.tokensDays)) },
      { expiresAt: LessThan(addDays(now, -this.delays.tokensDays)) },
    ]);
    done.audit = await this.removed(AuditEntry, { at: LessThan(addDays(now, -this.delays.auditDays)) });
    done.journal = await this.removed(Erasure, { at: LessThan(addYears(now, -this.delays.erasureLogYears)) });
    done.mailFiles = await this.mail.forgetFiles({ olderThan: addDays(now, -this.delays.mailFilesDays) });
    if (this.dataSource.options.type === 'better-sqlite3') await this.dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)');
    this.logger.log(`Retention: ${Object.entries(done).map(([what, count]) => `${what} ${count}`).join(', ')}`);
    return done;
  }

  private async removed<T extends object>(entity: new () => T, where: object | object[]): Promise<number> {
    return (await this.dataSource.manager.delete(entity, where as never)).affected ?? 0;
  }

  /** Files being put together or complete whose files of the person were erased already (rule « file »). */
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
      const documentsGoneAt = documentsErased.get(file.id);
      if (file.documents > 0) {
        const due = addDays(file.activity, this.delays.inactiveDocumentsDays);
        if (due <= now) {
          await this.eraseInactiveDocuments(file);
          done.documents += 1;
        } else if (await this.warn(file, 'inactive', due, this.delays.inactiveWarnDays, now, 'documents')) done.warned += 1;
        continue;
      }
      // No document left (or never any): the rest of the file goes a year after its documents did, or would have.
      const start = documentsGoneAt && documentsGoneAt > file.activity ? documentsGoneAt : addDays(file.activity, documentsGoneAt ? 0 : this.delays.inactiveDocumentsDays);
      const due = addMonths(start, this.delays.inactiveFileMonths);
      if (due <= now) {
        if (await this.erasure.eraseFile(file.id, { extent: 'all', rule: 'inactive_file', actor: null })) done.files += 1;
      } else if (await this.warn(file, 'inactive', due, this.delays.inactiveWarnDays, now, 'file')) done.warned += 1;
    }
  }

  /** The documents of an inactive file; a file « Complet » goes back « En constitution », which its owner is told by its page. */
  private async eraseInactiveDocuments(file: OpenFile): Promise<void> {
    await this.erasure.eraseFile(file.id, { extent: 'documents', rule: 'inactive', actor: null });
    if (file.stage !== 'complete') return;
    await this.dataSource.transaction(async (manager) => {
      const record = await manager.findOneBy(Record, { id: file.id });
      if (record?.stage === 'complete') {
        await this.followUp.moveIn(manager, record, 'in_progress', `Pièces supprimées après ${this.delays.inactiveDocumentsDays} jours sans activité`, null);
      }
    });
    await this.followUp.changed(file.id);
  }

  /** The files « En constitution » or « Complet » not changed since `changedBefore`, with their activity. */
  private async openFiles(changedBefore: Date): Promise<OpenFile[]> {
    const rows = await this.dataSource.manager
      .createQueryBuilder(Record, 'record')
      .leftJoin('record.user', 'user')
      .leftJoin(RecordDocument, 'document', 'document.recordId = record.id')
      .select(['record.id AS id', 'record.reference AS reference', 'record.stage AS stage', 'record.updatedAt AS updatedAt', 'record.lastEventAt AS lastEventAt', 'record.stageChangedAt AS stageChangedAt'])
      .addSelect(['user.email AS email', 'user.firstName AS firstName', 'user.lastLoginAt AS lastLoginAt'])
      .addSelect('COUNT(document.id)', 'documents')
      .addSelect('MAX(document.uploadedAt)', 'uploadedAt')
      .addSelect('MAX(document.reviewedAt)', 'reviewedAt')
      .where({ stage: In(['in_progress', 'complete']), updatedAt: LessThan(changedBefore) })
      .andWhere(new Brackets((query) => query.where('user.lastLoginAt IS NULL').orWhere('user.lastLoginAt < :changedBefore', { changedBefore })))
      .groupBy('record.id')
      .addGroupBy('user.id')
      .getRawMany<{ [column: string]: unknown }>();
    return rows.map((row) => ({
      id: Number(row.id),
      reference: String(row.reference),
      stage: row.stage as Record['stage'],
      activity: latest(...[row.updatedAt, row.lastEventAt, row.stageChangedAt, row.lastLoginAt, row.uploadedAt, row.reviewedAt].map(rawDate)),
      documents: Number(row.documents),
      owner: row.email ? { email: String(row.email), firstName: String(row.firstName) } : null,
    }));
  }

  /**
   * E-mails the owner of a file once for each of `daysBefore` that the erasure day is now within (only the latest
   * of them when several are, as after a pause of the job). True when an e-mail was sent.
   */
  private async warn(file: Pick<OpenFile, 'id' | 'reference' | 'owner' | 'activity'>, rule: RetentionWarning['rule'], due: Date, daysBefore: number[], now: Date, what: 'documents' | 'file' | 'closed'): Promise<boolean> {
    const reached = daysBefore.filter((days) => addDays(due, -days) <= now);
    if (reached.length === 0 || !file.owner) return false;
    const dueDay = parisDay(due);
    const repository = this.dataSource.getRepository(RetentionWarning);
    const sent = await repository.find({ where: { record: { id: file.id }, rule, dueDay, daysBefore: In(reached) } });
    const unsent = reached.filter((days) => !sent.some((warning) => warning.daysBefore === days));
    if (unsent.length === 0) return false;
    await repository.insert(unsent.map((days) => ({ record: { id: file.id }, rule, dueDay, daysBefore: days, sentAt: now })));
    await this.mail.send(this.warning(file, what, due));
    return true;
  }

  private warning(file: Pick<OpenFile, 'reference' | 'owner' | 'activity'>, what: 'documents' | 'file' | 'closed', due: Date) {
    const owner = file.owner!;
    const day = formatDate(due);
    const login = { label: 'Me connecter à mon espace', url: `${this.config.publicUrl}/login` };
    const download = `Vous pouvez télécharger toutes vos données avant cette date depuis « Mes identifiants » : ${this.config.publicUrl}/mes-identifiants.`;
    if (what === 'closed') {
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
    const gone = what === 'documents' ? 'vos pièces justificatives seront supprimées' : 'votre dossier et votre compte seront supprimés';
    return {
      to: owner.email,
      subject: what === 'documents' ? `Vos pièces justificatives seront supprimées le ${day}` : `Votre dossier sera supprimé le ${day}`,
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
      relations: { user: true },
    });
    for (const record of closed) {
      if (erased.has(record.id) || !record.stageChangedAt) continue;
      const due = addDays(record.stageChangedAt, this.delays.closedFileDays);
      if (due <= now) {
        if (await this.erasure.eraseFile(record.id, { extent: 'all', rule: 'closed', actor: null })) done.files += 1;
        continue;
      }
      const file = { id: record.id, reference: record.reference, activity: record.stageChangedAt, owner: record.user ? { email: record.user.email, firstName: record.user.firstName } : null };
      if (await this.warn(file, 'closed', due, [this.delays.closedWarnDays], now, 'closed')) done.warned += 1;
    }
  }

  /**
   * Signed leases: every document but the tax notices RETENTION_LEASE_DOCUMENTS_DAYS after the signature; the whole
   * file RETENTION_AFTER_LEAVING_YEARS after the household left.
   */
  private async leases(now: Date, done: RetentionRun): Promise<void> {
    const signed = await this.dataSource.manager
      .createQueryBuilder(RecordEvent, 'event')
      .innerJoin(RecordDocument, 'document', 'document.recordId = event.recordId AND document.type NOT IN (:...kept)', { kept: LEASE_KEPT_DOCUMENTS })
      .select('DISTINCT event.recordId', 'id')
      .where({ type: 'lease_signed', at: LessThan(addDays(now, -this.delays.leaseDocumentsDays)) })
      .getRawMany<{ id: number }>();
    for (const { id } of signed) {
      await this.erasure.eraseFile(Number(id), { extent: 'lease_documents', rule: 'lease_documents', actor: null });
      done.documents += 1;
    }
    const erased = await this.erasedFiles();
    const left = await this.dataSource.manager
      .createQueryBuilder(RecordEvent, 'event')
      .select('event.recordId', 'id')
      .addSelect('MAX(event.at)', 'at')
      .where({ type: 'leaving' })
      .groupBy('event.recordId')
      .getRawMany<{ id: number; at: unknown }>();
    for (const { id, at } of left) {
      if (erased.has(Number(id)) || addYears(rawDate(at)!, this.delays.afterLeavingYears) > now) continue;
      if (await this.erasure.eraseFile(Number(id), { extent: 'all', rule: 'after_leaving', actor: null })) done.files += 1;
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
      const invited = await this.dataSource.manager.findOne(Token, { where: { email: user.email, kind: 'registration' }, order: { expiresAt: 'DESC' } });
      if (invited && invited.expiresAt >= before) continue;
      const file = await this.dataSource.manager.findOne(Record, { where: { user: { id: user.id } } });
      if (file && (await this.dataSource.manager.existsBy(RecordDocument, { record: { id: file.id } }))) continue;
      const rule: ErasureRule = 'unused_invitation';
      if (file) await this.erasure.eraseFile(file.id, { extent: 'all', rule, actor: null });
      else await this.erasure.eraseAccount(user, rule, null);
      done.accounts += 1;
    }
  }
}
