import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { currentLliYear } from '@hsa-lli/common/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { rowLock } from '../database/list-query.js';
import { RecordListKey, type RecordListKeyKind } from './entities/record-list-key.entity.js';
import { Record } from './entities/record.entity.js';
import { folded, linesOf, RECORD_COLUMNS, rowOf, type Lines } from './records-list-rows.js';

/** Files whose list columns are worked out at a time, each batch in a transaction of its own. */
const REFRESH_BATCH = 500;

/** A text from each of its words on: « thomas mendiburu », « mendiburu »; « dos-2026-0003 », « 2026-0003 », « 0003 ». */
function wordsOf(text: string): string[] {
  const words = folded(text);
  return [...words.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]/gu)].map((start) => words.slice(start.index, start.index + 254));
}

/** What a file is found by (RecordListKey): each value once. */
function keysOf(record: Record, lines: Lines): [RecordListKeyKind, string][] {
  const household = lines.persons(record.id).filter((person) => Number(person.position) === 1 || record.situation === 'couple');
  const goods = lines.goods(record.id);
  const residences = [...lines.residences(record.id).map((residence) => residence.id), ...goods.map((good) => good.residenceId)].map(String);
  const flatSizes = [...(record.flatSizes ?? []), ...goods.map((good) => good.flatSize!)];
  const words = [record.reference, ...household.flatMap((person) => [`${person.firstName} ${person.lastName}`, person.email ?? ''])].flatMap(wordsOf);
  return [
    ...[...new Set(residences)].map((value): [RecordListKeyKind, string] => ['residence', value]),
    ...[...new Set(flatSizes)].map((value): [RecordListKeyKind, string] => ['flat_size', value]),
    ...[...new Set(words)].map((value): [RecordListKeyKind, string] => ['word', value]),
  ];
}

/**
 * What the staff's list of files filters and sorts by, kept on each file: its eligibility, whether a document is
 * missing, its latest event (columns of `records`), the residences and flat sizes it wishes and the words it is searched
 * by (`record_list_keys`). Every change of what they are worked out from calls `afterChange` (or `refreshIn`, in its
 * transaction) for the files it touches; a file written without them (a seed, an import), or whose eligibility was
 * worked out with another year's ceilings, gets them before the list is read (`upToDate`).
 */
@Injectable()
export class RecordsListColumnsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RecordsListColumnsService.name);
  private catchingUp: Promise<void> | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The files migrated without their list columns get them as the API starts, rather than at the first list. */
  onApplicationBootstrap(): void {
    this.upToDate().catch((error: unknown) => this.logger.error(`The files' list columns could not be worked out: ${String(error)}`));
  }

  /**
   * Works out the list columns of these files, each batch in a transaction that locks its files first: of two
   * refreshes of a file, the second reads what the first could not have seen. Called once a change is committed.
   */
  async refresh(ids: readonly number[]): Promise<void> {
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    for (let start = 0; start < sorted.length; start += REFRESH_BATCH) {
      await this.dataSource.transaction((manager) => this.refreshIn(manager, sorted.slice(start, start + REFRESH_BATCH)));
    }
  }

  /**
   * `refresh` once a change is committed, which never fails the change: should the work fail (a lock wait, a lost
   * connection), the files are left marked stale (`listYear` NULL) for the next list to work them out, and it is logged.
   */
  async afterChange(ids: readonly number[]): Promise<void> {
    try {
      await this.refresh(ids);
    } catch (error) {
      this.logger.error(`The list columns of files ${ids.join(', ')} could not be worked out: ${String(error)}`);
      await this.dataSource
        .createQueryBuilder()
        .update(Record)
        .set({ listYear: null, updatedAt: () => 'updatedAt' })
        .whereInIds([...ids])
        .execute()
        .catch((marking: unknown) => this.logger.error(`Nor could they be marked stale: ${String(marking)}`));
    }
  }

  /** The same, in the caller's transaction: for a file it has just made, which nobody else can be changing. */
  async refreshIn(manager: EntityManager, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const query = manager.createQueryBuilder(Record, 'record').select(RECORD_COLUMNS).whereInIds(ids);
    if (rowLock(manager)) query.setLock('pessimistic_write');
    const records = await query.getMany();
    if (records.length === 0) return;
    const year = currentLliYear();
    const lines = await linesOf(manager, records.map((record) => record.id));
    const parameters: string[] = [];
    const eligible: string[] = [];
    const incomplete: string[] = [];
    const lastEventAt: string[] = [];
    const keys: Pick<RecordListKey, 'kind' | 'value' | 'recordId'>[] = [];
    for (const record of records) {
      const row = rowOf(record, lines, year);
      eligible.push(`WHEN ${record.id} THEN ${row.eligible === null ? 'NULL' : row.eligible ? 1 : 0}`);
      incomplete.push(`WHEN ${record.id} THEN ${row.completeness.provided < row.completeness.required ? 1 : 0}`);
      const latest = lines.latest.get(record.id);
      if (latest) {
        lastEventAt.push(`WHEN ${record.id} THEN ?`);
        // How TypeORM writes a date to either database: UTC, to the millisecond.
        parameters.push(latest.at.toISOString().slice(0, 23).replace('T', ' '));
      }
      keys.push(...keysOf(record, lines).map(([kind, value]) => ({ kind, value, recordId: record.id })));
    }
    const list = records.map((record) => record.id).join(', ');
    // `updatedAt` set to itself: MariaDB would otherwise date the file as changed.
    await manager.query(
      `UPDATE records SET eligible = CASE id ${eligible.join(' ')} END, incomplete = CASE id ${incomplete.join(' ')} END, ` +
        `lastEventAt = ${lastEventAt.length > 0 ? `CASE id ${lastEventAt.join(' ')} ELSE NULL END` : 'NULL'}, listYear = ?, updatedAt = updatedAt WHERE id IN (${list})`,
      [...parameters, year],
    );
    await manager.query(`DELETE FROM record_list_keys WHERE recordId IN (${list})`);
    for (let start = 0; start < keys.length; start += 1_000) {
      await manager.createQueryBuilder().insert().into(RecordListKey).values(keys.slice(start, start + 1_000)).updateEntity(false).execute();
    }
  }

  /**
   * Marks stale, in the caller's transaction, the files that wish a residence or a good about to be removed (their wish
   * goes with it): `refreshStale` works them out once the removal is committed, and the next list would otherwise.
   */
  async markWishingStale(manager: EntityManager, target: { residence: number } | { good: number }): Promise<void> {
    const ids = await this.filesWishing(target, manager);
    if (ids.length > 0) await manager.createQueryBuilder().update(Record).set({ listYear: null, updatedAt: () => 'updatedAt' }).whereInIds(ids).execute();
  }

  /** The files marked stale (`listYear` NULL), worked out now, as `afterChange` does. */
  async refreshStale(): Promise<void> {
    const stale: { id: number }[] = await this.dataSource.query('SELECT id FROM records WHERE listYear IS NULL');
    if (stale.length > 0) await this.afterChange(stale.map((row) => Number(row.id)));
  }

  /**
   * The files that wish a residence (itself or one of its goods), or a good: those its changes may concern. The goods'
   * residences are joined in the query, as the list's own queries do (records-list-rows.ts).
   */
  async filesWishing(target: { residence: number } | { good: number }, manager: EntityManager = this.dataSource.manager): Promise<number[]> {
    const rows: { id: number }[] =
      'good' in target
        ? await manager.query('SELECT recordsId AS id FROM record_wished_goods WHERE goodsId = ?', [target.good])
        : await manager.query(
            'SELECT recordsId AS id FROM record_wished_residences WHERE residencesId = ? UNION SELECT wg.recordsId AS id FROM record_wished_goods wg JOIN goods g ON g.id = wg.goodsId WHERE g.residenceId = ?',
            [target.residence, target.residence],
          );
    return rows.map((row) => Number(row.id));
  }

  /** The files whose list columns are missing or hold another year's eligibility: worked out once at a time. */
  upToDate(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        const year = currentLliYear();
        const stale: { id: number }[] = await this.dataSource.query('SELECT id FROM records WHERE listYear IS NULL OR listYear < ? OR listYear > ?', [year, year]);
        if (stale.length === 0) return;
        const started = Date.now();
        await this.refresh(stale.map((row) => Number(row.id)));
        this.logger.log(`Worked out the list columns of ${stale.length} files in ${Date.now() - started} ms`);
      } finally {
        this.catchingUp = null;
      }
    })();
    return this.catchingUp;
  }
}
