import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntitySubscriberInterface, InsertEvent, RemoveEvent, UpdateEvent } from 'typeorm';
import {
  monthsBetween,
  parisMonth,
  periodMonths,
  statistic,
  type StatisticEntry,
  type StatisticKey,
  type StatisticPeriod,
  type StatisticView,
} from '@hsa-lli/common/back-office';
import type { JobView } from '@hsa-lli/common/domain';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { dialectOf } from '../database/data-source.js';
import { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
import { Good } from '../goods/entities/good.entity.js';
import { JobsService } from '../jobs/jobs.service.js';
import { RecordEvent } from '../records/entities/record-event.entity.js';
import { RecordStageChange } from '../records/entities/record-stage-change.entity.js';
import { Record } from '../records/entities/record.entity.js';
import { Residence } from '../residences/entities/residence.entity.js';
import { ResidencesService } from '../residences/residences.service.js';
import { StatisticMonth } from './entities/statistic-month.entity.js';
import { StatisticRefresh } from './entities/statistic-refresh.entity.js';
import { computeMonthFigures, DENOMINATOR, NUMERATOR } from './stats-sources.js';

export const REFRESH_JOB = 'refresh';
/** The figures are computed again every quarter of an hour, whatever happens. */
const REFRESH_EVERY_MINUTES = 15;
/** And that long after a change that affects them: the changes meanwhile fold into the same computation. */
export const REFRESH_AFTER_CHANGE_MS = 2000;
/** What the figures are computed from: any change to these computes them again. */
const SOURCES = [RecordEvent, RecordStageChange, Record, ContactForm, Residence, Good] as const;
const LATEST = 'latest';
const INSERT_BATCH = 500;

type Change = InsertEvent<unknown> | UpdateEvent<unknown> | RemoveEvent<unknown>;

/**
 * The dashboard's figures. A background job computes every statistic month by month (France's months) and stores
 * them; a request reads the stored months of its period and adds them up, so that no request ever counts the files
 * or events themselves. What each figure counts: docs/statistics.md.
 */
@Injectable()
export class StatsService implements OnModuleInit, OnApplicationBootstrap, EntitySubscriberInterface {
  private readonly logger = new Logger(StatsService.name);
  /** When this process last asked for a computation after a change. */
  private askedAt = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly residences: ResidencesService,
  ) {
    jobs.register('statistics', REFRESH_JOB, () => this.compute());
  }

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('statistics', REFRESH_JOB, REFRESH_EVERY_MINUTES);
    await this.requestRefresh();
  }

  afterInsert(event: InsertEvent<unknown>): void {
    this.changed(event);
  }

  afterUpdate(event: UpdateEvent<unknown>): void {
    this.changed(event);
  }

  afterRemove(event: RemoveEvent<unknown>): void {
    this.changed(event);
  }

  private changed(event: Change): void {
    if (!(SOURCES as readonly unknown[]).includes(event.metadata.target)) return;
    // A computation asked for less than its delay ago has not started yet: it will count this change too. (Without
    // this, working out the list columns of many files at once would ask the queue once per file.)
    const now = Date.now();
    if (now - this.askedAt < REFRESH_AFTER_CHANGE_MS) return;
    this.askedAt = now;
    this.jobs
      .enqueueUnlessWaiting('statistics', REFRESH_JOB, { delayMs: REFRESH_AFTER_CHANGE_MS })
      .catch((error: unknown) => this.logger.error(`Could not ask for the statistics to be computed again: ${String(error)}`));
  }

  requestRefresh(): Promise<JobView> {
    return this.jobs.enqueue('statistics', REFRESH_JOB);
  }

  findRefresh(id: string): Promise<JobView | null> {
    return this.jobs.find('statistics', id);
  }

  /** Computes every month of every statistic and replaces the stored ones at once. */
  async compute(): Promise<{ computed_at: string; months: number; duration_ms: number }> {
    const started = Date.now();
    const homes = await this.residences.publishedCreations();
    const figures = await computeMonthFigures(this.dataSource, dialectOf(this.config), homes, parisMonth);
    const computedAt = new Date();
    const durationMs = Date.now() - started;
    await this.dataSource.transaction(async (manager) => {
      await manager.createQueryBuilder().delete().from(StatisticMonth).execute();
      for (let index = 0; index < figures.length; index += INSERT_BATCH) {
        await manager.insert(StatisticMonth, figures.slice(index, index + INSERT_BATCH));
      }
      await manager.upsert(StatisticRefresh, { id: LATEST, computedAt, durationMs }, ['id']);
    });
    return { computed_at: computedAt.toISOString(), months: new Set(figures.map((figure) => figure.month)).size, duration_ms: durationMs };
  }

  /** The statistics asked for, over a period of whole months; `byMonth`, one entry per month of it. */
  async read(keys: StatisticKey[], period: StatisticPeriod, byMonth = false): Promise<StatisticView[]> {
    const { first, last } = periodMonths(period);
    const stocks = keys.filter((key) => statistic(key).kind === 'stock');
    const query = this.dataSource
      .createQueryBuilder(StatisticMonth, 'm')
      .select(['m.key', 'm.month', 'm.label', 'm.value'])
      .where('m.key IN (:...keys)', { keys })
      .andWhere('m.month <= :last', { last });
    // A stock counts every month up to the period's end; anything else only the period's months.
    if (stocks.length > 0) query.andWhere('(m.month >= :first OR m.key IN (:...stocks))', { first, stocks });
    else query.andWhere('m.month >= :first', { first });
    const [rows, refresh] = await Promise.all([query.getMany(), this.dataSource.manager.findOneBy(StatisticRefresh, { id: LATEST })]);
    const computedAt = refresh ? new Date(refresh.computedAt).toISOString() : null;
    const months = monthsBetween(first, last);
    return keys.map((key) => ({
      key,
      value: valueOf(
        key,
        rows.filter((row) => row.key === key),
        months,
        byMonth,
      ),
      period,
      computed_at: computedAt,
    }));
  }
}

function sum(rows: StatisticMonth[]): number {
  return rows.reduce((total, row) => total + row.value, 0);
}

/** A ratio between 0 and 1, to four decimals; 0 when there was nothing to count. */
function ratio(rows: StatisticMonth[]): number {
  const denominator = sum(rows.filter((row) => row.label === DENOMINATOR));
  return denominator === 0 ? 0 : Math.round((sum(rows.filter((row) => row.label === NUMERATOR)) / denominator) * 10_000) / 10_000;
}

/** A statistic's value from its stored months (those of the period, and before it for a stock). */
function valueOf(key: StatisticKey, rows: StatisticMonth[], months: string[], byMonth: boolean): number | StatisticEntry[] {
  const kind = statistic(key).kind;
  const first = months[0]!;
  const inMonth = (month: string) => rows.filter((row) => row.month === month);
  if (kind === 'breakdown') {
    const totals = new Map<string, number>();
    for (const row of rows) totals.set(row.label, (totals.get(row.label) ?? 0) + row.value);
    return [...totals]
      .map(([label, value]) => ({ label, value }))
      .filter((entry) => entry.value !== 0)
      .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'fr'));
  }
  if (kind === 'stock') {
    let total = sum(rows.filter((row) => row.month < first));
    if (!byMonth) return total + sum(rows.filter((row) => row.month >= first));
    return months.map((month) => ({ label: month, value: (total += sum(inMonth(month))) }));
  }
  const measure = kind === 'rate' ? ratio : sum;
  return byMonth ? months.map((month) => ({ label: month, value: measure(inMonth(month)) })) : measure(rows);
}
