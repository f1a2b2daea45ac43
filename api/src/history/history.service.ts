import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FieldChange, HistoryEntryView, HistorySubject } from '@hsa-lli/common/back-office';
import type { EntityManager, Repository } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { Change } from './entities/change.entity.js';
import { fullName } from '../users/account-names.js';

/** How many changes a page shows, newest first. */
const SHOWN = 100;

export interface ChangeRecord {
  subject: HistorySubject;
  subjectId: number;
  /** The staff member who made the change; null when the platform did. */
  actor: SessionUser | null;
  /** What was done, in French. */
  action: string;
  changes?: FieldChange[];
}

/**
 * The fields whose value differs between two snapshots of a form: `{}` before a creation, `{}` after a deletion.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

/** Who changed what and when, for every residence, good, equipment and account staff manage. */
@Injectable()
export class HistoryService {
  constructor(@InjectRepository(Change) private readonly changes: Repository<Change>) {}

  /** Records a change, in the caller's transaction when given one. */
  async record({ subject, subjectId, actor, action, changes = [] }: ChangeRecord, manager?: EntityManager): Promise<void> {
    const repository = manager ? manager.getRepository(Change) : this.changes;
    const actorName = actor ? fullName(actor) || actor.email : 'La plateforme';
    await repository.save(repository.create({ subject, subjectId, actorId: actor?.id ?? null, actorName, action, changes }));
  }

  /** The latest changes of one residence, good, equipment or account, newest first. */
  async list(subject: HistorySubject, subjectId: number): Promise<HistoryEntryView[]> {
    const rows = await this.changes.find({ where: { subject, subjectId }, order: { at: 'DESC', id: 'DESC' }, take: SHOWN });
    return rows.map((row) => ({ at: row.at.toISOString(), actor: row.actorName, action: row.action, changes: row.changes }));
  }
}
