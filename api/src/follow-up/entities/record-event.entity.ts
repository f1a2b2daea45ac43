import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { EVENT_REASONS, EVENT_TYPES, OUTCOME_OPTIONS, type EventType, type Outcome } from '@hsa-lli/common/domain';
import { Good } from '../../goods/entities/good.entity.js';
import { Record } from '../../records/entities/record.entity.js';

const OUTCOMES = OUTCOME_OPTIONS.map((option) => option.value);

/** A follow-up event of a file: a call, an interview, a visit, an offer, a refusal, a lease… (docs/follow-up.md). */
@Entity('record_events')
@Index(['type', 'at'])
// A file's latest event and its type, for the staff's list, from the index alone.
@Index(['record', 'at', 'type'])
export class RecordEvent {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => Record, { nullable: false, onDelete: 'CASCADE' })
  record!: Relation<Record>;

  @Column({ type: 'simple-enum', enum: EVENT_TYPES })
  type!: EventType;

  /** Its sub-reason, among its type's. */
  @Column({ type: 'simple-enum', enum: EVENT_REASONS, nullable: true })
  reason!: string | null;

  /** The good it concerns (a visit, an offer, a lease). */
  @ManyToOne(() => Good, { nullable: true, onDelete: 'SET NULL' })
  good!: Relation<Good> | null;

  /** When it happened (or is planned), as staff give it. */
  @Column({ type: 'datetime' })
  at!: Date;

  @Column({ type: 'simple-enum', enum: OUTCOMES, nullable: true })
  outcome!: Outcome | null;

  @Column({ type: 'text', nullable: true })
  comment!: string | null;

  /** Who recorded it, and their name at the time. */
  @Column({ type: 'int', nullable: true })
  actorId!: number | null;

  @Column({ type: 'varchar', length: 210 })
  actorName!: string;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
