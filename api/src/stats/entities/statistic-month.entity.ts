import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One month's figure of a statistic, as the statistics job computed it: a period's figure is read by adding up its
 * months (docs/statistics.md). A breakdown keeps a row per label, a rate one for its numerator and one for its
 * denominator; a plain figure has the empty label.
 */
@Entity('statistic_months')
export class StatisticMonth {
  /** The stats path it answers, such as `records/signed-count`. */
  @PrimaryColumn({ type: 'varchar', length: 80 })
  key!: string;

  /** 'YYYY-MM', a month of France's calendar. */
  @PrimaryColumn({ type: 'varchar', length: 7 })
  month!: string;

  /** Compared byte for byte on MariaDB (the migration's collation). */
  @PrimaryColumn({ type: 'varchar', length: 200 })
  label!: string;

  @Column({ type: 'int' })
  value!: number;
}
