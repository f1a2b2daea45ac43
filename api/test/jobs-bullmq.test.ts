import { Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { ApiHttpError } from '../src/http/api-errors.js';
import { createRedisClient } from '../src/redis/redis.module.js';
import { BullmqJobs } from '../src/jobs/bullmq-jobs.js';
import { jobsContract } from './jobs-contract.js';

const REDIS_URL = process.env.REDIS_URL;
/** The deployments' default hold on a running job (QUEUE_LOCK_MS). */
const lockMs = loadConfig({}).queueLockMs;

/** A key prefix of its own for each service, as each API test run has; its keys removed at the end. */
const prefixes: string[] = [];
function newPrefix(): string {
  const prefix = `hsa-test-jobs-${randomBytes(4).toString('hex')}`;
  prefixes.push(prefix);
  return prefix;
}

async function dropKeys(): Promise<void> {
  const client = createRedisClient(REDIS_URL!);
  for (const prefix of prefixes.splice(0)) {
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length > 0) await client.del(...keys);
  }
  await client.quit();
}

describe.runIf(REDIS_URL)('BullmqJobs', () => {
  jobsContract(() => new BullmqJobs({ url: REDIS_URL!, prefix: newPrefix(), runWorkers: true, lockMs }), dropKeys);
});

describe.runIf(REDIS_URL)('BullmqJobs, on its own', () => {
  const started: BullmqJobs[] = [];
  const jobs = (prefix: string, runWorkers = true) => {
    const made = new BullmqJobs({ url: REDIS_URL!, prefix, runWorkers, lockMs });
    started.push(made);
    return made;
  };

  afterEach(async () => {
    await Promise.all(started.splice(0).map((each) => each.beforeApplicationShutdown()));
    await dropKeys();
    vi.restoreAllMocks();
  });

  it('says where jobs go', () => {
    expect(jobs(newPrefix()).mode).toBe('redis');
  });

  it('leaves the jobs of a process without workers to another one, whose result and refusal it hears', async () => {
    const prefix = newPrefix();
    const api = jobs(prefix, false);
    const worker = jobs(prefix);
    const ran: string[] = [];
    for (const [service, who] of [
      [api, 'api'],
      [worker, 'worker'],
    ] as const) {
      service.register('documents', 'ingest', async (data) => {
        ran.push(who);
        if ((data as { refuse: boolean }).refuse) throw new ApiHttpError({ error: 'Ce fichier contient un virus.' }, 422);
        return { checked_by: who };
      });
    }
    await expect(api.run('documents', 'ingest', { refuse: false }, { timeoutMs: 10_000 })).resolves.toEqual({ checked_by: 'worker' });
    const refusal = await api.run('documents', 'ingest', { refuse: true }, { timeoutMs: 10_000 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiHttpError);
    expect((refusal as ApiHttpError).getResponse()).toEqual({ error: 'Ce fichier contient un virus.' });
    expect(ran).toEqual(['worker', 'worker']);
  });

  it('schedules one job scheduler on France’s clocks for every process, which is no job waiting', async () => {
    const prefix = newPrefix();
    await jobs(prefix).schedule('statistics', 'refresh', 15);
    await jobs(prefix).schedule('statistics', 'refresh', 15);
    await jobs(prefix).scheduleDaily('retention', 'retention', 3);
    await jobs(prefix).scheduleDaily('retention', 'retention', 3);
    const connection = createRedisClient(REDIS_URL!);
    const queue = new Queue('statistics', { connection, prefix });
    const daily = new Queue('retention', { connection, prefix });
    try {
      expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ name: 'refresh', pattern: '0 */15 * * * *', tz: 'Europe/Paris' })]);
      expect(await daily.getJobSchedulers()).toEqual([expect.objectContaining({ name: 'retention', pattern: '0 0 3 * * *', tz: 'Europe/Paris' })]);
    } finally {
      await queue.close();
      await daily.close();
    }
    expect(await started[0]!.pendingJob('statistics', 'refresh')).toBeNull();
  });

  it('says within two seconds that it cannot take jobs when Redis does not answer', async () => {
    vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    // Nothing listens on port 1.
    const unreachable = new BullmqJobs({ url: 'redis://127.0.0.1:1', prefix: newPrefix(), runWorkers: false, lockMs });
    started.push(unreachable);
    const asked = Date.now();
    expect(await unreachable.ping()).toBe(false);
    expect(Date.now() - asked).toBeLessThan(3_000);
  });
});
