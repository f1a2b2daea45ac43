import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EntityManager } from 'typeorm';
import { rowLock } from '../src/database/list-query.js';
import { BACKENDS, type TestApi } from './backends.js';

/**
 * Transactions of several requests at once, on the application's own data source. On SQLite, TypeORM runs them all on
 * its one connection: without the turns of `database/sqlite-turns.ts`, a transaction started while another is open
 * becomes a savepoint of it (or fails), so that all of them read the same count, and a rollback undoes the others'
 * writes. On MariaDB, each has a connection of its own and the row lock (`rowLock`) makes them wait: the same holds.
 */
describe.each(BACKENDS)('transactions at once, on $name', (backend) => {
  let api: TestApi;

  const rows = async (): Promise<number[]> =>
    ((await api.dataSource.query('SELECT value FROM tx_rows ORDER BY value')) as { value: number | string }[]).map((row) => Number(row.value));
  const counter = async (): Promise<number> => Number(((await api.dataSource.query('SELECT value FROM tx_counter WHERE id = 1')) as { value: number | string }[])[0]!.value);

  /** Reads the counter (locked where the database has row locks) and the rows, gives way, then adds the next row. */
  async function countThenInsert(manager: EntityManager): Promise<number> {
    const lock = rowLock(manager) ? ' FOR UPDATE' : '';
    const [{ value }] = (await manager.query(`SELECT value FROM tx_counter WHERE id = 1${lock}`)) as [{ value: number | string }];
    const [{ count }] = (await manager.query('SELECT COUNT(*) AS count FROM tx_rows')) as [{ count: number | string }];
    // Other requests run meanwhile, as they do while a request awaits anything.
    await sleep(5);
    const next = Number(count) + 1;
    await manager.query('INSERT INTO tx_rows (value) VALUES (?)', [next]);
    await manager.query('UPDATE tx_counter SET value = ? WHERE id = 1', [Number(value) + 1]);
    return next;
  }

  beforeAll(async () => {
    api = await backend.start({ seedDemo: false });
    await api.dataSource.query('CREATE TABLE tx_counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)');
    await api.dataSource.query('CREATE TABLE tx_rows (value INTEGER NOT NULL)');
  });

  afterAll(async () => {
    await api?.stop();
  });

  beforeEach(async () => {
    await api.dataSource.query('DELETE FROM tx_rows');
    await api.dataSource.query('DELETE FROM tx_counter');
    await api.dataSource.query('INSERT INTO tx_counter (id, value) VALUES (1, 0)');
  });

  it('counts what the transactions before it committed, and a rollback undoes its own writes only', async () => {
    const failing = 2;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        api.dataSource.transaction(async (manager) => {
          const value = await countThenInsert(manager);
          if (index === failing) throw new Error('refused after writing');
          return value;
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((outcomes[failing] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused after writing' });
    expect(await rows()).toEqual([1, 2, 3, 4, 5]);
    expect(await counter()).toBe(5);
  });

  it('takes turns between the data source, its manager and a query runner of its own', async () => {
    const viaRunner = async () => {
      const runner = api.dataSource.createQueryRunner();
      try {
        await runner.startTransaction();
        const value = await countThenInsert(runner.manager);
        await runner.commitTransaction();
        return value;
      } catch (error) {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        throw error;
      } finally {
        await runner.release();
      }
    };
    const values = await Promise.all([
      api.dataSource.transaction(countThenInsert),
      api.dataSource.manager.transaction(countThenInsert),
      viaRunner(),
      api.dataSource.transaction(countThenInsert),
      viaRunner(),
    ]);
    expect([...values].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await rows()).toEqual([1, 2, 3, 4, 5]);
    expect(await counter()).toBe(5);
  });

  it('keeps the writes made outside a transaction while it was open when it rolls back, and shows them none of its own', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const failing = api.dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO tx_rows (value) VALUES (?)', [99]);
      written();
      await gate;
      throw new Error('refused after writing');
    });
    await wrote;
    const outside = api.dataSource.query('INSERT INTO tx_rows (value) VALUES (?)', [7]);
    const seen = rows();
    await sleep(20);
    open();
    await expect(failing).rejects.toThrow('refused after writing');
    await outside;
    expect(await seen).not.toContain(99);
    expect(await rows()).toEqual([7]);
  });

  // On MariaDB a transaction started inside another has a connection of its own: what is nested is SQLite's case.
  it.skipIf(backend.server)('runs a transaction started inside another within it, and rolls back only its own part', async () => {
    const value = await api.dataSource.transaction(async () => {
      const first = await api.dataSource.transaction(countThenInsert);
      await expect(
        api.dataSource.transaction(async (manager) => {
          await countThenInsert(manager);
          throw new Error('inner refusal');
        }),
      ).rejects.toThrow('inner refusal');
      return first;
    });
    expect(value).toBe(1);
    expect(await rows()).toEqual([1]);
    expect(await counter()).toBe(1);
  });
});
