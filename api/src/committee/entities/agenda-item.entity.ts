import { Column, Entity, Index, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DECISION_OUTCOMES, type DecisionOutcome } from '@hsa-lli/common/back-office';
import { Good } from '../../goods/entities/good.entity.js';
import { CommitteeCandidate } from './committee-candidate.entity.js';
import { CommitteeSession } from './committee-session.entity.js';

/** A good on a session's agenda: its candidates, its discussion, and the decision taken on it at closing. */
@Entity('committee_agenda_items')
@Index(['session', 'good'], { unique: true })
export class AgendaItem {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => CommitteeSession, (session) => session.items, { nullable: false, onDelete: 'CASCADE' })
  session!: Relation<CommitteeSession>;

  /** A good examined by a session is kept: removing it is refused while a session names it. */
  @ManyToOne(() => Good, { nullable: false, onDelete: 'RESTRICT' })
  good!: Relation<Good>;

  /** Its order on the agenda. */
  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'simple-enum', enum: DECISION_OUTCOMES, nullable: true })
  outcome!: DecisionOutcome | null;

  @Column({ type: 'text', nullable: true })
  condition!: string | null;

  @OneToMany(() => CommitteeCandidate, (candidate) => candidate.item)
  candidates!: Relation<CommitteeCandidate>[];
}
