import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Record } from '../../records/entities/record.entity.js';
import { AgendaItem } from './agenda-item.entity.js';

/** A file presented for a good of a session; after the decision, its rank (1: chosen) or the reason it was not chosen. */
@Entity('committee_candidates')
@Index(['item', 'record'], { unique: true })
export class CommitteeCandidate {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => AgendaItem, (item) => item.candidates, { nullable: false, onDelete: 'CASCADE' })
  item!: Relation<AgendaItem>;

  @ManyToOne(() => Record, { nullable: false, onDelete: 'CASCADE' })
  record!: Relation<Record>;

  /** Its order among the good's candidates: « Candidat A » is 0. Kept when another is removed, so labels never move. */
  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'int', nullable: true })
  rank!: number | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @CreateDateColumn({ type: 'datetime' })
  addedAt!: Date;
}
