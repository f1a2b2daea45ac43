import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config/config.js';
import { PublicReadCache } from '../src/public-reads/public-read-cache.js';
import { createRedisClient } from '../src/redis/redis.module.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { seedDemo } from '../src/seed/seed.js';

export { DEMO_PASSWORD };

/**
 * The backends the API suites run against: always the embedded default (SQLite, in-process jobs),
 * and MariaDB + Redis when DATABASE_URL and REDIS_URL are set. Each run gets a database, a data
 * folder and a Redis key prefix of its own, removed at the end.
 */
export interface Backend {
  name: string;
  /** MariaDB and Redis: what only a server database and a shared queue do (several workers, named locks). */
  server: boolean;
  start(overrides?: Partial<AppConfig>): Promise<TestApi>;
}

/** A supertest agent that keeps its session cookie, logged in as that demo account. */
export async function loggedIn(api: TestApi, email: string, password = DEMO_PASSWORD) {
  const agent = request.agent(api.server);
  await agent.post('/api/auth/login').send({ email, password }).expect(200);
  return agent;
}

/**
 * After a test wrote catalogue rows past the services (no event tells anyone), the public reads kept in memory are
 * forgotten, as the services' events have them forgotten (docs/api-convention.md, « Public reads »).
 */
export async function forgetPublicReads(api: TestApi): Promise<void> {
  await api.app.get(PublicReadCache).changed();
}

export interface TestApi {
  app: NestExpressApplication;
  /** The real HTTP server, for supertest. */
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  dataSource: DataSource;
  config: AppConfig;
  stop(): Promise<void>;
}

async function boot(config: AppConfig, cleanup: () => Promise<void>): Promise<TestApi> {
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  return {
    app,
    server: app.getHttpServer(),
    dataSource: app.get<DataSource>(getDataSourceToken()),
    config,
    async stop() {
      await app.close();
      await cleanup();
    },
  };
}

function baseConfig(overrides: Partial<AppConfig>): AppConfig {
  return {
    ...loadConfig({}),
    dataDir: mkdtempSync(join(tmpdir(), 'hsa-lli-api-')),
    queuePrefix: `hsa-test-${randomBytes(4).toString('hex')}`,
    // Chromium renders pages only in the tests that ask for it.
    prerender: false,
    // The demo data's files only: the suites state what they count.
    demoHistory: false,
    ...overrides,
  };
}

const sqlite: Backend = {
  name: 'SQLite with in-process jobs',
  server: false,
  async start(overrides = {}) {
    const config = baseConfig({ seedDemo: true, ...overrides });
    return boot(config, async () => rmSync(config.dataDir, { recursive: true, force: true }));
  },
};

async function dropRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const client = createRedisClient(redisUrl);
  const keys = await client.keys(`${prefix}:*`);
  if (keys.length > 0) await client.del(...keys);
  await client.quit();
}

/** A new, empty database on the server of `databaseUrl`: its address, and how to drop it. */
export async function newDatabase(databaseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = new URL(databaseUrl);
  const database = `hsa_test_${randomBytes(4).toString('hex')}`;
  server.pathname = '/';
  const admin = await mysql.createConnection(server.toString().replace(/^mariadb:/, 'mysql:'));
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(server);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE \`${database}\``);
      await admin.end();
    },
  };
}

/** The API on a database and data folder that already hold their data (a restored backup): nothing seeded, nothing removed at the end. */
export function startOn(config: AppConfig): Promise<TestApi> {
  return boot(config, async () => undefined);
}

function mariadbRedis(databaseUrl: string, redisUrl: string): Backend {
  return {
    name: 'MariaDB with Redis queues',
    server: true,
    async start(overrides = {}) {
      const database = await newDatabase(databaseUrl);
      const config = baseConfig({ databaseUrl: database.url, redisUrl, seedDemo: false, ...overrides });
      const api = await boot(config, async () => {
        await database.drop();
        await dropRedisKeys(redisUrl, config.queuePrefix);
        rmSync(config.dataDir, { recursive: true, force: true });
      });
      // A server database never gets demo data by itself: the tests load it explicitly, as `npm run seed` does.
      await seedDemo(api.dataSource, config.dataDir, { history: config.demoHistory });
      return api;
    },
  };
}

/** Which backends this run covers: the one `API_BACKEND` names (each project of vitest.config.ts names one), else all. */
const wanted = process.env.API_BACKEND;

export const BACKENDS: Backend[] = [
  ...(wanted === 'server' ? [] : [sqlite]),
  ...(wanted !== 'embedded' && process.env.DATABASE_URL && process.env.REDIS_URL ? [mariadbRedis(process.env.DATABASE_URL, process.env.REDIS_URL)] : []),
];

/**
 * The embedded backend, when this run covers it: what needs a backend but not a particular one runs there, once (the
 * `server` project of vitest.config.ts skips it).
 */
export const EMBEDDED_BACKEND = BACKENDS.find((backend) => !backend.server);

/** The MariaDB + Redis backend, when the run has one. */
export const SERVER_BACKEND = BACKENDS.find((backend) => backend.server);
