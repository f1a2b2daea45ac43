import { Logger } from '@nestjs/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataSource } from 'typeorm';
import { takeTurnsOnSqlite } from './sqlite-turns.js';

describe('takeTurnsOnSqlite', () => {
  let dataSource: DataSource;

  beforeEach(async () => {
    dataSource = takeTurnsOnSqlite(await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize());
    await dataSource.query('CREATE TABLE rows (value INTEGER NOT NULL)');
  });

  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await dataSource.destroy();
  });

  it('lets a transaction that awaits database work started outside it go on after 15 s, inside it, and says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Started outside the transaction (its continuation is this test's), run once the transaction holds the connection.
    const outside = gate.then(() => dataSource.query('INSERT INTO rows (value) VALUES (1)'));
    const transaction = dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO rows (value) VALUES (2)');
      open();
      await outside;
      return 'done';
    });
    let ended = false;
    void transaction.finally(() => (ended = true));
    await vi.advanceTimersByTimeAsync(14_000);
    expect(ended).toBe(false);
    expect(logged).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(transaction).resolves.toBe('done');
    expect(logged).toHaveBeenCalledOnce();
    expect(logged.mock.calls[0]![0]).toMatch(/waited 15 s for the SQLite connection/);
    expect(await dataSource.query('SELECT value FROM rows ORDER BY value')).toEqual([{ value: 1 }, { value: 2 }]);
    // The connection is free again: work waits no more.
    await expect(dataSource.transaction((manager) => manager.query('SELECT COUNT(*) AS count FROM rows'))).resolves.toEqual([{ count: 2 }]);
  });
});
