import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import mysql2, { type Pool, type PoolOptions } from 'mysql2';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { DatabaseLog } from './database-log.js';
import { ENTITIES } from './entities.js';
import { MARIADB_MIGRATIONS, SQLITE_MIGRATIONS } from './migrations/index.js';
import { takeTurnsOnSqlite } from './sqlite-turns.js';

export type Dialect = 'mariadb' | 'sqlite';

export function dialectOf(config: Pick<AppConfig, 'databaseUrl'>): Dialect {
  return config.databaseUrl ? 'mariadb' : 'sqlite';
}

/**
 * mysql2, whose pools put each connection they open in UTC before it runs anything else. The driver writes and reads
 * dates in UTC (`timezone: 'Z'`); the server's own clock (`CURRENT_TIMESTAMP` defaults, `NOW()`) follows the session's
 * time zone, which is the server's unless set: on a server in Europe/Paris, a file created at 00:30 on the 1st would
 * otherwise be dated the month before.
 */
const logger = new Logger('Database');
const mysqlInUtc = {
  ...mysql2,
  createPool(options: PoolOptions): Pool {
    const pool = mysql2.createPool(options);
    // A connection that cannot be put in UTC is said so and closed rather than used: what it was asked for fails.
    pool.on('connection', (connection) =>
      connection.query("SET time_zone = '+00:00'", (error) => {
        if (!error) return;
        logger.error(`A database connection could not be put in UTC, and is closed: ${error.message}`);
        connection.destroy();
      }),
    );
    return pool;
  },
};

/**
 * MariaDB/MySQL when DATABASE_URL is set, else SQLite in the data folder. Migrations are listed
 * per dialect and applied at start; the schema is never synchronised.
 */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DataSourceOptions {
  const common = { entities: ENTITIES, migrationsRun: true, synchronize: false, logging: ['error' as const, 'warn' as const, 'migration' as const], logger: new DatabaseLog() };
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'mariadb',
      url: config.databaseUrl.replace(/^mariadb:/, 'mysql:'),
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      driver: mysqlInUtc,
      migrations: MARIADB_MIGRATIONS,
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: join(config.dataDir, 'hsa-lli.sqlite'),
    enableWAL: true,
    migrations: SQLITE_MIGRATIONS,
    prepareDatabase: (db: { pragma(source: string): unknown }) => {
      db.pragma('foreign_keys = ON');
      // Erased personal data is overwritten with zeros, not left in the file's free pages (docs/data-protection.md); in
      // WAL mode the old pages leave the log once it is checkpointed with TRUNCATE.
      db.pragma('secure_delete = ON');
    },
  };
}

/**
 * The application's data source, initialised (its migrations applied). On SQLite, its work takes turns on the one
 * connection (`takeTurnsOnSqlite`): a transaction waits for the one before it to end, whoever started it.
 */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  return takeTurnsOnSqlite(await new DataSource(options).initialize());
}

/**
 * On SQLite, the log written back into the database file and emptied: the deleted values' pages, overwritten there
 * (`secure_delete`), are then all there is. After each deletion of personal data: an erasure, a retention run, the
 * alerts' and the visits' own deletions.
 */
export async function scrubDeletedPages(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type === 'better-sqlite3') await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)');
}
