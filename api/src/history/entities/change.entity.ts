import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { HISTORY_SUBJECTS, type FieldChange, type HistorySubject } from '@hsa-lli/common/back-office';

/** One change made by staff to a residence, a good, an equipment or an account: who, when, what. */
@Entity('changes')
@Index(['subject', 'subjectId', 'at'])
export class Change {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'simple-enum', enum: HISTORY_SUBJECTS })
  subject!: HistorySubject;

  /** The id of the residence, good, equipment or user changed; kept after its deletion. */
  @Column({ type: 'int' })
  subjectId!: number;

  /** Who made the change; null for the platform itself (an invited person registering, say). */
  @Column({ type: 'int', nullable: true })
  actorId!: number | null;

  /** The actor's name at the time, so that the history still reads after an account changes. */
  @Column({ type: 'varchar', length: 210 })
  actorName!: string;

  /** What was done, in French: « Création », « Modification », « Photos ajoutées (3) »… */
  @Column({ type: 'varchar', length: 200 })
  action!: string;

  @Column({ type: 'json' })
  changes!: FieldChange[];

  @CreateDateColumn({ type: 'datetime' })
  at!: Date;
}
