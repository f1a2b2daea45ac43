import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { ApiErrorBody, JobView } from '@hsa-lli/common/domain';
import { ApiHttpError, FieldsError } from '../common/api-errors.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { createRedisClient } from '../redis/redis.module.js';

/**
 * `documents` checks uploads while someone waits; `watermarks`, long for a thick PDF, and `exports`, long for a long list,
 * run apart so as never to hold them up.
 */
export const QUEUE_NAMES = ['statistics', 'pdf', 'mail', 'prerender', 'images', 'documents', 'watermarks', 'exports'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export type JobProcessor = (data: unknown) => Promise<unknown>;

/** How a job is queued: `jobId` makes a job of that id while one is kept a no-op (BullMQ's de-duplication). */
export interface EnqueueOptions {
  jobId?: string;
  /** Tries in all before the job is failed, `backoff` apart (doubling each time when exponential). */
  attempts?: number;
  backoff?: { type: 'fixed' | 'exponential'; delay: number };
  /** Forget the job, and its data, as soon as it has completed or finally failed, instead of keeping it in the history. */
  removeOnComplete?: boolean;
  removeOnFail?: boolean;
}

interface LocalJob extends JobView {
  queue: QueueName;
  data: unknown;
}

/**
 * What a job that refused its input (an ApiHttpError for its user) returns: the job is done, not failed, so that
 * BullMQ does not retry what would be refused again, and `run` answers its caller with the same error.
 */
interface Refusal {
  refused: { status: number; body: ApiErrorBody };
}

function isRefusal(result: unknown): result is Refusal {
  return typeof result === 'object' && result !== null && 'refused' in result;
}

/** The error a refusal came from, rebuilt on the side of the caller (maybe another process). */
function refusalError({ refused: { status, body } }: Refusal): ApiHttpError {
  return status === 400 && body.fields ? new FieldsError(body.fields, body.error) : new ApiHttpError(body, status);
}

/** A job `run` waited for did not end in time (it may still run). */
export class JobTimeoutError extends Error {}

/** How many finished in-process jobs stay readable through the API. */
const LOCAL_HISTORY = 200;
/** BullMQ keeps as many finished jobs of each queue, for the API to tell how they ended. */
const HISTORY = { removeOnComplete: { count: LOCAL_HISTORY }, removeOnFail: { count: LOCAL_HISTORY } };

/**
 * Background jobs. With REDIS_URL they go through BullMQ queues, processed by this process when
 * RUN_WORKERS is on (a dedicated worker, or the single-machine API) and by other workers otherwise.
 * Without Redis the same processors run in this process, one job at a time per queue.
 */
@Injectable()
export class JobsService implements OnApplicationShutdown {
  private readonly logger = new Logger(JobsService.name);
  private readonly processors = new Map<string, JobProcessor>();
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly localJobs = new Map<string, LocalJob>();
  private readonly localChains = new Map<QueueName, Promise<void>>();
  /** One listener of finished jobs per queue, for `run` with Redis. */
  private readonly queueEvents = new Map<QueueName, QueueEvents>();
  /** Redis clients this service opened; BullMQ leaves the ones it is given open. */
  private readonly clients: Redis[] = [];
  /** Without Redis: the timer of the scheduled job, and those of delayed jobs, cleared at shutdown. */
  private scheduleTimer: NodeJS.Timeout | undefined;
  private readonly delayed = new Set<NodeJS.Timeout>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get mode(): 'redis' | 'in-process' {
    return this.config.redisUrl ? 'redis' : 'in-process';
  }

  /** Registers the processor of one job name; called by feature modules at start. */
  register(queue: QueueName, name: string, processor: JobProcessor): void {
    const key = `${queue}:${name}`;
    if (this.processors.has(key)) throw new Error(`A processor is already registered for ${key}`);
    this.processors.set(key, processor);
    if (this.config.redisUrl && this.config.runWorkers && !this.workers.some((worker) => worker.name === queue)) {
      this.startWorker(queue, this.config.redisUrl);
    }
  }

  async enqueue(queue: QueueName, name: string, data: unknown = {}, options: EnqueueOptions = {}): Promise<JobView> {
    if (this.config.redisUrl) {
      const job = await this.queue(queue, this.config.redisUrl).add(name, data, { ...HISTORY, ...options });
      return { id: String(job.id), queue, name, state: 'waiting', result: null, failed_reason: null };
    }
    const kept = options.jobId === undefined ? undefined : this.localJobs.get(options.jobId);
    if (kept) {
      const { data: _data, ...view } = kept;
      return view;
    }
    return this.runLocally(queue, name, data, 0, options).view;
  }

  /** Forgets a job that is not running (a finished one, so that its id can be queued again). */
  async remove(queue: QueueName, id: string): Promise<void> {
    if (this.config.redisUrl) {
      await (await this.queue(queue, this.config.redisUrl).getJob(id))?.remove();
      return;
    }
    const job = this.localJobs.get(id);
    if (job?.queue === queue && job.state !== 'active') this.localJobs.delete(id);
  }

  /**
   * Queues a job and waits for its result, whichever process runs it. A job that refused its input (threw an
   * ApiHttpError) throws the same error here; one that failed throws an Error, one that did not end within `timeoutMs`
   * a JobTimeoutError.
   */
  async run<T>(queue: QueueName, name: string, data: unknown, { timeoutMs }: { timeoutMs: number }): Promise<T> {
    let finished: Promise<unknown>;
    if (this.config.redisUrl) {
      const events = await this.events(queue, this.config.redisUrl);
      const job = await this.queue(queue, this.config.redisUrl).add(name, data, HISTORY);
      // Its own time limit, a little later than ours, only frees its listeners.
      finished = job.waitUntilFinished(events, timeoutMs + 1000);
    } else {
      finished = this.runLocally(queue, name, data).outcome;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new JobTimeoutError(`Job ${queue}:${name} did not end within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const result = await Promise.race([finished, timeout]);
      if (isRefusal(result)) throw refusalError(result);
      return result as T;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Queues a job unless one of the same name is still waiting, in any process: requests made while
   * one waits are folded into it (one that is already running may have read older data, so it counts
   * as done, not as waiting). `delayMs` queues it that much later. True when this call queued it.
   */
  async enqueueUnlessWaiting(queue: QueueName, name: string, { delayMs = 0, ...options }: EnqueueOptions & { delayMs?: number } = {}): Promise<boolean> {
    if (await this.pendingJob(queue, name)) return false;
    if (this.config.redisUrl) await this.queue(queue, this.config.redisUrl).add(name, {}, { delay: delayMs, ...HISTORY, ...options });
    else this.runLocally(queue, name, {}, delayMs, options);
    return true;
  }

  /** A job of that name that has not started yet (waiting, delayed or prioritised), in any process; null if none. */
  async pendingJob(queue: QueueName, name: string): Promise<JobView | null> {
    if (this.config.redisUrl) {
      const pending = await this.queue(queue, this.config.redisUrl).getJobs(['waiting', 'delayed', 'prioritized']);
      // A job scheduler's next run waits too, but maybe for minutes: it is no reason to wait.
      const job = pending.find((each) => each.name === name && !each.repeatJobKey);
      return job ? { id: String(job.id), queue, name, state: 'waiting', result: null, failed_reason: null } : null;
    }
    const job = [...this.localJobs.values()].find((each) => each.queue === queue && each.name === name && each.state === 'waiting');
    if (!job) return null;
    const { data: _data, ...view } = job;
    return view;
  }

  /**
   * Runs a job every `everyMinutes` minutes on the quarter-hours of France's clocks (with Redis, one BullMQ job scheduler
   * shared by every process, whichever runs it; without, a timer of this process).
   */
  async schedule(queue: QueueName, name: string, everyMinutes: number): Promise<void> {
    if (this.config.redisUrl) {
      await this.queue(queue, this.config.redisUrl).upsertJobScheduler(
        `${name}-every-${everyMinutes}-min`,
        { pattern: `0 */${everyMinutes} * * * *`, tz: 'Europe/Paris' },
        { name, data: {}, opts: HISTORY },
      );
      return;
    }
    const period = everyMinutes * 60_000;
    // France's offsets are whole hours: a multiple of minutes past the hour is the same in UTC.
    const tick = () => {
      this.runLocally(queue, name, {});
      this.scheduleTimer = setTimeout(tick, period - (Date.now() % period)).unref();
    };
    this.scheduleTimer = setTimeout(tick, period - (Date.now() % period)).unref();
  }

  async find(queue: QueueName, id: string): Promise<JobView | null> {
    return (await this.findWithData(queue, id))?.job ?? null;
  }

  /** A job and the data it was queued with, for a caller that must check whom the job is for. */
  async findWithData(queue: QueueName, id: string): Promise<{ job: JobView; data: unknown } | null> {
    if (!this.config.redisUrl) {
      const job = this.localJobs.get(id);
      if (!job || job.queue !== queue) return null;
      const { data, ...view } = job;
      return { job: view, data };
    }
    const jobs = this.queue(queue, this.config.redisUrl);
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

  /** Whether jobs can be queued now: Redis answers within two seconds, or the in-process runner is there. */
  async ping(): Promise<boolean> {
    if (!this.config.redisUrl) return true;
    const queue = this.queue('statistics', this.config.redisUrl);
    // Queue connections retry forever, by design: the health check must not wait with them.
    const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref());
    return Promise.race([queue.getJobCounts('waiting').then(() => true, () => false), timeout]);
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.scheduleTimer);
    for (const timer of this.delayed) clearTimeout(timer);
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([...this.queueEvents.values()].map((events) => events.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await Promise.all(this.clients.map((client) => client.quit().catch(() => client.disconnect())));
    await Promise.all(this.localChains.values());
  }

  private queue(name: QueueName, url: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.client(url), prefix: this.config.queuePrefix });
      queue.on('error', (error) => this.logger.error(`Queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Ready before a job is added, so that its end cannot pass unheard. */
  private async events(name: QueueName, url: string): Promise<QueueEvents> {
    let events = this.queueEvents.get(name);
    if (!events) {
      events = new QueueEvents(name, { connection: this.client(url), prefix: this.config.queuePrefix });
      events.on('error', (error) => this.logger.error(`Queue events ${name}: ${error.message}`));
      this.queueEvents.set(name, events);
    }
    await events.waitUntilReady();
    return events;
  }

  private client(url: string): Redis {
    const client = createRedisClient(url);
    client.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
    this.clients.push(client);
    return client;
  }

  private startWorker(queue: QueueName, url: string): void {
    const worker = new Worker(queue, (job) => this.process(queue, job.name, job.data), {
      connection: this.client(url),
      prefix: this.config.queuePrefix,
      concurrency: 1,
    });
    worker.on('failed', (job, error) => this.logger.error(`Job ${queue}:${job?.name} failed: ${error.message}`));
    worker.on('error', (error) => this.logger.error(`Worker ${queue}: ${error.message}`));
    this.workers.push(worker);
  }

  private async process(queue: QueueName, name: string, data: unknown): Promise<unknown> {
    const processor = this.processors.get(`${queue}:${name}`);
    if (!processor) throw new Error(`No processor for ${queue}:${name}`);
    try {
      return await processor(data);
    } catch (error) {
      if (!(error instanceof ApiHttpError)) throw error;
      return { refused: { status: error.getStatus(), body: error.getResponse() as ApiErrorBody } } satisfies Refusal;
    }
  }

  /** Runs a job after the queue's earlier ones: its view, and its outcome for whoever waits for it. */
  private runLocally(queue: QueueName, name: string, data: unknown, delayMs = 0, options: EnqueueOptions = {}): { view: JobView; outcome: Promise<unknown> } {
    const job: LocalJob = { id: options.jobId ?? randomUUID(), queue, name, state: 'waiting', result: null, failed_reason: null, data };
    this.localJobs.set(job.id, job);
    for (const id of this.localJobs.keys()) {
      if (this.localJobs.size <= LOCAL_HISTORY) break;
      this.localJobs.delete(id);
    }
    const start = (): Promise<unknown> => {
      const previous = this.localChains.get(queue) ?? Promise.resolve();
      const outcome = previous.then(async () => {
        job.state = 'active';
        try {
          const result = await this.attempt(queue, name, data, options);
          job.result = result ?? null;
          job.state = 'completed';
          if (options.removeOnComplete) this.localJobs.delete(job.id);
          return result;
        } catch (error) {
          job.state = 'failed';
          job.failed_reason = error instanceof Error ? error.message : String(error);
          this.logger.error(`Job ${queue}:${name} failed: ${job.failed_reason}`);
          if (options.removeOnFail) this.localJobs.delete(job.id);
          throw error;
        }
      });
      // The chain goes on whatever the outcome; only `run` hears a failure (an enqueued job's is logged).
      this.localChains.set(
        queue,
        outcome.then(
          () => undefined,
          () => undefined,
        ),
      );
      return outcome;
    };
    const { data: _data, ...view } = job;
    if (delayMs === 0) return { view, outcome: start() };
    // Waiting meanwhile, so that later requests fold into it; dropped if the process stops first.
    const outcome = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.delayed.delete(timer);
        start().then(resolve, reject);
      }, delayMs).unref();
      this.delayed.add(timer);
    });
    outcome.catch(() => undefined);
    return { view, outcome };
  }

  /** Runs a job's processor, again after a pause while it has tries left (BullMQ's `attempts` and `backoff`, in-process). */
  private async attempt(queue: QueueName, name: string, data: unknown, { attempts = 1, backoff }: EnqueueOptions): Promise<unknown> {
    for (let tried = 1; ; tried += 1) {
      try {
        return await this.process(queue, name, data);
      } catch (error) {
        if (tried >= attempts) throw error;
        const delay = !backoff ? 0 : backoff.type === 'fixed' ? backoff.delay : backoff.delay * 2 ** (tried - 1);
        this.logger.warn(`Job ${queue}:${name} failed (try ${tried} of ${attempts}), tried again in ${delay} ms: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
