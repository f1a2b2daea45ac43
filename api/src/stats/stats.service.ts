import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntitySubscriberInterface, InsertEvent, QueryRunner, RemoveEvent, TransactionCommitEvent, TransactionRollbackEvent, UpdateEvent } from 'typeorm';
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
import { JobsService, type EnqueueOptions } from '../jobs/jobs.service.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { RecordStageChange } from '../follow-up/entities/record-stage-change.entity.js';
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
/**
 * What the figures are computed from, and the properties they read of each (null: any): a change to one of them
 * computes the figures again; an insert or a delete always does. Heard from the data source (a TypeORM subscriber),
 * not from the domains' events: the read model reads these tables with SQL (stats-sources.ts), so it listens to the
 * same tables, whoever writes them and in whichever domain's transaction (a file is opened inside the accounts' and the
 * contact requests' transactions, for one). Part of the read model's exception (docs/api-convention.md).
 */
const SOURCES = new Map<unknown, readonly string[] | null>([
  [RecordEvent, null],
  [RecordStageChange, null],
  [Record, ['stage', 'createdAt']],
  [ContactForm, ['subject', 'record', 'createdAt']],
  [Residence, ['status', 'name', 'reference', 'createdAt']],
  [Good, ['enabled', 'flatSize', 'residence', 'createdAt']],
]);
const LATEST = 'latest';
/**
 * MariaDB's named lock that lets one computation at a time store its figures. Named locks are the server's, not the
 * database's: the name holds the database's, so that two databases on one server never wait for each other.
 */
export const WRITE_LOCK_NAME = "SHA1(CONCAT('hsa_lli_statistics:', DATABASE()))";
const INSERT_BATCH = 500;
/** A computation that failed (the database away, the lock held too long) is tried again, twice, before it is failed. */
const REFRESH_TRIES: EnqueueOptions = { attempts: 3, backoff: { type: 'exponential', delay: 5_000 } };


/**
 * The dashboard's figures. A background job computes every statistic month by month (France's months) and stores
 * them; a request reads the stored months of its period and adds them up, so that no request ever counts the files
 * or events themselves. What each figure counts: docs/statistics.md.
 */
@Injectable()
export class StatsService implements OnModuleInit, OnApplicationBootstrap, EntitySubscriberInterface {
  private readonly logger = new Logger(StatsService.name);
  /** Transactions that changed what the figures count: the computation is asked for once they commit. */
  private readonly changing = new WeakSet<QueryRunner>();
  /** Until when a computation this process queued has not started: it will count the changes committed meanwhile. */
  private coveredUntil = 0;
  /** A request to the queue is on its way; `askAgain`, a change came meanwhile. */
  private asking = false;
  private askAgain = false;
  /** The latest stored figures, and their loading from the database when a new computation stored others. */
  private figures: StoredFigures | null = null;
  private loading: Promise<StoredFigures> | null = null;

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
    if (SOURCES.has(event.metadata.target)) this.changedIn(event.queryRunner);
  }

  afterUpdate(event: UpdateEvent<unknown>): void {
    const read = SOURCES.get(event.metadata.target);
    if (read === undefined) return;
    // What a save changed, or what a query builder's update sets; when neither tells, anything may have changed.
    const changed = [...event.updatedColumns, ...event.updatedRelations].map((each) => each.propertyName);
    if (changed.length === 0 && event.entity) changed.push(...Object.keys(event.entity));
    if (read === null || changed.length === 0 || changed.some((property) => read.includes(property))) this.changedIn(event.queryRunner);
  }

  afterRemove(event: RemoveEvent<unknown>): void {
    if (SOURCES.has(event.metadata.target)) this.changedIn(event.queryRunner);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (this.changing.delete(event.queryRunner)) this.changed();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.changing.delete(event.queryRunner);
  }

  /** A change is asked to be counted once it is committed: a computation that read the data before would miss it. */
  private changedIn(runner: QueryRunner): void {
    if (runner.isTransactionActive) this.changing.add(runner);
    else this.changed();
  }

  private changed(): void {
    if (Date.now() < this.coveredUntil) return;
    if (this.asking) {
      this.askAgain = true;
      return;
    }
    this.asking = true;
    const askedAt = Date.now();
    this.jobs
      .enqueueUnlessWaiting('statistics', REFRESH_JOB, { delayMs: REFRESH_AFTER_CHANGE_MS, ...REFRESH_TRIES })
      .then((queued) => {
        // Only a computation this process delayed is known not to start before then (another may be starting now).
        if (queued) this.coveredUntil = askedAt + REFRESH_AFTER_CHANGE_MS;
      })
      .catch((error: unknown) => this.logger.error(`Could not ask for the statistics to be computed again: ${String(error)}`))
      .finally(() => {
        this.asking = false;
        if (this.askAgain) {
          this.askAgain = false;
          this.changed();
        }
      });
  }

  /** A computation that has not started yet, or a new one: asking again and again queues no more. */
  async requestRefresh(): Promise<JobView> {
    return (await this.jobs.pendingJob('statistics', REFRESH_JOB)) ?? this.jobs.enqueue('statistics', REFRESH_JOB, {}, REFRESH_TRIES);
  }

  findRefresh(id: string): Promise<JobView | null> {
    return this.jobs.find('statistics', id);
  }

  /**
   * Computes every month of every statistic and replaces the stored ones at once, unless a computation that read the
   * data later has stored its figures meanwhile (two workers may compute at once). `computed_at` is when it read.
   */
  async compute(): Promise<{ computed_at: string; stored: boolean; months: number; duration_ms: number }> {
    const readAt = new Date();
    const dialect = dialectOf(this.config);
    const homes = await this.residences.publishedCreations();
    const figures = await computeMonthFigures(this.dataSource, dialect, homes, parisMonth);
    const runner = this.dataSource.createQueryRunner();
    let stored = false;
    try {
      // Held until the figures are committed, so that the next writer reads which computation is the latest.
      if (dialect === 'mariadb') {
        const [row] = (await runner.query(`SELECT GET_LOCK(${WRITE_LOCK_NAME}, 120) AS locked`)) as { locked: number | string | null }[];
        if (Number(row?.locked) !== 1) throw new Error('Another computation held the statistics for two minutes');
      }
      await runner.startTransaction();
      const manager = runner.manager;
      const latest = await manager.findOneBy(StatisticRefresh, { id: LATEST });
      if (!latest || new Date(latest.computedAt) < readAt) {
        await manager.createQueryBuilder().delete().from(StatisticMonth).execute();
        for (let index = 0; index < figures.length; index += INSERT_BATCH) {
          await manager.insert(StatisticMonth, figures.slice(index, index + INSERT_BATCH));
        }
        await manager.upsert(StatisticRefresh, { id: LATEST, computedAt: readAt }, ['id']);
        stored = true;
      }
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      if (dialect === 'mariadb') await runner.query(`SELECT RELEASE_LOCK(${WRITE_LOCK_NAME})`).catch(() => undefined);
      await runner.release();
    }
    return {
      computed_at: readAt.toISOString(),
      stored,
      months: new Set(figures.map((figure) => figure.month)).size,
      duration_ms: Date.now() - readAt.getTime(),
    };
  }

  /** The statistics asked for, over a period of whole months; `byMonth`, one entry per month of it. */
  async read(keys: StatisticKey[], period: StatisticPeriod, byMonth = false): Promise<StatisticView[]> {
    const { computedAt, rows } = await this.stored();
    const { first, last } = periodMonths(period);
    const months = monthsBetween(first, last);
    return keys.map((key) => {
      // A stock counts every month up to the period's end; anything else only the period's months.
      const kept = rows.get(key)?.filter((row) => row.month <= last) ?? [];
      const value = byMonth ? monthly(key, kept, months) : total(key, kept, first);
      return { key, value, period, computed_at: computedAt };
    });
  }

  /**
   * The stored figures, by statistic, kept in memory while they are the latest: a request asks the database only when
   * they were computed (one row by its key), and reads every figure again only after a new computation.
   */
  private async stored(): Promise<StoredFigures> {
    const latest = await this.dataSource.manager.findOneBy(StatisticRefresh, { id: LATEST });
    const computedAt = latest ? new Date(latest.computedAt).toISOString() : null;
    if (this.figures?.computedAt !== computedAt) {
      this.loading ??= (async () => {
        // The time first: figures stored meanwhile are newer than it, and the next request reads them again.
        const refresh = await this.dataSource.manager.findOneBy(StatisticRefresh, { id: LATEST });
        const rows = new Map<string, StatisticMonth[]>();
        for (const row of await this.dataSource.manager.find(StatisticMonth)) rows.set(row.key, [...(rows.get(row.key) ?? []), row]);
        return { computedAt: refresh ? new Date(refresh.computedAt).toISOString() : null, rows };
      })()
        .then((figures) => (this.figures = figures))
        .finally(() => (this.loading = null));
      return this.loading;
    }
    return this.figures;
  }
}

/** The figures of one computation, by statistic. */
interface StoredFigures {
  computedAt: string | null;
  rows: Map<string, StatisticMonth[]>;
}

/** A ratio between 0 and 1, to four decimals; 0 when there was nothing to count. */
function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : Math.round((numerator / denominator) * 10_000) / 10_000;
}

/** A statistic's value over the whole period, from its months up to the period's end. */
function total(key: StatisticKey, rows: StatisticMonth[], first: string): number | StatisticEntry[] {
  const kind = statistic(key).kind;
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (kind === 'stock' || row.month >= first) totals.set(row.label, (totals.get(row.label) ?? 0) + row.value);
  }
  const of = (label: string) => totals.get(label) ?? 0;
  if (kind === 'breakdown') {
    return [...totals]
      .map(([label, value]) => ({ label, value }))
      .filter((entry) => entry.value !== 0)
      .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'fr'));
  }
  return kind === 'rate' ? ratio(of(NUMERATOR), of(DENOMINATOR)) : of('');
}

/** A statistic's value month by month (a stock's, at the end of each month). */
function monthly(key: StatisticKey, rows: StatisticMonth[], months: string[]): StatisticEntry[] {
  const kind = statistic(key).kind;
  const sum = (month: string, label = '') => rows.filter((row) => row.month === month && row.label === label).reduce((all, row) => all + row.value, 0);
  let stock = rows.filter((row) => row.month < months[0]!).reduce((all, row) => all + row.value, 0);
  return months.map((month) => ({
    label: month,
    value: kind === 'stock' ? (stock += sum(month)) : kind === 'rate' ? ratio(sum(month, NUMERATOR), sum(month, DENOMINATOR)) : sum(month),
  }));
}
