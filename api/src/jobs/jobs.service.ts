import { Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { ApiErrorBody, JobView } from '@hsa-lli/common/domain';
import { ApiHttpError, FieldsError } from '../http/api-errors.js';

/**
 * `documents` checks uploads while someone waits; `watermarks`, long for a thick PDF, and `exports`, long for a long list,
 * run apart so as never to hold them up.
 */
export const QUEUE_NAMES = ['statistics', 'pdf', 'mail', 'prerender', 'images', 'documents', 'watermarks', 'exports', 'committee', 'retention', 'alerts', 'visits'] as const;
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
  /** Queue it that much later (it counts as waiting meanwhile). */
  delayMs?: number;
}

/** How many finished jobs of each queue (completed, and failed) stay readable through `find`, for the API to tell how they ended. */
export const KEPT_JOBS = 200;

/** A job `run` waited for did not end in time (it may still run). */
export class JobTimeoutError extends Error {}

/**
 * What a job that refused its input (an ApiHttpError for its user) returns: the job is done, not failed, so that
 * it is not tried again only to be refused again, and `run` answers its caller with the same error.
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

/**
 * Background jobs: what features inject. Two implementations, which `JobsModule` chooses from the configuration:
 * `BullmqJobs` (bullmq-jobs.ts) with REDIS_URL, whose jobs any process of the deployment may run, and `InProcessJobs`
 * (in-process-jobs.ts) without, whose jobs this process runs. Both run the processors registered here, one job at a
 * time per queue, and pass the same tests (api/test/jobs-contract.ts).
 */
export abstract class JobsService implements BeforeApplicationShutdown {
  protected readonly logger = new Logger(JobsService.name);
  private readonly processors = new Map<string, JobProcessor>();

  /** Where jobs go, as /api/health reports it. */
  abstract readonly mode: 'redis' | 'in-process';

  /** Registers the processor of one job name; called by feature modules at start. */
  register(queue: QueueName, name: string, processor: JobProcessor): void {
    const key = `${queue}:${name}`;
    if (this.processors.has(key)) throw new Error(`A processor is already registered for ${key}`);
    this.processors.set(key, processor);
  }

  /** Queues a job and answers its view; with the `jobId` of a job still kept, queues nothing and answers that job. */
  abstract enqueue(queue: QueueName, name: string, data?: unknown, options?: EnqueueOptions): Promise<JobView>;

  /** Forgets a job that is not running (a finished one, so that its id can be queued again). */
  abstract remove(queue: QueueName, id: string): Promise<void>;

  /**
   * Queues a job and waits for its result, whichever process runs it. A job that refused its input (threw an
   * ApiHttpError) throws the same error here; one that failed throws an Error, one that did not end within `timeoutMs`
   * a JobTimeoutError.
   */
  async run<T>(queue: QueueName, name: string, data: unknown, { timeoutMs }: { timeoutMs: number }): Promise<T> {
    const { finished } = await this.submit(queue, name, data, timeoutMs);
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
   * as done, not as waiting). True when this call queued it.
   */
  async enqueueUnlessWaiting(queue: QueueName, name: string, options: EnqueueOptions = {}): Promise<boolean> {
    if (await this.pendingJob(queue, name)) return false;
    await this.enqueue(queue, name, {}, options);
    return true;
  }

  /** A job of that name that has not started yet (waiting, delayed or prioritised), in any process; null if none. */
  abstract pendingJob(queue: QueueName, name: string): Promise<JobView | null>;

  /** Runs a job every `everyMinutes` minutes on the quarter-hours of France's clocks, once whatever the processes. */
  abstract schedule(queue: QueueName, name: string, everyMinutes: number): Promise<void>;

  /** Runs a job once a day at `hour` o'clock in France (summer time or not), once whatever the processes. */
  abstract scheduleDaily(queue: QueueName, name: string, hour: number): Promise<void>;

  async find(queue: QueueName, id: string): Promise<JobView | null> {
    return (await this.findWithData(queue, id))?.job ?? null;
  }

  /** A job and the data it was queued with, for a caller that must check whom the job is for. */
  abstract findWithData(queue: QueueName, id: string): Promise<{ job: JobView; data: unknown } | null>;

  /** Whether jobs can be queued now. */
  abstract ping(): Promise<boolean>;

  /**
   * Stops taking jobs, once the ones this process runs have ended: before the application's shutdown, while the
   * database, Redis and Chromium those jobs use are still open (each closes in its own onApplicationShutdown).
   */
  abstract beforeApplicationShutdown(): Promise<void>;

  /** Queues a job for `run`: once it is queued, the promise of what its processor returns (a refusal as such). */
  protected abstract submit(queue: QueueName, name: string, data: unknown, timeoutMs: number): Promise<{ finished: Promise<unknown> }>;

  /** Runs a job's processor; a refusal of its input is its result. */
  protected async process(queue: QueueName, name: string, data: unknown): Promise<unknown> {
    const processor = this.processors.get(`${queue}:${name}`);
    if (!processor) throw new Error(`No processor for ${queue}:${name}`);
    try {
      return await processor(data);
    } catch (error) {
      if (!(error instanceof ApiHttpError)) throw error;
      return { refused: { status: error.getStatus(), body: error.getResponse() as ApiErrorBody } } satisfies Refusal;
    }
  }
}
