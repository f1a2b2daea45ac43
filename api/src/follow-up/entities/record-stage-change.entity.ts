import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { RECORD_STAGES, type RecordStage } from '@hsa-lli/common/domain';
import { Record } from '../../records/entities/record.entity.js';

/** One move of a file from a stage to another: dated and attributed. */
@Entity('record_stage_changes')
@Index(['to', 'at'])
export class RecordStageChange {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => Record, { nullable: false, onDelete: 'CASCADE' })
  record!: Relation<Record>;

  @Column({ type: 'simple-enum', enum: RECORD_STAGES })
  from!: RecordStage;

  @Column({ type: 'simple-enum', enum: RECORD_STAGES })
  to!: RecordStage;

  @Column({ type: 'text', nullable: true })
  comment!: string | null;

  @Column({ type: 'int', nullable: true })
  actorId!: number | null;

  @Column({ type: 'varchar', length: 210 })
  actorName!: string;

  @CreateDateColumn({ type: 'datetime' })
  at!: Date;
}
