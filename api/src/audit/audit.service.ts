import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { ROLE_LABELS, type ConsultationView } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import { MoreThan, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { TooManyAttemptsError } from '../http/api-errors.js';
import { lockedTransaction } from '../database/list-query.js';
import { APP_CONFIG } from '../config/config.module.js';
import { HistoryService } from '../history/history.service.js';
import type { AppConfig } from '../config/config.js';
import type { SessionUser } from '../auth/session-user.js';
import { User } from '../users/entities/user.entity.js';
import type { ConsultedFile } from './consultations.js';
import { AuditEntry, type AuditAction } from './entities/audit-entry.entity.js';
import { RecordViewAllowance } from './entities/record-view-allowance.entity.js';

const DAY_MS = 24 * 60 * 60_000;

/** How an applicant is shown a staff member: a first name and an initial, enough to ask about them. */
export function staffSignature(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName.slice(0, 1)}.`.trim();
}

const ACTION_LABELS: Record<AuditAction, string> = {
  record_view: 'A consulté le dossier',
  document_read: 'A ouvert une pièce justificative',
  documents_review: 'A vérifié des pièces justificatives',
  upload_link_create: 'A créé un lien de dépôt de pièces',
  upload_link_withdraw: 'A retiré un lien de dépôt de pièces',
  follow_up_change: 'A mis à jour le suivi du dossier',
  invitation_resend: 'A renvoyé l’invitation à créer le compte',
  committee_review: 'A examiné le dossier en comité d’attribution',
  data_export: 'A préparé l’export de vos données, à votre demande',
};

/** Entries of one staff member and one kind this close together are one run of work, shown once. */
const ONE_RUN_MS = 60_000;

/**
 * The audit trail of staff consultations of application files: every staff call that reads or changes one file
 * (ConsultationInterceptor), so that nothing is read or changed without a trace.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(
    @InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>,
    @InjectRepository(RecordViewAllowance) private readonly allowances: Repository<RecordViewAllowance>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly history: HistoryService,
  ) {}

  /**
   * Writes a staff member's read of a file, once they may make it (`allowing`), in the same step: however many reads and
   * changes of theirs arrive at once, each new file is counted before the next call checks.
   */
  async read(action: AuditAction, target: ConsultedFile, actor: SessionUser, request: Request): Promise<void> {
    // A file already in their trail of the last 24 hours stays counted (the trail keeps its entries): read again, it
    // needs no count, nor to wait for the staff member's other calls (a file's page makes several at once).
    if (await this.inTrail(actor.id, target.recordId, Date.now())) {
      await this.entries.insert(this.entry(action, target, actor, request));
      return;
    }
    await this.allowing(target.recordId, actor, async (manager) => {
      await manager.insert(AuditEntry, this.entry(action, target, actor, request));
    });
  }

  /** Writes the reads of several files at once: a committee session's candidates, as a member or staff opens it. */
  async readAll(action: AuditAction, recordIds: readonly number[], actor: SessionUser, request: Request): Promise<void> {
    if (recordIds.length === 0) return;
    await this.entries.insert(recordIds.map((recordId) => this.entry(action, { recordId }, actor, request)));
  }

  /**
   * Reserves a staff member's change of a file, once they may make it (`allowing`), in the same step: the reservation
   * counts the file until `confirm` writes the change, made, in the audit trail, or `release` drops it, the change
   * refused. Answers the reservation's key.
   */
  async reserve(recordId: number, actor: SessionUser): Promise<string> {
    return this.allowing(recordId, actor, async (manager, now) => {
      const key = randomUUID();
      // A reservation as old as the window is one whose change never ended (the process stopped): it counts no more.
      await manager.query(`DELETE FROM record_view_reservations WHERE actorId = ? AND reservedAt <= ?`, [actor.id, now - DAY_MS]);
      await manager.query(`INSERT INTO record_view_reservations (id, actorId, recordId, reservedAt) VALUES (?, ?, ?, ?)`, [key, actor.id, recordId, now]);
      return key;
    });
  }

  /** Writes a change made under a reservation (`reserve`), then drops the reservation: the file counts all along. */
  async confirm(reservation: string, action: AuditAction, target: ConsultedFile, actor: SessionUser, request: Request): Promise<void> {
    await this.entries.insert(this.entry(action, target, actor, request));
    await this.release(reservation, actor);
  }

  /**
   * Drops the reservation of a change refused, which did nothing and counts nothing. One that cannot be dropped is said
   * in the log, and counts its file until the window ends: the caller's own answer or error is what matters.
   */
  async release(reservation: string, actor: SessionUser): Promise<void> {
    try {
      // Under the staff member's lock, as every other write of their reservations (`allowing`). Without it, another
      // call's count could read the audit trail before `confirm` wrote this change there and the reservations after
      // this delete, miss the file, and let one file too many through; and MariaDB could find this delete and that
      // count (which clears the staff member's old reservations) waiting on each other, and undo this one as a deadlock,
      // leaving the file counted.
      await lockedTransaction(this.dataSource, User, actor.id, (manager) => manager.query(`DELETE FROM record_view_reservations WHERE id = ?`, [reservation]));
    } catch (error) {
      this.logger.error(`A reservation of a consultation could not be dropped, and counts its file for 24 hours: ${(error as Error).message}`);
    }
  }

  /** How many files the staff member consulted in the last 24 hours (their changes under way included), and may. */
  async consultedToday(actorId: number): Promise<{ consulted: number; allowed: number }> {
    const { files, allowed } = await this.reached(this.dataSource.manager, actorId, Date.now());
    return { consulted: files.size, allowed };
  }

  /** Lets a staff member consult `extra` more files over the next 24 hours. */
  async allowMore(userId: number, extra: number, by: SessionUser): Promise<{ consulted: number; allowed: number }> {
    await this.allowances.insert({ userId, extra, grantedById: by.id, grantedByName: `${by.firstName} ${by.lastName}`.trim() });
    await this.history.record({ subject: 'user', subjectId: userId, actor: by, action: `Limite de consultation relevée de ${extra} dossier${extra > 1 ? 's' : ''} pour 24 heures` });
    return this.consultedToday(userId);
  }

  /**
   * Runs `work` once the staff member may consult the file, holding their allowance meanwhile: a file they reached in
   * the last 24 hours always, another one while they have reached fewer files than their limit (RECORD_VIEWS_PER_DAY,
   * plus what an administrator allowed them) — a guard against bulk extraction; else 429. The count and `work`'s write
   * are one step for the staff member, across processes: a transaction holding their user row's lock on MariaDB (`SELECT
   * … FOR UPDATE`); on SQLite a transaction, which waits for the one before it to end (`takeTurnsOnSqlite`).
   */
  private async allowing<T>(recordId: number, actor: SessionUser, work: (manager: EntityManager, now: number) => Promise<T>): Promise<T> {
    // The staff member's account row is locked, not read: what is counted under it (their consultations) is the audit's.
    return lockedTransaction(this.dataSource, User, actor.id, async (manager) => {
      const now = Date.now();
      const { files, allowed } = await this.reached(manager, actor.id, now);
      if (!files.has(recordId) && files.size >= allowed) {
        throw new TooManyAttemptsError(
          `Vous avez consulté ${files.size} dossiers ces dernières 24 heures, le maximum permis. Pour en consulter d’autres, demandez à un administrateur de relever votre limite.`,
        );
      }
      return work(manager, now);
    });
  }

  /** Whether the audit trail holds a call of the staff member on the file in the 24 hours before `now`. */
  private inTrail(actorId: number, recordId: number, now: number): Promise<boolean> {
    return this.entries.exists({ where: { actorId, recordId, at: MoreThan(new Date(now - DAY_MS)) } });
  }

  /** The files a staff member reached in the 24 hours before `now`: in the audit trail, or changed under a reservation. */
  private async reached(manager: EntityManager, actorId: number, now: number): Promise<{ files: Set<number>; allowed: number }> {
    const since = new Date(now - DAY_MS);
    const written = await manager
      .createQueryBuilder(AuditEntry, 'entry')
      .select('entry.recordId', 'recordId')
      .distinct(true)
      // Find operators write the date as each database stores it.
      .where({ actorId, at: MoreThan(since) })
      .getRawMany<{ recordId: number | string }>();
    const reserved = (await manager.query(`SELECT DISTINCT recordId FROM record_view_reservations WHERE actorId = ? AND reservedAt > ?`, [actorId, now - DAY_MS])) as {
      recordId: number | string;
    }[];
    const granted = await manager.sum(RecordViewAllowance, 'extra', { userId: actorId, createdAt: MoreThan(since) });
    return { files: new Set([...written, ...reserved].map((row) => Number(row.recordId))), allowed: this.config.recordViewsPerDay + (granted ?? 0) };
  }

  /** A consultation as the audit trail keeps it: who, what, which file, from where. */
  private entry(action: AuditAction, target: ConsultedFile, actor: SessionUser, request: Request): Omit<AuditEntry, 'id' | 'at'> {
    return {
      action,
      recordId: target.recordId,
      documentId: target.documentId ?? null,
      actorId: actor.id,
      actorName: staffSignature(actor),
      actorRoles: actor.roles.map((role) => ROLE_LABELS[role]).join(', ').slice(0, 100),
      ip: (request.ip ?? '').slice(0, 45),
      userAgent: (request.get('user-agent') ?? '').slice(0, 300),
    };
  }

  /**
   * A file's consultations, newest first, as its owner and staff see them. Opening a file's page makes several calls
   * (the file, its follow-up, its links), and a morning's work many changes: a run of entries of one staff member and
   * one kind, each within a minute of the next, is shown once, at its latest.
   */
  async consultations(recordId: number, limit = 100): Promise<ConsultationView[]> {
    const entries = await this.entries.find({ where: { recordId }, order: { at: 'DESC', id: 'DESC' }, take: limit });
    const shown: AuditEntry[] = [];
    let newer: AuditEntry | undefined;
    for (const entry of entries) {
      const sameRun =
        newer && newer.actorId === entry.actorId && newer.action === entry.action && newer.documentId === entry.documentId && newer.at.getTime() - entry.at.getTime() < ONE_RUN_MS;
      if (!sameRun) shown.push(entry);
      newer = entry;
    }
    return shown.map((entry) => ({ at: entry.at.toISOString(), by: `${entry.actorName} (${entry.actorRoles})`, what: ACTION_LABELS[entry.action] }));
  }
}
