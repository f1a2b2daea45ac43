import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A server-side session of the embedded default (with Redis, sessions live there instead). */
@Entity('sessions')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  sid!: string;

  /** The logged-in user, so that all of a user's sessions can be ended at once. */
  @Index()
  @Column({ type: 'int', nullable: true })
  userId!: number | null;

  @Column({ type: 'text' })
  data!: string;

  @Index()
  @Column({ type: 'datetime' })
  expiresAt!: Date;
}
