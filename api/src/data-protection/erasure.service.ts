import { AlertsService } from '../alerts/alerts.service.js';
import { VisitsService } from '../visits/visits.service.js';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { worksInBackOffice, type DocumentType, type ErasedPart, type ErasureRule } from '@hsa-lli/common/domain';
import { In, LessThanOrEqual, Not, type DataSource, type EntityManager } from 'typeorm';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { CommitteeCandidate } from '../committee/entities/committee-candidate.entity.js';
import { CommitteeRecommendation } from '../committee/entities/committee-recommendation.entity.js';
import { exportsDir } from '../records/records-export.service.js';
import { SESSION_STORE, type RevocableStore } from '../auth/sessions/session-stores.js';
import type { SessionUser } from '../auth/session-user.js';
import { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
import { ContactReply } from '../contact-forms/entities/contact-reply.entity.js';
import { Offer } from '../committee/entities/offer.entity.js';
import { RecordDocument } from '../documents/entities/record-document.entity.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { RecordNote } from '../follow-up/entities/record-note.entity.js';
import { RecordStageChange } from '../follow-up/entities/record-stage-change.entity.js';
import { Change } from '../history/entities/change.entity.js';
import { scrubDeletedPages } from '../database/data-source.js';
import { rowLock } from '../database/list-query.js';
import { MailService } from '../mail/mail.service.js';
import { PrintingService } from '../printing/printing.service.js';
import { RecordPerson } from '../records/entities/record-person.entity.js';
import { Record } from '../records/entities/record.entity.js';
import { RecordsListColumnsService } from '../records/records-list-columns.service.js';
import { EMPTY_PERSON } from '../records/records.service.js';
import { Token } from '../tokens/entities/token.entity.js';
import { User } from '../users/entities/user.entity.js';
import { fullName } from '../users/account-names.js';
import { VaultService } from '../vault/vault.service.js';
import { Erasure } from './entities/erasure.entity.js';
import { RetentionWarning } from './entities/retention-warning.entity.js';

/** Who an erased person's own actions are said to be by. */
const SELF = 'La personne concernée';

/** What a signed lease keeps of its file's documents: the tax notices, proof the household was under the ceilings. */
export const LEASE_KEPT_DOCUMENTS: DocumentType[] = ['tax_notices'];

/** How much of a file goes. */
export type FileErasure =
  /** Its documents only (an inactive file): the rest waits for its own delay. */
  | 'documents'
  /** Its documents but the tax notices (a signed lease's, after RETENTION_LEASE_DOCUMENTS_DAYS). */
  | 'lease_documents'
  /** All but what a signed lease needs: the persons, household, tax notices, lease events, offer and outcome. */
  | 'beyond_lease'
  /** All that names a person; the counts the statistics read stay. */
  | 'all';

/** What the files on disk of an erasure are, removed once its transaction has committed. */
interface Leftovers {
  storedNames: string[];
  records: number[];
  users: { id: number; email: string }[];
}

/** The personal fields of a person of a file, blanked. */
const BLANK_PERSON = { firstName: '', lastName: '', ...EMPTY_PERSON };

/**
 * Erases what the platform holds about a person (docs/data-protection.md, « What erased means »): one transaction per
 * file, then its files on disk. The rows the statistics count stay, blanked of what names anyone; the erasure journal
 * keeps that it happened, when, why and by whom.
 */
@Injectable()
export class ErasureService {
  private readonly logger = new Logger(ErasureService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SESSION_STORE) private readonly sessions: RevocableStore,
    private readonly vault: VaultService,
    private readonly printing: PrintingService,
    private readonly mail: MailService,
    private readonly listColumns: RecordsListColumnsService,
    private readonly alerts: AlertsService,
    private readonly visits: VisitsService,
  ) {}

  /**
   * Erases a file, as much as `extent` says, and, with `account`, its owner's account. Answers false when the file is
   * no longer there to erase (already erased meanwhile).
   */
  async eraseFile(
    recordId: number,
    {
      extent,
      rule,
      actor,
      account = extent === 'all',
      still,
    }: {
      extent: FileErasure;
      rule: ErasureRule;
      actor: SessionUser | null;
      account?: boolean;
      /**
       * Whether the file is still to be erased, read under its lock: a retention rule checks that nothing happened since
       * it looked (a login, an upload, a reopening); the documents are those sent before `sentBefore` (null: all).
       */
      still?: (manager: EntityManager, record: Record) => Promise<{ sentBefore: Date | null } | null>;
    },
  ): Promise<boolean> {
    const leftovers = await this.dataSource.transaction(async (manager) => {
      // Locked first: a change of the file waits for its erasure, and reads what is left.
      if (!(await manager.findOne(Record, { select: { id: true }, where: { id: recordId }, lock: rowLock(manager) }))) return null;
      const record = (await manager.findOne(Record, { where: { id: recordId }, relations: { user: true } }))!;
      // A file erased already has nothing left to erase.
      if (extent === 'all' && (await manager.existsBy(Erasure, { subject: 'record', subjectId: recordId, what: 'file' }))) return null;
      const due: { sentBefore: Date | null } | null = still ? await still(manager, record) : { sentBefore: null };
      if (!due) return null;
      const left: Leftovers = { storedNames: [], records: [recordId], users: [] };
      const documents = await manager.find(RecordDocument, {
        where: {
          record: { id: recordId },
          ...(extent === 'lease_documents' || extent === 'beyond_lease' ? { type: Not(In(LEASE_KEPT_DOCUMENTS)) } : {}),
          ...(due.sentBefore ? { uploadedAt: LessThanOrEqual(due.sentBefore) } : {}),
        },
      });
      left.storedNames.push(...documents.flatMap((document) => [document.storedName, ...(document.watermarkedName ? [document.watermarkedName] : [])]));
      if (documents.length > 0) {
        await manager.delete(RecordDocument, { id: In(documents.map((document) => document.id)) });
        await this.journal(manager, 'record', recordId, 'documents', rule, actor);
      }
      if (extent === 'beyond_lease' || extent === 'all') {
        await manager.delete(RecordNote, { record: { id: recordId } });
        await manager.delete(Token, { record: { id: recordId } });
        await manager.createQueryBuilder().relation(Record, 'wishedResidences').of(recordId).remove(await this.related(manager, recordId, 'wishedResidences'));
        await manager.createQueryBuilder().relation(Record, 'wishedGoods').of(recordId).remove(await this.related(manager, recordId, 'wishedGoods'));
        await manager.update(Record, { id: recordId }, { flatSizes: null, maxRent: null, discoverySource: null });
        await this.eraseContactsIn(manager, { record: { id: recordId } });
      }
      if (extent === 'all') {
        await manager.update(RecordPerson, { record: { id: recordId } }, BLANK_PERSON);
        await manager.update(Record, { id: recordId }, { members: null, link: null });
        await manager.update(RecordEvent, { record: { id: recordId } }, { comment: null });
        await manager.update(RecordStageChange, { record: { id: recordId } }, { comment: null });
        await manager.update(Offer, { record: { id: recordId } }, { condition: null, reason: null });
        // What the committee wrote of this candidate; its discussion of the good stays with the session (row 8).
        const candidates = await manager.find(CommitteeCandidate, { select: { id: true }, where: { record: { id: recordId } } });
        if (candidates.length > 0) {
          await manager.update(CommitteeCandidate, { id: In(candidates.map((candidate) => candidate.id)) }, { reason: null });
          await manager.update(CommitteeRecommendation, { candidate: { id: In(candidates.map((candidate) => candidate.id)) } }, { reason: null });
        }
        await manager.update(Change, { subject: 'record', subjectId: recordId }, { changes: [] });
        await manager.delete(RetentionWarning, { record: { id: recordId } });
        await this.journal(manager, 'record', recordId, 'file', rule, actor);
      }
      if (account && record.user) {
        left.users.push({ id: record.user.id, email: record.user.email });
        await this.eraseAccountIn(manager, record.user, rule, actor);
      }
      await this.listColumns.refreshIn(manager, [recordId]);
      return left;
    });
    if (!leftovers) return false;
    await this.removeLeftovers(leftovers);
    return true;
  }

  /** A contact request that became no file, or whose file is gone: its sender's details and message, and its replies. */
  async eraseContact(id: number, rule: ErasureRule, actor: SessionUser | null): Promise<void> {
    const email = await this.dataSource.transaction(async (manager) => {
      const form = await manager.findOneBy(ContactForm, { id });
      if (!form) return null;
      await this.eraseContactsIn(manager, { id });
      await this.journal(manager, 'contact_form', id, 'contact', rule, actor);
      return form.email;
    });
    if (email === null) return;
    await scrubDeletedPages(this.dataSource);
    await this.mail.forgetFiles({ naming: email });
  }

  /** An account and what names it, its file aside (an invitation never used, a deactivated account past its delay). */
  async eraseAccount(user: Pick<User, 'id' | 'email'>, rule: ErasureRule, actor: SessionUser | null): Promise<void> {
    await this.dataSource.transaction((manager) => this.eraseAccountIn(manager, user, rule, actor));
    await this.removeLeftovers({ storedNames: [], records: [], users: [user] });
  }

  private async eraseAccountIn(manager: EntityManager, user: Pick<User, 'id' | 'email'>, rule: ErasureRule, actor: SessionUser | null): Promise<void> {
    await manager.update(Record, { user: { id: user.id } }, { user: null });
    await manager.delete(Token, { email: user.email });
    await manager.delete(Token, { user: { id: user.id } });
    await manager.update(Change, { subject: 'user', subjectId: user.id }, { changes: [] });
    // What they did themselves (an offer declined, their address or password changed) no longer names them.
    for (const entity of [Change, RecordEvent, RecordStageChange] as const) {
      await manager.update(entity, { actorId: user.id }, { actorId: null, actorName: SELF });
    }
    // What they sent through the contact form under the same address is theirs too, and the alerts and visits of that address.
    await this.eraseContactsIn(manager, { email: user.email });
    await this.alerts.eraseOf(user.email, manager);
    await this.visits.eraseOf(user.email, manager);
    await manager.delete(User, { id: user.id });
    await this.journal(manager, 'user', user.id, 'account', rule, actor);
  }

  /**
   * Contact requests: the sender's details, message and eligibility answers blanked, the replies deleted. A request
   * to exercise one's rights (`rgpd`) stays with a file's erasure: it proves the request was answered, and goes after
   * its own delay (RETENTION_CONTACT_YEARS).
   */
  private async eraseContactsIn(manager: EntityManager, where: { id: number } | { record: { id: number } } | { email: string }): Promise<void> {
    const forms = await manager.find(ContactForm, { select: { id: true }, where: 'id' in where ? where : { ...where, subject: Not('rgpd') } });
    if (forms.length === 0) return;
    const ids = forms.map((form) => form.id);
    await manager.delete(ContactReply, { contactForm: { id: In(ids) } });
    await manager.update(ContactForm, { id: In(ids) }, { name: '', email: '', phone: null, message: '', eligibility: () => 'NULL' });
  }

  private async related(manager: EntityManager, recordId: number, relation: 'wishedResidences' | 'wishedGoods'): Promise<number[]> {
    const rows: { id: number }[] = await manager.createQueryBuilder().relation(Record, relation).of(recordId).loadMany();
    return rows.map((row) => row.id);
  }

  private async journal(manager: EntityManager, subject: Erasure['subject'], subjectId: number, what: ErasedPart, rule: ErasureRule, actor: SessionUser | null): Promise<void> {
    // The person erasing their own data is not named: the journal keeps nothing of them.
    const self = rule === 'request' && actor !== null && !worksInBackOffice(actor.roles);
    const actorName = self ? SELF : actor ? fullName(actor) || 'Un membre de l’équipe' : 'La plateforme';
    await manager.insert(Erasure, { subject, subjectId, what, rule, actorId: self ? null : (actor?.id ?? null), actorName, at: new Date() });
  }

  /** The encrypted documents, printed summaries, sessions, exports and e-mail files of what was erased. */
  private async removeLeftovers({ storedNames, records, users }: Leftovers): Promise<void> {
    await scrubDeletedPages(this.dataSource);
    await this.vault.remove(...storedNames);
    for (const id of records) await this.printing.files.remove('summary', id);
    for (const user of users) {
      await this.sessions.destroyAllForUser(user.id);
      // An export of their data made before, still waiting to be downloaded.
      const exports = exportsDir(this.config.dataDir);
      for (const name of await readdir(exports).catch(() => [] as string[])) if (name.startsWith(`${user.id}-`)) await rm(join(exports, name), { force: true });
      await this.mail.forgetFiles({ naming: user.email });
    }
    if (storedNames.length > 0) this.logger.log(`${storedNames.length} stored file(s) erased`);
  }
}
