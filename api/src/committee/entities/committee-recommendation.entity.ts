import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { OPINIONS, type Opinion } from '@hsa-lli/common/back-office';
import { CommitteeCandidate } from './committee-candidate.entity.js';

/** A member's recommendation on a candidate, which they may change until the vote ends. */
@Entity('committee_recommendations')
@Index(['candidate', 'memberId'], { unique: true })
export class CommitteeRecommendation {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => CommitteeCandidate, { nullable: false, onDelete: 'CASCADE' })
  candidate!: Relation<CommitteeCandidate>;

  /** The member, and their name at the time (the minutes keep it if the account goes). */
  @Column({ type: 'int' })
  memberId!: number;

  @Column({ type: 'varchar', length: 210 })
  memberName!: string;

  @Column({ type: 'simple-enum', enum: OPINIONS })
  opinion!: Opinion;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'boolean', default: false })
  conflictOfInterest!: boolean;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;
}
