import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ROLE_LABELS, type ConsultationView } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import type { Repository } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { AuditEntry, type AuditAction } from './entities/audit-entry.entity.js';

const ACTION_LABELS: Record<AuditAction, string> = {
  record_view: 'A consulté votre dossier',
  document_read: 'A ouvert une pièce justificative',
};

/**
 * The audit trail of staff consultations of application files: every view of a record and every read of one of
 * its documents by staff, written before the answer leaves, so that nothing is read without a trace.
 */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>) {}

  async record(action: AuditAction, target: { recordId: number; documentId?: number }, actor: SessionUser, request: Request): Promise<void> {
    await this.entries.insert({
      action,
      recordId: target.recordId,
      documentId: target.documentId ?? null,
      actorId: actor.id,
      // What the file's owner is shown: a first name and an initial, enough to ask about a consultation.
      actorName: `${actor.firstName} ${actor.lastName.slice(0, 1)}.`.trim(),
      actorRoles: actor.roles.map((role) => ROLE_LABELS[role]).join(', ').slice(0, 100),
      ip: (request.ip ?? '').slice(0, 45),
      userAgent: (request.get('user-agent') ?? '').slice(0, 300),
    });
  }

  /** A file's consultations, newest first, as its owner sees them. */
  async consultations(recordId: number, limit = 100): Promise<ConsultationView[]> {
    const entries = await this.entries.find({ where: { recordId }, order: { at: 'DESC', id: 'DESC' }, take: limit });
    return entries.map((entry) => ({ at: entry.at.toISOString(), by: `${entry.actorName} (${entry.actorRoles})`, what: ACTION_LABELS[entry.action] }));
  }
}
