import type { ErasedPart, ErasureRule } from '@hsa-lli/common/domain';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The erasure journal: that something was erased, when, why and by whom, without anything of the person (no name,
 * address nor reference), so that a restored backup can erase it again and a person can be told it was done.
 */
@Entity('erasures')
@Index(['subject', 'subjectId'])
@Index(['at'])
export class Erasure {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The table of what was erased: a file, a contact request, an account. */
  @Column({ type: 'varchar', length: 20 })
  subject!: 'record' | 'contact_form' | 'user';

  @Column({ type: 'int' })
  subjectId!: number;

  @Column({ type: 'varchar', length: 20 })
  what!: ErasedPart;

  @Column({ type: 'varchar', length: 30 })
  rule!: ErasureRule;

  /** Null: the platform, by a retention delay. */
  @Column({ type: 'int', nullable: true })
  actorId!: number | null;

  @Column({ type: 'varchar', length: 210 })
  actorName!: string;

  /** Set by the service (not the database's clock), so that the delays' tests move it. */
  @Column({ type: 'datetime' })
  at!: Date;
}
