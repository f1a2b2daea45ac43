import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { ENTITIES } from './entities.js';
import { MARIADB_MIGRATIONS, SQLITE_MIGRATIONS } from './migrations/index.js';

export type Dialect = 'mariadb' | 'sqlite';

export function dialectOf(config: Pick<AppConfig, 'databaseUrl'>): Dialect {
  return config.databaseUrl ? 'mariadb' : 'sqlite';
}

/**
 * MariaDB/MySQL when DATABASE_URL is set, else SQLite in the data folder. Migrations are listed
 * per dialect and applied at start; the schema is never synchronised.
 */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DataSourceOptions {
  const common = { entities: ENTITIES, migrationsRun: true, synchronize: false, logging: ['error' as const] };
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'mariadb',
      url: config.databaseUrl.replace(/^mariadb:/, 'mysql:'),
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
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
    },
  };
}
