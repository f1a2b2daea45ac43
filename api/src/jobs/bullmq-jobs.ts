import { Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobView } from '@hsa-lli/common/domain';
import { createRedisClient } from '../redis/redis.module.js';
import { JobsService, KEPT_JOBS, type EnqueueOptions, type JobProcessor, type QueueName } from './jobs.service.js';

/** Where the queues are, and whether this process runs their jobs (RUN_WORKERS). */
export interface RedisQueues {
  url: string;
  /** Prefix of the queues' Redis keys (QUEUE_PREFIX). */
  prefix: string;
  runWorkers: boolean;
  /** How long a job's lock lasts unrenewed, and how often workers look for jobs whose lock expired (QUEUE_LOCK_MS). */
  lockMs: number;
}

/** BullMQ keeps as many finished jobs of each queue. */
const HISTORY = { removeOnComplete: { count: KEPT_JOBS }, removeOnFail: { count: KEPT_JOBS } };

function waiting(queue: QueueName, name: string, id: string | undefined): JobView {
  return { id: String(id), queue, name, state: 'waiting', result: null, failed_reason: null };
}

/**
 * With REDIS_URL: jobs go through BullMQ queues shared by every process of the deployment, and are run by this process
 * when it runs workers (a dedicated worker, or the single-machine API), one job at a time per queue, else by the others.
 * A job whose process dies while it runs is taken over by another worker once its lock expires.
 */
export class BullmqJobs extends JobsService {
  readonly mode = 'redis';
  private readonly queues = new Map<QueueName, Queue>();
  /** One listener of finished jobs per queue, for `run`. */
  private readonly events = new Map<QueueName, QueueEvents>();
  private readonly workers = new Map<QueueName, Worker>();
  /** Redis clients this service opened; BullMQ leaves the ones it is given open. */
  private readonly clients: Redis[] = [];

  constructor(private readonly redis: RedisQueues) {
    super();
  }

  /** Starts the queue's worker too, the first time, when this process runs jobs. */
  override register(queue: QueueName, name: string, processor: JobProcessor): void {
    super.register(queue, name, processor);
    if (this.redis.runWorkers && !this.workers.has(queue)) this.startWorker(queue);
  }

  async enqueue(queue: QueueName, name: string, data: unknown = {}, { delayMs = 0, ...options }: EnqueueOptions = {}): Promise<JobView> {
    const job = await this.queue(queue).add(name, data, { delay: delayMs, ...HISTORY, ...options });
    return waiting(queue, name, job.id);
  }

  async remove(queue: QueueName, id: string): Promise<void> {
    await (await this.queue(queue).getJob(id))?.remove();
  }

  async pendingJob(queue: QueueName, name: string): Promise<JobView | null> {
    const pending = await this.queue(queue).getJobs(['waiting', 'delayed', 'prioritized']);
    // A job scheduler's next run waits too, but maybe for minutes: it is no reason to wait.
    const job = pending.find((each) => each.name === name && !each.repeatJobKey);
    return job ? waiting(queue, name, job.id) : null;
  }

  /** One BullMQ job scheduler shared by every process, whichever runs it. */
  async schedule(queue: QueueName, name: string, everyMinutes: number): Promise<void> {
    await this.queue(queue).upsertJobScheduler(
      `${name}-every-${everyMinutes}-min`,
      { pattern: `0 */${everyMinutes} * * * *`, tz: 'Europe/Paris' },
      { name, data: {}, opts: HISTORY },
    );
  }

  async scheduleDaily(queue: QueueName, name: string, hour: number): Promise<void> {
    await this.queue(queue).upsertJobScheduler(`${name}-daily-at-${hour}`, { pattern: `0 0 ${hour} * * *`, tz: 'Europe/Paris' }, { name, data: {}, opts: HISTORY });
  }

  async findWithData(queue: QueueName, id: string): Promise<{ job: JobView; data: unknown } | null> {
    const jobs = this.queue(queue);
    // The state first, then the job: a job read just before it ends would be said finished without its result.
    const state = await jobs.getJobState(id);
    const job = state === 'unknown' ? undefined : await jobs.getJob(id);
    if (!job) return null;
    const view: JobView = {
      id,
      queue,
      name: job.name,
      state: state === 'completed' || state === 'failed' || state === 'active' ? state : 'waiting',
      result: job.returnvalue ?? null,
      failed_reason: job.failedReason || null,
    };
    return { job: view, data: job.data };
  }

  /** Whether Redis answers within two seconds. */
  async ping(): Promise<boolean> {
    // Queue connections retry forever, by design: the health check must not wait with them.
    const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref());
    return Promise.race([this.queue('statistics').getJobCounts('waiting').then(() => true, () => false), timeout]);
  }

  /** Lets the running jobs end (the waiting ones stay queued for any worker), then closes every connection. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    await Promise.all([...this.events.values()].map((events) => events.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await Promise.all(this.clients.map((client) => client.quit().catch(() => client.disconnect())));
  }

  protected async submit(queue: QueueName, name: string, data: unknown, timeoutMs: number): Promise<{ finished: Promise<unknown> }> {
    const events = await this.listener(queue);
    const job = await this.queue(queue).add(name, data, HISTORY);
    // Its own time limit, a little later than the caller's, only frees its listeners.
    return { finished: job.waitUntilFinished(events, timeoutMs + 1000) };
  }

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.client(), prefix: this.redis.prefix });
      queue.on('error', (error) => this.logger.error(`Queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Ready before a job is added, so that its end cannot pass unheard. */
  private async listener(name: QueueName): Promise<QueueEvents> {
    let events = this.events.get(name);
    if (!events) {
      events = new QueueEvents(name, { connection: this.client(), prefix: this.redis.prefix });
      events.on('error', (error) => this.logger.error(`Queue events ${name}: ${error.message}`));
      this.events.set(name, events);
    }
    await events.waitUntilReady();
    return events;
  }

  /** A connection of its own for each queue, listener and worker: their commands block. */
  private client(): Redis {
    const client = createRedisClient(this.redis.url);
    client.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
    this.clients.push(client);
    return client;
  }

  private startWorker(queue: QueueName): void {
    const worker = new Worker(queue, (job) => this.process(queue, job.name, job.data), {
      connection: this.client(),
      prefix: this.redis.prefix,
      concurrency: 1,
      lockDuration: this.redis.lockMs,
      stalledInterval: this.redis.lockMs,
    });
    worker.on('failed', (job, error) => this.logger.error(`Job ${queue}:${job?.name} failed: ${error.message}`));
    worker.on('error', (error) => this.logger.error(`Worker ${queue}: ${error.message}`));
    this.workers.set(queue, worker);
  }
}
