import { Column, Entity, PrimaryColumn } from 'typeorm';

/** When the statistics were last computed, and how long it took. */
@Entity('statistic_refreshes')
export class StatisticRefresh {
  /** One row: the latest computation. */
  @PrimaryColumn({ type: 'varchar', length: 20 })
  id!: string;

  @Column({ type: 'datetime' })
  computedAt!: Date;

  @Column({ type: 'int' })
  durationMs!: number;
}
