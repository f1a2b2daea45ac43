import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const AUDIT_ACTIONS = ['record_view', 'document_read'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One consultation of an application file by staff: a view of the record or a read of one of its documents. Who,
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
