/** A PDF worker killed while it prints, on MariaDB with Redis queues: another worker finishes its job, once. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { Good } from '../src/goods/entities/good.entity.js';
import { PdfPrinter } from '../src/printing/printing.processor.js';
import { REPO_ROOT } from '../src/paths.js';
import { createRedisClient } from '../src/redis/redis.module.js';
import { agentsByRole } from './back-office.js';
import { SERVER_BACKEND, type TestApi } from './backends.js';
import { binary, CHROMIUM, pdfText, until } from './printed-pdfs.js';

describe.runIf(SERVER_BACKEND)('a PDF worker killed while it prints, on MariaDB with Redis queues', () => {
  let api: TestApi;
  let worker: ChildProcess | undefined;
  let rescuer: TestApi | undefined;

  afterAll(async () => {
    worker?.kill('SIGKILL');
    await rescuer?.stop();
    await api?.stop();
  });

  it('leaves a job another worker finishes, once, and the file is served', async () => {
    const workerScript = join(REPO_ROOT, 'api', 'dist', 'worker.js');
    expect(existsSync(join(REPO_ROOT, 'api', 'dist', 'printing', 'printing.processor.js')), 'the API must be built (npm run build -w api)').toBe(true);
    // This API queues only: the printing is the other processes' work.
    // Every process holds a job for 5 s unrenewed rather than the deployments' 30 s: the dead worker's job is taken over
    // within seconds rather than a minute.
    api = await SERVER_BACKEND!.start({ serveApps: true, runWorkers: false, chromiumPath: CHROMIUM, chromiumFromNpm: false, queueLockMs: 5_000 });
    const origin = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    const hsa = (await agentsByRole(api)).hsa;
    const good = (await api.dataSource.getRepository(Good).find({ order: { id: 'ASC' }, take: 1 }))[0]!;
    const call = `/api/goods/${good.id}/PDF/executive`;

    // A worker of its own, in a process of its own, on the same database, Redis, data folder and session secret.
    worker = spawn(process.execPath, [workerScript], {
      env: {
        ...process.env,
        DATABASE_URL: api.config.databaseUrl!,
        REDIS_URL: api.config.redisUrl!,
        QUEUE_PREFIX: api.config.queuePrefix,
        QUEUE_LOCK_MS: String(api.config.queueLockMs),
        DATA_DIR: api.config.dataDir,
        FRONT_ORIGIN: origin,
        CHROMIUM_PATH: CHROMIUM,
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout!.on('data', (chunk) => (output += String(chunk)));
    worker.stderr!.on('data', (chunk) => (output += String(chunk)));
    await until(async () => output.includes('queue worker started'), 60_000, `the worker to start: ${output}`);

    const { body } = await hsa.get(`${call}.pdf`).expect(202);
    const queue = new Queue('pdf', { connection: createRedisClient(api.config.redisUrl!), prefix: api.config.queuePrefix });
    try {
      // Killed the moment it takes the job, before any file could be written.
      await until(async () => (await queue.getJob(body.job.id))?.getState().then((state) => state === 'active'), 30_000, 'the worker to take the job');
      worker.kill('SIGKILL');
      await new Promise((resolve) => worker!.once('exit', resolve));
      const folder = join(api.config.dataDir, 'private', 'pdf');
      expect(existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.pdf.enc')) : []).toEqual([]);
      expect((await hsa.get(`${call}/jobs/${body.job.id}`).expect(200)).body.job.state).toBe('active');

      // Another worker (here, in this process) finds the stalled job once its lock expires, and prints it.
      rescuer = await startWorker(api, origin);
      // Read whole once finished: its return value is written with its end, in one step.
      const finished = await until(
        async () => {
          const job = await queue.getJob(body.job.id);
          return job?.finishedOn ? job : null;
        },
        120_000,
        'the stalled job to be finished by the other worker',
      );
      expect({ failed: finished.failedReason ?? null, returned: finished.returnvalue }).toMatchObject({ failed: null, returned: { printed: true, pid: process.pid } });
      expect(rescuer.app.get(PdfPrinter).prints).toBe(1);
      const file = await hsa.get(`${call}.pdf`).buffer(true).parse(binary).expect(200);
      expect((file.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfText(file.body as Buffer)).toContain(good.reference);
      expect(readdirSync(folder).filter((name) => name.endsWith('.pdf.enc'))).toHaveLength(1);
      // Asked again: served, never printed again.
      await hsa.get(`${call}.pdf`).expect(200);
      expect(rescuer.app.get(PdfPrinter).prints).toBe(1);
      expect(await queue.getJobCounts('completed', 'failed', 'waiting', 'active')).toEqual({ completed: 1, failed: 0, waiting: 0, active: 0 });
    } finally {
      await queue.close();
    }
  }, 240_000);
});

/** A queue worker in this process, as `npm run worker -w api` starts one, reading the pages from `origin`. */
async function startWorker(api: TestApi, origin: string): Promise<TestApi> {
  const { NestFactory } = await import('@nestjs/core');
  const { AppModule } = await import('../src/app.module.js');
  const config = { ...api.config, runWorkers: true, serveApps: false, frontOrigin: origin, seedDemo: false };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  return { app, server: null, dataSource: api.dataSource, config, stop: () => app.close() } as unknown as TestApi;
}
