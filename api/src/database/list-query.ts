import { CONFLICT_MESSAGE, type ListAnswer, type ListSort } from '@hsa-lli/common/back-office';
import { Brackets, type DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { ConflictError } from '../http/api-errors.js';

/**
 * How a list searches and sorts: the columns its search looks into (or a condition of its own on `:pattern`, to look
 * into another table without joining it for every row), the expression behind each sort column.
 */
export interface ListSpec<Column extends string> {
  search: readonly (string | { condition: string })[];
  sort: Record<Column, string>;
  defaultSort: ListSort<Column>;
}

/** What every list request holds once its schema has checked it (page and per page filled in). */
export interface ListPaging<Column extends string> {
  search?: string;
  sort?: ListSort<Column>;
  page: number;
  per_page: number;
}

/**
 * A search text as a LIKE pattern that matches it anywhere, its wildcards taken literally. The escape character is
 * `!`: a backslash would mean different things to SQLite and MariaDB.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (character) => `!${character}`)}%`;
}

/**
 * One page of a list: the query (its filters already applied) searched, sorted (then by id, so that pages never
 * overlap) and cut. The rows come back with the total of the filtered list.
 */
export async function pageOf<Entity extends ObjectLiteral, Column extends string>(
  query: SelectQueryBuilder<Entity>,
  request: ListPaging<Column>,
  spec: ListSpec<Column>,
): Promise<{ rows: Entity[]; total: number }> {
  if (request.search) {
    const pattern = containsPattern(request.search);
    query.andWhere(
      new Brackets((where) => {
        for (const column of spec.search) {
          where.orWhere(typeof column === 'string' ? `LOWER(${column}) LIKE :pattern ESCAPE '!'` : column.condition, { pattern });
        }
      }),
    );
  }
  const sort = request.sort ?? spec.defaultSort;
  const direction = sort.direction === 'desc' ? 'DESC' : 'ASC';
  const offset = (request.page - 1) * request.per_page;
  const id = `${query.alias}.id`;
  const sorted = <Q extends SelectQueryBuilder<Entity>>(builder: Q) => builder.orderBy(spec.sort[sort.column], direction).addOrderBy(id, direction);
  if (request.search) {
    // A search reads the ids of every match once, in order, then the page's rows by id: run as one query with a
    // limit, the database would walk the sort's index row by row looking for a rare match, and count them again.
    const matches: { id: number }[] = await sorted(query.clone().select(id, 'id')).getRawMany();
    const ids = matches.slice(offset, offset + request.per_page).map((match) => match.id);
    const rows = ids.length > 0 ? await sorted(query.clone().andWhereInIds(ids)).getMany() : [];
    return { rows, total: matches.length };
  }
  sorted(query).offset(offset).limit(request.per_page);
  const [rows, total] = await Promise.all([query.getMany(), query.clone().orderBy().offset(undefined).limit(undefined).getCount()]);
  return { rows, total };
}

/** A list's answer from its page of rows. */
export function listAnswer<Entity, Row>({ rows, total }: { rows: Entity[]; total: number }, view: (row: Entity) => Row): ListAnswer<Row> {
  return { data: rows.map(view), total };
}

/**
 * Takes the version an update was made on, in the caller's transaction: when somebody saved the row meanwhile, the
 * version has moved on and the update is refused with a 409 rather than silently overwriting their changes.
 */
export async function claimVersion(manager: EntityManager, target: EntityTarget<ObjectLiteral>, id: number, version: number): Promise<void> {
  const result = await manager
    .createQueryBuilder()
    .update(target)
    .set({ version: () => 'version + 1' })
    .where('id = :id AND version = :version', { id, version })
    .execute();
  if (!result.affected) throw new ConflictError(CONFLICT_MESSAGE, 'stale_version');
}

/**
 * The lock of a row read to be changed in the caller's transaction; none on SQLite, which has no row locks and needs
 * none: there, every transaction waits for the one before it to end (`takeTurnsOnSqlite`, database/sqlite-turns.ts).
 */
export function rowLock(manager: EntityManager): { mode: 'pessimistic_write' } | undefined {
  return manager.connection.options.type === 'better-sqlite3' ? undefined : { mode: 'pessimistic_write' };
}

/**
 * Runs `work` in a transaction that holds one row's lock from its start, so that what `work` counts or checks of the
 * rows depending on it stays true until it commits, however many requests ask at once (the files of an application
 * file, for one). MariaDB locks the row (`SELECT … FOR UPDATE`, across processes) and reads what was committed before
 * each statement (`READ COMMITTED`): the previous holder's rows are seen. On SQLite, a plain transaction: it starts
 * once the one before it, on any row, has ended (`takeTurnsOnSqlite`).
 */
export async function lockedTransaction<T>(
  dataSource: DataSource,
  target: EntityTarget<ObjectLiteral>,
  id: number,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  if (dataSource.options.type === 'better-sqlite3') return dataSource.transaction(work);
  return dataSource.transaction('READ COMMITTED', async (manager) => {
    await manager.createQueryBuilder(target, 'row').select('row.id').where('row.id = :id', { id }).setLock('pessimistic_write').getOne();
    return work(manager);
  });
}

/**
 * Locks a row for the rest of the caller's transaction before checking what refers to it and deleting it: a good, a
 * file or a facility added meanwhile waits for the deletion, then fails, instead of being deleted or unlinked with it
 * without anybody checking. On SQLite, transactions already run one at a time. Answers whether the row exists.
 */
export async function lockForDeletion(manager: EntityManager, target: EntityTarget<ObjectLiteral>, id: number): Promise<boolean> {
  const query = manager.createQueryBuilder(target, 'row').select('row.id').where('row.id = :id', { id });
  if (rowLock(manager)) query.setLock('pessimistic_write');
  return (await query.getOne()) !== null;
}
