import {
  DataSource,
  In,
  type EntityManager,
  type EntityMetadata,
  type EntityTarget,
  type FindOptionsWhere,
  type ObjectLiteral,
  type QueryDeepPartialEntity,
  type QueryRunner,
} from 'typeorm';
import { dataSourceOptions } from '../database/data-source.js';
import { AUDIT_ACTIONS, AuditEntry, Good, Record, RecordDocument, RecordEvent, RecordPerson, RecordStageChange, Residence, User } from './entities.js';
import type { NewAuditEntry, NewFile, NewUser, OpenTestData, PublishedResidence, TestDataSession, TestDataTarget } from './types.js';

// The one way tests and benches make their data: through the API's entities, so that a migration that renames or adds a
// column changes what is written here too (a row naming a column its entity lacks is refused, never dropped). It is a
// module compiled with the API (api/dist/test-data) rather than a command, so that the benches (scripts/*.mjs) and the
// browser journeys (e2e/support/test-data.ts) import it and hand it their rows as they draw them, without a format of
// their own to go through. Nothing of the API imports it (eslint's hsa/boundaries refuses it), it has no route, and
// the API's image leaves it out.

/** SQLite takes 32 766 parameters in a statement at most: a multi-row insert holds fewer, and 1 000 rows at most. */
const PARAMETERS_PER_INSERT = 30_000;
const ROWS_PER_INSERT = 1_000;

/**
 * Opens the server's database: a data source made from the server's own options (its entities, its dialect, its
 * connection settings), without running migrations (the server, or `npm run seed`, made the schema), on one connection
 * that every call of the session uses. On SQLite that is a second connection beside the running server's: WAL lets
 * both work, a write waiting for the other's (better-sqlite3's busy timeout, 5 s). `bulk` (MariaDB only) has that
 * connection skip unique and foreign key checks, for loading many rows known to fit; it is for writing only, as a
 * removal would then not cascade.
 */
export async function openTestData(target: TestDataTarget, { bulk = false }: { bulk?: boolean } = {}): Promise<TestData> {
  if (!target.databaseUrl && !target.dataDir) throw new Error('The test data needs the server’s DATABASE_URL or its data folder.');
  const options = dataSourceOptions({ databaseUrl: target.databaseUrl || null, dataDir: target.dataDir ?? '' });
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  if (bulk && dataSource.options.type === 'mariadb') await runner.query('SET SESSION unique_checks = 0, foreign_key_checks = 0');
  return new TestData(dataSource, runner);
}

// The journeys type the built module with types.ts: this is the function they describe.
const _described: OpenTestData = openTestData;

/** A relation to a row by its id, as an insert takes it (null and undefined kept: no relation, and the default). */
const byId = (id: number | null | undefined) => (id === undefined || id === null ? id : { id });

type ColumnMetadata = EntityMetadata['columns'][number];

export class TestData implements TestDataSession {
  constructor(
    readonly dataSource: DataSource,
    private readonly runner: QueryRunner,
  ) {}

  /** The session's manager: what a bench reads its figures with, through the entities. */
  get manager(): EntityManager {
    return this.runner.manager;
  }

  /**
   * Writes rows of an entity, many at a time; each row names its entity's properties (a relation by `{ id }`). Answers
   * the rows' ids: those given, or those the database gave when none was (then read back after each insert).
   */
  async insert<T extends ObjectLiteral>(entity: EntityTarget<T>, rows: readonly QueryDeepPartialEntity<T>[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const metadata = this.dataSource.getMetadata(entity);
    const properties = new Set(metadata.columns.map((column) => column.propertyName));
    const [first] = rows as readonly ObjectLiteral[];
    const shape = Object.keys(first!).filter((key) => first![key] !== undefined);
    let sameShape = true;
    for (const row of rows as readonly ObjectLiteral[]) {
      const keys = Object.keys(row);
      for (const key of keys) if (!properties.has(key)) throw new Error(`${metadata.name} has no property ${key}.`);
      if (sameShape) sameShape = keys.filter((key) => row[key] !== undefined).length === shape.length && shape.every((key) => row[key] !== undefined);
    }
    const primary = metadata.primaryColumns[0]!;
    const idOf = (row: ObjectLiteral) => primary.getEntityValue(row) as number;
    const given = (rows as readonly ObjectLiteral[]).filter((row) => idOf(row) !== undefined).length;
    if (given !== 0 && given !== rows.length) throw new Error(`Rows of ${metadata.name} give their ${primary.propertyName} all or none.`);
    if (given > 0 && sameShape) {
      await this.write(metadata, rows as readonly ObjectLiteral[], shape);
      return (rows as readonly ObjectLiteral[]).map(idOf);
    }
    // Rows of several shapes (a default where one gives no value), or whose ids the database gives: TypeORM's insert.
    const size = Math.max(1, Math.min(ROWS_PER_INSERT, Math.floor(PARAMETERS_PER_INSERT / metadata.columns.length)));
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += size) {
      const chunk = rows.slice(start, start + size);
      const result = await this.manager.createQueryBuilder().insert().into(entity).values(chunk).updateEntity(given === 0).callListeners(false).execute();
      ids.push(...(given === 0 ? result.identifiers.map((identifier) => identifier[primary.propertyName] as number) : (chunk as ObjectLiteral[]).map(idOf)));
    }
    return ids;
  }

  /** Links rows through a many-to-many relation of `entity` (its join table, as TypeORM writes it): [owner id, other id] pairs. */
  async link<T extends ObjectLiteral>(entity: EntityTarget<T>, relation: string & keyof T, pairs: readonly (readonly [number, number])[]): Promise<void> {
    const junction = this.dataSource.getMetadata(entity).findRelationWithPropertyPath(relation)?.junctionEntityMetadata;
    if (!junction) throw new Error(`${relation} is no many-to-many relation.`);
    const [owner, other] = [junction.ownerColumns[0]!, junction.inverseColumns[0]!];
    await this.write(
      junction,
      pairs.map(([from, to]) => ({ [owner.propertyName]: from, [other.propertyName]: to })),
      [owner.propertyName, other.propertyName],
    );
  }

  /**
   * Rows that all give the same properties, written as TypeORM's insert writes them (the table, the columns and each
   * value as the entity's metadata and the driver make them: relations by their ids, JSON, booleans, dates in UTC), a
   * version of 1 where none is given, many rows a statement. TypeORM's own query builder takes a tenth of a millisecond
   * a row to make the same statement, which is most of a bench's load.
   */
  private async write(metadata: EntityMetadata, rows: readonly ObjectLiteral[], properties: readonly string[]): Promise<void> {
    if (rows.length === 0) return;
    const driver = this.dataSource.driver;
    const columns = metadata.columns.filter((column) => properties.includes(column.propertyName) || column.isVersion);
    const valueOf = (row: ObjectLiteral, column: ColumnMetadata) => {
      const value = column.getEntityValue(row);
      return value === undefined && column.isVersion ? 1 : driver.preparePersistentValue(value, column);
    };
    const size = Math.max(1, Math.min(ROWS_PER_INSERT, Math.floor(PARAMETERS_PER_INSERT / columns.length)));
    const head = `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((column) => driver.escape(column.databaseName)).join(', ')}) VALUES `;
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    for (let start = 0; start < rows.length; start += size) {
      const chunk = rows.slice(start, start + size);
      await this.runner.query(head + chunk.map(() => tuple).join(', '), chunk.flatMap((row) => columns.map((column) => valueOf(row, column))));
    }
  }

  /** Removes the rows whose properties have these values (a list: any of its values); what hangs on them goes with them. */
  async remove<T extends ObjectLiteral>(entity: EntityTarget<T>, where: { [property: string]: unknown }): Promise<void> {
    const values = Object.values(where);
    if (values.length === 0 || values.some((value) => Array.isArray(value) && value.length === 0)) return;
    const criteria = Object.fromEntries(Object.entries(where).map(([property, value]) => [property, Array.isArray(value) ? In(value) : value]));
    await this.manager.delete(entity, criteria as FindOptionsWhere<T>);
  }

  /** The id after the highest one of an entity's rows: where rows written with their own ids start. */
  async nextId<T extends ObjectLiteral>(entity: EntityTarget<T>): Promise<number> {
    return ((await this.manager.maximum(entity, 'id' as never)) ?? 0) + 1;
  }

  /** Has MariaDB work out the statistics of the entities' tables (their join tables too) after a bulk load. */
  async analyze(entities: readonly EntityTarget<ObjectLiteral>[]): Promise<void> {
    if (this.dataSource.options.type !== 'mariadb') return;
    const tables = entities.flatMap((entity) => {
      const metadata = this.dataSource.getMetadata(entity);
      return [metadata.tableName, ...metadata.manyToManyRelations.filter((relation) => relation.isOwning).map((relation) => relation.junctionEntityMetadata!.tableName)];
    });
    await this.runner.query(`ANALYZE TABLE ${tables.map((table) => this.dataSource.driver.escape(table)).join(', ')}`);
  }

  residenceId(name: string): Promise<number> {
    return this.idOf(Residence, { name });
  }

  goodId(reference: string): Promise<number> {
    return this.idOf(Good, { reference });
  }

  async user(email: string): Promise<{ id: number; passwordHash: string | null } | null> {
    return this.manager.findOne(User, { where: { email }, select: { id: true, passwordHash: true } });
  }

  async recordId(reference: string): Promise<number | null> {
    return (await this.manager.findOne(Record, { where: { reference }, select: { id: true }, loadEagerRelations: false }))?.id ?? null;
  }

  async publishedResidences(): Promise<PublishedResidence[]> {
    const residences = await this.manager.find(Residence, {
      where: { status: 'published' },
      relations: { goods: true },
      loadEagerRelations: false,
      order: { id: 'ASC', goods: { id: 'ASC' } },
    });
    return residences.filter((residence) => residence.goods.length > 0).map((residence) => ({ id: residence.id, name: residence.name, goods: residence.goods.map((good) => good.id) }));
  }

  users(users: readonly NewUser[]): Promise<number[]> {
    return this.insert(User, users);
  }

  async files(files: readonly NewFile[]): Promise<number[]> {
    const ids = await this.insert(
      Record,
      files.map(({ persons: _persons, wishedResidences: _residences, wishedGoods: _goods, events: _events, stageChanges: _changes, documents: _documents, ...file }) => ({
        ...file,
        user: byId(file.user),
        follower: byId(file.follower),
        residence: byId(file.residence),
        good: byId(file.good),
      })),
    );
    /** What hangs on each file, with the file's relation. */
    const ofEach = <R>(rowsOf: (file: NewFile, record: { id: number }) => R[]) => files.flatMap((file, index) => rowsOf(file, { id: ids[index]! }));
    await this.insert(RecordPerson, ofEach((file, record) => file.persons.map((person) => ({ ...person, record }))));
    await this.link(Record, 'wishedResidences', ofEach((file, record) => (file.wishedResidences ?? []).map((id) => [record.id, id] as const)));
    await this.link(Record, 'wishedGoods', ofEach((file, record) => (file.wishedGoods ?? []).map((id) => [record.id, id] as const)));
    await this.insert(RecordEvent, ofEach((file, record) => (file.events ?? []).map((event) => ({ ...event, record, good: byId(event.good) }))));
    await this.insert(RecordStageChange, ofEach((file, record) => (file.stageChanges ?? []).map((change) => ({ ...change, record }))));
    await this.insert(RecordDocument, ofEach((file, record) => (file.documents ?? []).map((document) => ({ ...document, record }))));
    return ids;
  }

  async auditEntries(entries: readonly NewAuditEntry[]): Promise<void> {
    const actions: readonly string[] = AUDIT_ACTIONS;
    const unknown = entries.find((entry) => !actions.includes(entry.action));
    if (unknown) throw new Error(`No audit action ${unknown.action}.`);
    await this.insert(AuditEntry, entries.map((entry) => ({ ...entry, action: entry.action as AuditEntry['action'] })));
  }

  removeFiles(references: readonly string[]): Promise<void> {
    return this.remove(Record, { reference: references });
  }

  removeUsers(emails: readonly string[]): Promise<void> {
    return this.remove(User, { email: emails });
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    await this.runner.startTransaction();
    try {
      const result = await work();
      await this.runner.commitTransaction();
      return result;
    } catch (error) {
      await this.runner.rollbackTransaction();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.runner.release();
    await this.dataSource.destroy();
  }

  private async idOf<T extends { id: number }>(entity: EntityTarget<T>, where: FindOptionsWhere<T>): Promise<number> {
    const row = await this.manager.findOne(entity, { where, select: { id: true } as never, loadEagerRelations: false });
    if (!row) throw new Error(`No ${this.dataSource.getMetadata(entity).name} ${JSON.stringify(where)}.`);
    return row.id;
  }
}
