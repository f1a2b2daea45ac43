import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ListAnswer, ListSort, RecordRow, recordListSchema } from '@hsa-lli/common/back-office';
import { currentLliYear, RECORD_STAGES } from '@hsa-lli/common/domain';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { z } from 'zod/mini';
import type { SessionUser } from '../auth/session-user.js';
import { listAnswer } from '../database/list-query.js';
import type { RecordListKeyKind } from './entities/record-list-key.entity.js';
import { Record } from './entities/record.entity.js';
import { RecordsListColumnsService } from './records-list-columns.service.js';
import { folded, linesOf, RECORD_COLUMNS, rowOf } from './records-list-rows.js';

type ListRequest = z.output<typeof recordListSchema>;
type Column = NonNullable<ListRequest['sort']>['column'];
type Filters = NonNullable<ListRequest['filters']>;

const DEFAULT_SORT: ListSort<Column> = { column: 'created_at', direction: 'desc' };

/**
 * Stages sort in the order a file goes through them, not by their codes' letters. MariaDB sorts an ENUM column by the
 * order of its values, which the migrations write as RECORD_STAGES lists them: the column's index serves that sort.
 */
function stageOrder(dataSource: DataSource): string {
  if (dataSource.options.type !== 'better-sqlite3') return 'record.stage';
  return `CASE record.stage ${RECORD_STAGES.map((stage, rank) => `WHEN '${stage}' THEN ${rank}`).join(' ')} END`;
}

/** What each sort column sorts by: a column with an index, but for the stages on SQLite. */
function sortExpressions(dataSource: DataSource): { [column in Column]: string } {
  return {
    reference: 'record.reference',
    created_at: 'record.createdAt',
    updated_at: 'record.updatedAt',
    stage: stageOrder(dataSource),
    last_event_at: 'record.lastEventAt',
  };
}

/** The files that have one of the words a search begins: its text as a LIKE prefix, its wildcards taken literally. */
function startsWith(search: string): string {
  return `${folded(search.trim()).replace(/[!%_]/g, (character) => `!${character}`)}%`;
}

/** The files with a key of that kind and value. */
const keyed = (kind: RecordListKeyKind, value: string) => `record.id IN (SELECT k.recordId FROM record_list_keys k WHERE k.kind = '${kind}' AND k.value ${value})`;

/**
 * The list of application files staff work from (`POST /api/records/list`) and its export's rows: filtered, searched
 * and sorted by the columns RecordsListColumnsService keeps on each file, brought up to date before they are read.
 */
@Injectable()
export class RecordsListService {
  private readonly sorts: { [column in Column]: string };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly columns: RecordsListColumnsService,
  ) {
    this.sorts = sortExpressions(dataSource);
  }

  /**
   * One page of the files, filtered, searched, sorted (then by id, so that pages never overlap), and their number: the
   * files' own columns, then what each row shows for the page's files only, a grouped query each (persons, documents,
   * wishes, latest events, follower).
   */
  async list(request: ListRequest, caller: Pick<SessionUser, 'id'>): Promise<ListAnswer<RecordRow>> {
    await this.columns.upToDate();
    const page = this.sorted(this.query(request, caller), request.sort)
      .offset((request.page - 1) * request.per_page)
      .limit(request.per_page);
    const [records, total] = await Promise.all([page.getMany(), this.count(request, caller)]);
    const rows = await this.rowsOf(this.dataSource.manager, records);
    return listAnswer({ rows: records, total }, (record) => rows.get(record.id)!);
  }

  /**
   * Every row of the filtered, searched, sorted list, `size` at a time: an export never holds them all at once. Each
   * batch reads the ids of its files (from the sort's index, without reading the files it skips), then their rows.
   */
  async *chunks(request: Omit<ListRequest, 'page' | 'per_page'>, caller: Pick<SessionUser, 'id'>, size: number): AsyncGenerator<RecordRow[]> {
    await this.columns.upToDate();
    for (let offset = 0; ; offset += size) {
      const matches: { id: number }[] = await this.sorted(this.query(request, caller).select('record.id', 'id'), request.sort)
        .offset(offset)
        .limit(size)
        .getRawMany();
      if (matches.length === 0) return;
      const ids = matches.map((match) => Number(match.id));
      const records = new Map((await this.query({}, caller).andWhereInIds(ids).getMany()).map((record) => [record.id, record]));
      const rows = await this.rowsOf(this.dataSource.manager, [...records.values()]);
      yield ids.map((id) => rows.get(id)!);
      if (matches.length < size) return;
    }
  }

  private sorted(query: SelectQueryBuilder<Record>, sort: ListSort<Column> = DEFAULT_SORT): SelectQueryBuilder<Record> {
    const direction = sort.direction === 'desc' ? 'DESC' : 'ASC';
    return query.orderBy(this.sorts[sort.column], direction).addOrderBy('record.id', direction);
  }

  /**
   * How many files the filters keep. A search alone, or one filter alone that has a table of its own (a residence, a
   * flat size, a good), is counted in that table's index without reading the files.
   */
  private async count(request: Pick<ListRequest, 'search' | 'filters'>, caller: Pick<SessionUser, 'id'>): Promise<number> {
    const filters = Object.entries(request.filters ?? {}).filter(([, value]) => value !== undefined) as [keyof Filters, unknown][];
    const counted = async (sql: string, parameters: unknown[]) => Number((await this.dataSource.query(sql, parameters))[0].count);
    if (request.search && filters.length === 0) {
      return counted("SELECT COUNT(DISTINCT recordId) AS count FROM record_list_keys WHERE kind = 'word' AND value LIKE ? ESCAPE '!'", [startsWith(request.search)]);
    }
    const [only] = filters;
    if (!request.search && filters.length === 1 && only) {
      const [filter, value] = only;
      if (filter === 'residence' || filter === 'flat_size') return counted('SELECT COUNT(*) AS count FROM record_list_keys WHERE kind = ? AND value = ?', [filter, String(value)]);
      if (filter === 'good') return counted('SELECT COUNT(*) AS count FROM record_wished_goods WHERE goodsId = ?', [value]);
    }
    return this.query(request, caller).getCount();
  }

  private query(request: Pick<ListRequest, 'search' | 'filters'>, caller: Pick<SessionUser, 'id'>): SelectQueryBuilder<Record> {
    // The files alone: a join would lead MariaDB to read every match before sorting them.
    const query = this.dataSource.manager.createQueryBuilder(Record, 'record').select(RECORD_COLUMNS);
    const { stage, residence, good, flat_size, eligible, incomplete, followed_by_me } = request.filters ?? {};
    if (request.search) query.andWhere(keyed('word', "LIKE :search ESCAPE '!'"), { search: startsWith(request.search) });
    if (stage !== undefined) query.andWhere('record.stage = :stage', { stage });
    // Wished itself, or through one of its goods; the key's value is text.
    if (residence !== undefined) query.andWhere(keyed('residence', '= :residence'), { residence: String(residence) });
    if (good !== undefined) query.andWhere('record.id IN (SELECT wg.recordsId FROM record_wished_goods wg WHERE wg.goodsId = :good)', { good });
    if (flat_size !== undefined) query.andWhere(keyed('flat_size', '= :flat_size'), { flat_size });
    if (eligible !== undefined) query.andWhere(`record.eligible = ${eligible ? 1 : 0}`);
    if (incomplete !== undefined) query.andWhere(`record.incomplete = ${incomplete ? 1 : 0}`);
    if (followed_by_me === true) query.andWhere('record.followerId = :me', { me: caller.id });
    if (followed_by_me === false) query.andWhere('(record.followerId IS NULL OR record.followerId <> :me)', { me: caller.id });
    return query;
  }

  private async rowsOf(manager: EntityManager, records: Record[]): Promise<Map<number, RecordRow>> {
    if (records.length === 0) return new Map();
    const lines = await linesOf(manager, records.map((record) => record.id));
    const year = currentLliYear();
    return new Map(records.map((record) => [record.id, rowOf(record, lines, year)]));
  }
}
