import type { ResidenceFilters } from '@hsa-lli/common/domain';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A saved search of the public list (docs/alerts.md): an address, the list's filters, and the SHA-256 of its
 * confirmation link's secret (single use, until `confirmExpiresAt`). Its own link, in its e-mails, is signed, not
 * stored (AlertsService.linkOf). Nothing is sent to the address before it is confirmed.
 */
@Entity('alerts')
export class Alert {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'simple-json' })
  filters!: ResidenceFilters;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  confirmHash!: string | null;

  @Column({ type: 'datetime', nullable: true })
  confirmExpiresAt!: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @Column({ type: 'datetime', nullable: true })
  confirmedAt!: Date | null;

  /** Its confirmation or its owner's latest « Garder cette alerte »: it ends ALERT_LIMITS.months later. */
  @Column({ type: 'datetime', nullable: true })
  renewedAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  lastSentAt!: Date | null;
}
