import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A rate-limit counter of the embedded default (with Redis, counters live there instead). */
@Entity('rate_limits')
export class RateLimit {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  bucket!: string;

  @Column({ type: 'int' })
  count!: number;

  /** When the window ends, in milliseconds since the epoch. */
  @Index()
  @Column({ type: 'bigint' })
  resetAt!: number;
}
