import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigModule } from '../src/config/config.module.js';
import { loadConfig, type AppConfig } from '../src/config/config.js';
import { BullmqJobs } from '../src/jobs/bullmq-jobs.js';
import { InProcessJobs } from '../src/jobs/in-process-jobs.js';
import { JobsModule } from '../src/jobs/jobs.module.js';
import { JobsService } from '../src/jobs/jobs.service.js';

/** The jobs of an app made of the configuration and JobsModule only. */
async function jobsOf(overrides: Partial<AppConfig>) {
  @Module({ imports: [ConfigModule.forRoot({ ...loadConfig({}), ...overrides }), JobsModule] })
  class JobsOnly {}
  const app = await NestFactory.createApplicationContext(JobsOnly, { logger: false });
  return { app, jobs: app.get(JobsService) };
}

describe('JobsModule', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs jobs in this process without REDIS_URL, and stops them with the app', async () => {
    const stopped = vi.spyOn(InProcessJobs.prototype, 'onApplicationShutdown');
    const { app, jobs } = await jobsOf({ redisUrl: null });
    expect(jobs).toBeInstanceOf(InProcessJobs);
    await app.close();
    expect(stopped).toHaveBeenCalledOnce();
  });

  it.runIf(process.env.REDIS_URL)('queues jobs on Redis with REDIS_URL, and closes its connections with the app', async () => {
    const stopped = vi.spyOn(BullmqJobs.prototype, 'onApplicationShutdown');
    const { app, jobs } = await jobsOf({ redisUrl: process.env.REDIS_URL!, queuePrefix: `hsa-test-jobs-${randomBytes(4).toString('hex')}` });
    expect(jobs).toBeInstanceOf(BullmqJobs);
    await app.close();
    expect(stopped).toHaveBeenCalledOnce();
  });
});
