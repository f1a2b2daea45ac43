import { Column, Entity, PrimaryColumn } from 'typeorm';

/** When the stored statistics read the data they count. */
@Entity('statistic_refreshes')
export class StatisticRefresh {
  /** One row: the latest computation. */
  @PrimaryColumn({ type: 'varchar', length: 20 })
  id!: string;

  /** To the millisecond: two computations a moment apart are told apart. */
  @Column({ type: 'datetime', precision: 3 })
  computedAt!: Date;
}
