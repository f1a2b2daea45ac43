import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { dataSourceOptions, openDataSource } from './data-source.js';

describe('the embedded database, once a row is erased', () => {
  let dataDir: string;
  let dataSource: DataSource;
  const inFiles = (marker: string) =>
    ['hsa-lli.sqlite', 'hsa-lli.sqlite-wal'].some((name) => {
      try {
        return readFileSync(join(dataDir, name)).includes(marker);
      } catch {
        return false;
      }
    });

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hsa-lli-secure-delete-'));
    dataSource = await openDataSource(dataSourceOptions({ databaseUrl: null, dataDir }));
  });

  afterEach(async () => {
    await dataSource.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps nothing of it in the database file or its log after a checkpoint', async () => {
    const marker = `Dupont-${randomBytes(12).toString('hex')}`;
    await dataSource.query('CREATE TABLE people (name TEXT NOT NULL)');
    await dataSource.query('INSERT INTO people (name) VALUES (?)', [marker]);
    await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)');
    expect(inFiles(marker)).toBe(true);

    await dataSource.query('DELETE FROM people');
    await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)');
    expect(inFiles(marker)).toBe(false);
  });
});
