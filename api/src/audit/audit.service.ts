import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ROLE_LABELS, type ConsultationView } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import { MoreThan, type Repository } from 'typeorm';
import { TooManyAttemptsError } from '../common/api-errors.js';
import { APP_CONFIG } from '../config/config.module.js';
import { HistoryService } from '../history/history.service.js';
import type { AppConfig } from '../config/config.js';
import type { SessionUser } from '../auth/session-user.js';
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
};

/** Entries of one staff member and one kind this close together are one run of work, shown once. */
const ONE_RUN_MS = 60_000;

/**
 * The audit trail of staff consultations of application files: every staff call that reads or changes one file
 * (ConsultationInterceptor), so that nothing is read or changed without a trace.
 */
@Injectable()
export class AuditService {
  constructor(
    @InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>,
    @InjectRepository(RecordViewAllowance) private readonly allowances: Repository<RecordViewAllowance>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly history: HistoryService,
  ) {}

  /**
   * Writes a staff consultation, once the staff member may make it: a file already consulted in the last 24 hours
   * always, another one while they have consulted fewer files than their limit (RECORD_VIEWS_PER_DAY, plus what an
   * administrator allowed them) — a guard against bulk extraction.
   */
  async record(action: AuditAction, target: { recordId: number; documentId?: number }, actor: SessionUser, request: Request): Promise<void> {
    await this.checkAllowance(target.recordId, actor);
    await this.write(action, target, actor, request);
  }

  /** Writes a consultation the staff member was allowed to make (checkAllowance): who, what, which file, from where. */
  async write(action: AuditAction, target: { recordId: number; documentId?: number }, actor: SessionUser, request: Request): Promise<void> {
    await this.entries.insert({
      action,
      recordId: target.recordId,
      documentId: target.documentId ?? null,
      actorId: actor.id,
      actorName: staffSignature(actor),
      actorRoles: actor.roles.map((role) => ROLE_LABELS[role]).join(', ').slice(0, 100),
      ip: (request.ip ?? '').slice(0, 45),
      userAgent: (request.get('user-agent') ?? '').slice(0, 300),
    });
  }

  /** How many files the staff member consulted in the last 24 hours, and may. */
  async consultedToday(actorId: number): Promise<{ consulted: number; allowed: number }> {
    const since = new Date(Date.now() - DAY_MS);
    const [consulted, granted] = await Promise.all([
      this.entries
        .createQueryBuilder('entry')
        .select('COUNT(DISTINCT entry.recordId)', 'count')
        // Find operators write the date as each database stores it.
        .where({ actorId, at: MoreThan(since) })
        .getRawOne<{ count: string | number }>(),
      this.allowances.sum('extra', { userId: actorId, createdAt: MoreThan(since) }),
    ]);
    return { consulted: Number(consulted?.count ?? 0), allowed: this.config.recordViewsPerDay + (granted ?? 0) };
  }

  /** Lets a staff member consult `extra` more files over the next 24 hours. */
  async allowMore(userId: number, extra: number, by: SessionUser): Promise<{ consulted: number; allowed: number }> {
    await this.allowances.insert({ userId, extra, grantedById: by.id, grantedByName: `${by.firstName} ${by.lastName}`.trim() });
    await this.history.record({ subject: 'user', subjectId: userId, actor: by, action: `Limite de consultation relevée de ${extra} dossier${extra > 1 ? 's' : ''} pour 24 heures` });
    return this.consultedToday(userId);
  }

  /**
   * Refuses (429) a consultation the staff member may not make today: of a file they have not consulted in the last
   * 24 hours, while they are at their limit.
   */
  async checkAllowance(recordId: number, actor: SessionUser): Promise<void> {
    const since = new Date(Date.now() - DAY_MS);
    if (await this.entries.existsBy({ actorId: actor.id, recordId, at: MoreThan(since) })) return;
    const { consulted, allowed } = await this.consultedToday(actor.id);
    if (consulted >= allowed) {
      throw new TooManyAttemptsError(
        `Vous avez consulté ${consulted} dossiers ces dernières 24 heures, le maximum permis. Pour en consulter d’autres, demandez à un administrateur de relever votre limite.`,
      );
    }
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
