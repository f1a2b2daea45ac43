import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What a staff member did with a file: viewed it (its page, its follow-up, its summary sheet, its upload links), opened
 * one of its documents, reviewed documents, created or withdrew an upload link, updated its follow-up (stage, events,
 * notes, follower), sent its applicant a new invitation; or, as a member of the allocation committee, read it among a
 * session's candidates.
 */
export const AUDIT_ACTIONS = [
  'record_view',
  'document_read',
  'documents_review',
  'upload_link_create',
  'upload_link_withdraw',
  'follow_up_change',
  'invitation_resend',
  'committee_review',
  'data_export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One consultation of an application file by staff: any call of theirs that reads or changes that one file. Who,
 * what, when, from where. Kept apart from the records so that nothing a staff member can change rewrites it.
 */
@Entity('audit_entries')
@Index(['recordId', 'at'])
@Index(['actorId', 'at'])
export class AuditEntry {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'simple-enum', enum: AUDIT_ACTIONS })
  action!: AuditAction;

  @Column({ type: 'int' })
  recordId!: number;

  @Column({ type: 'int', nullable: true })
  documentId!: number | null;

  @Column({ type: 'int' })
  actorId!: number;

  /** The staff member's name and roles at the time. */
  @Column({ type: 'varchar', length: 210 })
  actorName!: string;

  @Column({ type: 'varchar', length: 100 })
  actorRoles!: string;

  @Column({ type: 'varchar', length: 45 })
  ip!: string;

  @Column({ type: 'varchar', length: 300 })
  userAgent!: string;

  @CreateDateColumn({ type: 'datetime' })
  at!: Date;
}
