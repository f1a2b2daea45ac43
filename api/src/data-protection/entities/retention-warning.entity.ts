import { Column, Entity, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { Record } from '../../records/entities/record.entity.js';

/**
 * A warning e-mailed before a file's erasure: one per rule, erasure day and number of days before it, so that a daily
 * run sends each once, and a file that became active again (a later erasure day) is warned anew.
 */
@Entity('retention_warnings')
@Unique(['record', 'rule', 'dueDay', 'daysBefore'])
export class RetentionWarning {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => Record, { nullable: false, onDelete: 'CASCADE' })
  record!: Relation<Record>;

  @Column({ type: 'varchar', length: 20 })
  rule!: 'inactive' | 'inactive_file' | 'closed';

  /** The day of the erasure the warning announced (Paris), YYYY-MM-DD. */
  @Column({ type: 'varchar', length: 10 })
  dueDay!: string;

  @Column({ type: 'int' })
  daysBefore!: number;

  @Column({ type: 'datetime' })
  sentAt!: Date;
}
