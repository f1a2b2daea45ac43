import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { OFFER_STATES, type OfferState } from '@hsa-lli/common/domain';
import { Good } from '../../goods/entities/good.entity.js';
import { Record } from '../../records/entities/record.entity.js';
import { CommitteeCandidate } from './committee-candidate.entity.js';

/** The offer of a good to the applicant the committee chose (or the next ranked one), to answer before its deadline. */
@Entity('offers')
@Index(['state', 'deadline'])
export class Offer {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => Record, { nullable: false, onDelete: 'CASCADE' })
  record!: Relation<Record>;

  @ManyToOne(() => Good, { nullable: false, onDelete: 'RESTRICT' })
  good!: Relation<Good>;

  /** The candidacy it answers: its session's decision and ranking. */
  @ManyToOne(() => CommitteeCandidate, { nullable: false, onDelete: 'CASCADE' })
  candidate!: Relation<CommitteeCandidate>;

  @Column({ type: 'simple-enum', enum: OFFER_STATES, default: 'pending' })
  state!: OfferState;

  @Column({ type: 'text', nullable: true })
  condition!: string | null;

  @Column({ type: 'datetime' })
  sentAt!: Date;

  @Column({ type: 'datetime' })
  deadline!: Date;

  @Column({ type: 'datetime', nullable: true })
  answeredAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;
}
