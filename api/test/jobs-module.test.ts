import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigModule } from '../src/config/config.module.js';
import { loadConfig, type AppConfig } from '../src/config/config.js';
import { BullmqJobs } from '../src/jobs/bullmq-jobs.js';
import { InProcessJobs } from '../src/jobs/in-process-jobs.js';
import { JobsModule } from '../src/jobs/jobs.module.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { until } from './jobs-contract.js';

/** What a job uses (the database, Redis, Chromium): closed with the application. */
@Injectable()
class Connection implements OnApplicationShutdown {
  open = true;
  onApplicationShutdown(): void {
    this.open = false;
  }
}

/** The jobs of an app made of the configuration, JobsModule and a connection only. */
async function jobsOf(overrides: Partial<AppConfig>) {
  @Module({ imports: [ConfigModule.forRoot({ ...loadConfig({}), ...overrides }), JobsModule], providers: [Connection] })
  class JobsOnly {}
  const app = await NestFactory.createApplicationContext(JobsOnly, { logger: false });
  return { app, jobs: app.get(JobsService), connection: app.get(Connection) };
}

/** A job that runs when the application closes ends while what it uses is still open. */
async function endsBeforeConnectionsClose({ app, jobs, connection }: Awaited<ReturnType<typeof jobsOf>>): Promise<void> {
  let started = false;
  const openAtEnd: boolean[] = [];
  jobs.register('prerender', 'pages', async () => {
    started = true;
    await new Promise((resolve) => setTimeout(resolve, 300));
    openAtEnd.push(connection.open);
  });
  await jobs.enqueue('prerender', 'pages');
  await until(() => started, 'the job to start');
  await app.close();
  expect(openAtEnd).toEqual([true]);
}

describe('JobsModule', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs jobs in this process without REDIS_URL, and stops them with the app', async () => {
    const stopped = vi.spyOn(InProcessJobs.prototype, 'beforeApplicationShutdown');
    const { app, jobs } = await jobsOf({ redisUrl: null });
    expect(jobs).toBeInstanceOf(InProcessJobs);
    await app.close();
    expect(stopped).toHaveBeenCalledOnce();
  });

  it('lets a job that runs in this process end before the connections it uses close', async () => {
    await endsBeforeConnectionsClose(await jobsOf({ redisUrl: null }));
  });

  it.runIf(process.env.REDIS_URL)('queues jobs on Redis with REDIS_URL, and closes its connections with the app', async () => {
    const stopped = vi.spyOn(BullmqJobs.prototype, 'beforeApplicationShutdown');
    const { app, jobs } = await jobsOf({ redisUrl: process.env.REDIS_URL!, queuePrefix: `hsa-test-jobs-${randomBytes(4).toString('hex')}` });
    expect(jobs).toBeInstanceOf(BullmqJobs);
    await app.close();
    expect(stopped).toHaveBeenCalledOnce();
  });

  it.runIf(process.env.REDIS_URL)('lets a job that runs from Redis end before the connections it uses close', async () => {
    await endsBeforeConnectionsClose(await jobsOf({ redisUrl: process.env.REDIS_URL!, queuePrefix: `hsa-test-jobs-${randomBytes(4).toString('hex')}` }));
  });
});
