import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { TOKEN_KINDS, type Role, type TokenKind } from '@hsa-lli/common/domain';
import { User } from '../../users/entities/user.entity.js';
import { Record } from '../../records/entities/record.entity.js';

/**
 * A single-use secret sent by e-mail: an invitation to create an account, a password reset, or a
 * link to upload documents into a record. Only the SHA-256 of the secret is stored.
 */
@Entity('tokens')
export class Token {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'simple-enum', enum: TOKEN_KINDS })
  kind!: TokenKind;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** For an invitation: the invited person's name and role. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  firstName!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  role!: Role | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'CASCADE' })
  user!: Relation<User> | null;

  @ManyToOne(() => Record, { nullable: true, onDelete: 'CASCADE' })
  record!: Relation<Record> | null;

  @Column({ type: 'datetime' })
  expiresAt!: Date;

  @Column({ type: 'datetime', nullable: true })
  usedAt!: Date | null;

  /** Set when a newer link to the same address replaces it, or when staff withdraw it. */
  @Column({ type: 'datetime', nullable: true })
  withdrawnAt!: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
