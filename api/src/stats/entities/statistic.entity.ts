import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A figure of the dashboard, computed by the statistics job. */
@Entity('statistics')
export class Statistic {
  /** The stats path it answers, such as `goods/count`. */
  @PrimaryColumn({ type: 'varchar', length: 80 })
  key!: string;

  @Column({ type: 'json' })
  value!: unknown;

  @Column({ type: 'datetime' })
  computedAt!: Date;
}
