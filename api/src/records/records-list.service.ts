import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  applicantsLabel,
  householdLabel,
  isEligible,
  type ListAnswer,
  type ListSort,
  type RecordRow,
  type recordListSchema,
} from '@hsa-lli/common/back-office';
import {
  completeness,
  currentLliYear,
  documentName,
  eventType,
  householdEligibility,
  RECORD_STAGES,
  requiredDocuments,
  stageLabel,
  type DocumentStatus,
  type DocumentType,
  type FlatSize,
  type PersonPosition,
  type ProSituation,
  type Zone,
} from '@hsa-lli/common/domain';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { z } from 'zod/mini';
import type { SessionUser } from '../auth/session-user.js';
import { listAnswer, rowLock } from '../database/list-query.js';
import type { Residence } from '../residences/entities/residence.entity.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { RecordListKey, type RecordListKeyKind } from './entities/record-list-key.entity.js';
import { Record } from './entities/record.entity.js';
import { goodLabel } from './record-view.js';
import { fullName } from '../users/account-names.js';

type ListRequest = z.output<typeof recordListSchema>;
type Column = NonNullable<ListRequest['sort']>['column'];
type Filters = NonNullable<ListRequest['filters']>;

const DEFAULT_SORT: ListSort<Column> = { column: 'created_at', direction: 'desc' };

/** Files whose list columns are worked out at a time, each batch in a transaction of its own. */
const REFRESH_BATCH = 500;

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

/** In lower case, without accents: how the files' words are kept and searched. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A text from each of its words on: « thomas mendiburu », « mendiburu »; « dos-2026-0003 », « 2026-0003 », « 0003 ». */
function wordsOf(text: string): string[] {
  const words = folded(text);
  return [...words.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]/gu)].map((start) => words.slice(start.index, start.index + 254));
}

/** The files that have one of the words a search begins: its text as a LIKE prefix, its wildcards taken literally. */
function startsWith(search: string): string {
  return `${folded(search.trim()).replace(/[!%_]/g, (character) => `!${character}`)}%`;
}

/** The files with a key of that kind and value. */
const keyed = (kind: RecordListKeyKind, value: string) => `record.id IN (SELECT k.recordId FROM record_list_keys k WHERE k.kind = '${kind}' AND k.value ${value})`;

/** What the list shows of a file and what it is found by, read for a set of files at a time. */
interface Lines {
  persons: (id: number) => PersonLine[];
  documents: (id: number) => DocumentLine[];
  residences: (id: number) => WishLine[];
  goods: (id: number) => WishLine[];
  latest: Map<number, RecordEvent>;
  followers: Map<number, { id: number; name: string }>;
}

interface PersonLine {
  recordId: number;
  position: number;
  firstName: string;
  lastName: string;
  email: string | null;
  proSituation: ProSituation | null;
  taxIncome: number | null;
}

interface DocumentLine {
  recordId: number;
  person: number;
  type: DocumentType;
  status: DocumentStatus;
}

interface WishLine {
  recordId: number;
  id: number;
  residenceId: number;
  name: string;
  area: Zone;
  flatSize?: FlatSize;
  surface?: number;
}

/** The columns the list reads of a file itself. */
const RECORD_COLUMNS = ['record.id', 'record.reference', 'record.stage', 'record.situation', 'record.dependants', 'record.members', 'record.flatSizes', 'record.createdAt', 'record.updatedAt'];

/**
 * The list of application files staff work from (`POST /api/records/list`), and what it filters and sorts by kept on
 * each file: its eligibility, whether a document is missing, its latest event (columns of `records`), the residences
 * and flat sizes it wishes and the words it is searched by (`record_list_keys`). Every change of what they are worked
 * out from calls `refresh` for the files it touches; a file written without them (a seed, an import), or whose
 * eligibility was worked out with another year's ceilings, gets them before the list is read.
 */
@Injectable()
export class RecordsListService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RecordsListService.name);
  private readonly sorts: { [column in Column]: string };
  private catchingUp: Promise<void> | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.sorts = sortExpressions(dataSource);
  }

  /** The files migrated without their list columns get them as the API starts, rather than at the first list. */
  onApplicationBootstrap(): void {
    this.upToDate().catch((error: unknown) => this.logger.error(`The files' list columns could not be worked out: ${String(error)}`));
  }

  /**
   * One page of the files, filtered, searched, sorted (then by id, so that pages never overlap), and their number: the
   * files' own columns, then what each row shows for the page's files only, a grouped query each (persons, documents,
   * wishes, latest events, follower).
   */
  async list(request: ListRequest, caller: Pick<SessionUser, 'id'>): Promise<ListAnswer<RecordRow>> {
    await this.upToDate();
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
    await this.upToDate();
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
    const lines = await this.linesOf(manager, records.map((record) => record.id));
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

  /** The files that wish a residence (itself or one of its goods), or a good: those its changes may concern. */
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
  private upToDate(): Promise<void> {
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
    const lines = await this.linesOf(manager, records.map((record) => record.id));
    const year = currentLliYear();
    return new Map(records.map((record) => [record.id, rowOf(record, lines, year)]));
  }

  /** The persons, documents, wishes, latest event and follower of these files, a grouped query each. */
  private async linesOf(manager: EntityManager, ids: number[]): Promise<Lines> {
    const list = ids.join(', ');
    const [persons, documents, residences, goods, events, followers] = await Promise.all([
      manager.query(
        `SELECT recordId, position, firstName, lastName, email, proSituation, taxIncome FROM record_persons WHERE recordId IN (${list}) ORDER BY recordId, position`,
      ) as Promise<PersonLine[]>,
      manager.query(`SELECT DISTINCT recordId, person, type, status FROM record_documents WHERE recordId IN (${list})`) as Promise<DocumentLine[]>,
      manager.query(
        `SELECT wr.recordsId AS recordId, r.id AS id, r.id AS residenceId, r.name AS name, r.area AS area FROM record_wished_residences wr JOIN residences r ON r.id = wr.residencesId WHERE wr.recordsId IN (${list})`,
      ) as Promise<WishLine[]>,
      manager.query(
        `SELECT wg.recordsId AS recordId, g.id AS id, g.flatSize AS flatSize, g.surface AS surface, r.id AS residenceId, r.name AS name, r.area AS area FROM record_wished_goods wg JOIN goods g ON g.id = wg.goodsId JOIN residences r ON r.id = g.residenceId WHERE wg.recordsId IN (${list})`,
      ) as Promise<WishLine[]>,
      // The latest event of each file, by its date (the last recorded of two on the same date).
      manager
        .createQueryBuilder(RecordEvent, 'event')
        .select(['event.id', 'event.type', 'event.at'])
        .innerJoin('event.record', 'owner')
        .addSelect('owner.id')
        .where('owner.id IN (:...ids)', { ids })
        .andWhere('event.at = (SELECT MAX(latest.at) FROM record_events latest WHERE latest.recordId = owner.id)')
        .orderBy('event.id', 'ASC')
        .getMany(),
      manager.query(`SELECT r.id AS recordId, u.id AS id, u.firstName AS firstName, u.lastName AS lastName FROM records r JOIN users u ON u.id = r.followerId WHERE r.id IN (${list})`) as Promise<
        { recordId: number; id: number; firstName: string; lastName: string }[]
      >,
    ]);
    const byRecord = <Line extends { recordId: number }>(lines: Line[]) => {
      const grouped = new Map<number, Line[]>();
      for (const line of lines) grouped.set(Number(line.recordId), [...(grouped.get(Number(line.recordId)) ?? []), line]);
      return (id: number) => grouped.get(id) ?? [];
    };
    return {
      persons: byRecord(persons),
      documents: byRecord(documents),
      residences: byRecord(residences),
      goods: byRecord(goods),
      latest: new Map(events.map((event) => [event.record.id, event])),
      followers: new Map(followers.map((user) => [Number(user.recordId), { id: Number(user.id), name: fullName(user) }])),
    };
  }
}

/** A file's row, from its own columns and its lines. */
function rowOf(record: Record, lines: Lines, year: number): RecordRow {
  const household = lines.persons(record.id).filter((person) => Number(person.position) === 1 || record.situation === 'couple');
  const [first, second] = household;
  const required = first
    ? requiredDocuments({ situation: record.situation, person_1: { pro_situation: first.proSituation }, person_2: second ? { pro_situation: second.proSituation } : null })
    : [];
  const files = lines.documents(record.id).map((document) => ({ type: documentName(Number(document.person) as PersonPosition, document.type), status: document.status }));
  const done = completeness(required, files);
  const wishedResidences = lines.residences(record.id).sort((a, b) => Number(a.id) - Number(b.id));
  const wishedGoods = lines.goods(record.id).sort((a, b) => Number(a.id) - Number(b.id));
  const zones = [...wishedResidences, ...wishedGoods].map((wish) => wish.area);
  const incomes = household.map((person) => (person.taxIncome === null ? null : Number(person.taxIncome)));
  const event = lines.latest.get(record.id);
  return {
    id: record.id,
    reference: record.reference,
    applicants: applicantsLabel(household.map((person) => ({ first_name: person.firstName, last_name: person.lastName }))),
    household: householdLabel(record.situation, record.members ?? []),
    wished: wishedOf(wishedResidences, wishedGoods),
    stage: record.stage,
    stage_label: stageLabel(record.stage),
    completeness: { provided: done.provided, required: done.required, percent: done.percent },
    last_event: event ? { type: event.type, label: eventType(event.type).label, at: event.at.toISOString() } : null,
    follower: lines.followers.get(record.id) ?? null,
    eligible: isEligible(householdEligibility({ situation: record.situation, dependants: record.dependants, incomes }, zones, year)),
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
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
 * What the household wishes, in a word: its first good, else its first residence; the others counted, a residence
 * it wishes a good of counting with the good.
 */
function wishedOf(residences: WishLine[], goods: WishLine[]): RecordRow['wished'] {
  const [good] = goods;
  if (good) {
    const ofGoods = new Set(goods.map((wish) => Number(wish.residenceId)));
    const others = goods.length - 1 + residences.filter((residence) => !ofGoods.has(Number(residence.id))).length;
    return { label: goodLabel({ flatSize: good.flatSize!, surface: Number(good.surface), residence: { name: good.name } as Residence }), others };
  }
  const [residence] = residences;
  return residence ? { label: residence.name, others: residences.length - 1 } : null;
}
