import { CreateDateColumn, Entity, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Good } from '../../goods/entities/good.entity.js';
import { Alert } from './alert.entity.js';

/**
 * A home an alert has told of (or that was already offered when it was confirmed): it is not told again while it
 * stays offered. Once it no longer matches (let, withdrawn, dearer), the row goes, so that its coming back is news.
 */
@Entity('alert_homes')
export class AlertHome {
  @PrimaryColumn({ type: 'int' })
  alertId!: number;

  @PrimaryColumn({ type: 'int' })
  goodId!: number;

  @ManyToOne(() => Alert, { onDelete: 'CASCADE' })
  alert!: Relation<Alert>;

  @ManyToOne(() => Good, { onDelete: 'CASCADE' })
  good!: Relation<Good>;

  @CreateDateColumn({ type: 'datetime' })
  since!: Date;
}
