import { Column, CreateDateColumn, Entity, Index, JoinTable, ManyToMany, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn, VersionColumn, type Relation } from 'typeorm';
import { SESSION_STATES, type SessionState } from '@hsa-lli/common/back-office';
import { User } from '../../users/entities/user.entity.js';
import { AgendaItem } from './agenda-item.entity.js';

/** A session of the allocation committee: when and where it sits, who sits, the goods it examines (docs/committee.md). */
@Entity('committee_sessions')
@Index(['date'])
export class CommitteeSession {
  @PrimaryGeneratedColumn()
  id!: number;

  /** When it sits. */
  @Column({ type: 'datetime' })
  date!: Date;

  @Column({ type: 'varchar', length: 200, nullable: true })
  place!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  videoUrl!: string | null;

  /** After it, recommendations are no longer taken, even while the session is open. */
  @Column({ type: 'datetime', nullable: true })
  voteClosesAt!: Date | null;

  @Column({ type: 'simple-enum', enum: SESSION_STATES, default: 'scheduled' })
  state!: SessionState;

  @Column({ type: 'datetime', nullable: true })
  openedAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  closedAt!: Date | null;

  /** Who closed it, and their name at the time. */
  @Column({ type: 'int', nullable: true })
  closedById!: number | null;

  @Column({ type: 'varchar', length: 210, nullable: true })
  closedByName!: string | null;

  /** The quorum as it stood when the session closed: the members who took part, and how many were needed. */
  @Column({ type: 'int', nullable: true })
  quorumPresent!: number | null;

  @Column({ type: 'int', nullable: true })
  quorumRequired!: number | null;

  /** The comitee and member accounts that sit in it. */
  @ManyToMany(() => User)
  @JoinTable({ name: 'committee_session_members', joinColumn: { name: 'sessionId' }, inverseJoinColumn: { name: 'userId' } })
  members!: Relation<User>[];

  @OneToMany(() => AgendaItem, (item) => item.session)
  items!: Relation<AgendaItem>[];

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;

  @VersionColumn()
  version!: number;
}
