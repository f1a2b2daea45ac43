import { randomUUID } from 'node:crypto';
import type { JobView } from '@hsa-lli/common/domain';
import { JobsService, KEPT_JOBS, type EnqueueOptions, type QueueName } from './jobs.service.js';

interface Job extends JobView {
  queue: QueueName;
  data: unknown;
}

function viewOf({ data: _data, ...view }: Job): JobView {
  return view;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The embedded default, without Redis: this process runs every job, one at a time per queue in the order they were
 * queued, tried again as BullMQ would (`attempts`, `backoff`). The last KEPT_JOBS jobs stay readable. Nothing outlives
 * the process: a job waiting or delayed when it stops is dropped.
 */
export class InProcessJobs extends JobsService {
  readonly mode = 'in-process';
  /** Every job kept, oldest first. */
  private readonly jobs = new Map<string, Job>();
  /** The end of each queue's last job: the next one starts after it. */
  private readonly chains = new Map<QueueName, Promise<void>>();
  /** The timers of delayed and scheduled jobs, cleared at shutdown. */
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Set at shutdown: no job starts any more, none is tried again. */
  private stopping = false;

  async enqueue(queue: QueueName, name: string, data: unknown = {}, options: EnqueueOptions = {}): Promise<JobView> {
    const kept = options.jobId === undefined ? undefined : this.jobs.get(options.jobId);
    return viewOf(kept ?? this.add(queue, name, data, options).job);
  }

  async remove(queue: QueueName, id: string): Promise<void> {
    const job = this.jobs.get(id);
    if (job?.queue === queue && job.state !== 'active') this.jobs.delete(id);
  }

  async pendingJob(queue: QueueName, name: string): Promise<JobView | null> {
    const job = [...this.jobs.values()].find((each) => each.queue === queue && each.name === name && each.state === 'waiting');
    return job ? viewOf(job) : null;
  }

  /** A timer of this process. */
  async schedule(queue: QueueName, name: string, everyMinutes: number): Promise<void> {
    const period = everyMinutes * 60_000;
    // France's offsets are whole hours: a multiple of minutes past the hour is the same in UTC.
    const tick = () => {
      this.add(queue, name, {}, {});
      this.later(tick, period - (Date.now() % period));
    };
    this.later(tick, period - (Date.now() % period));
  }

  async scheduleDaily(queue: QueueName, name: string, hour: number): Promise<void> {
    // Looked at on each quarter-hour: the job is queued at the first one of that hour on France's clocks.
    const quarter = 15 * 60_000;
    const tick = () => {
      if (parisHourAndMinute(new Date()) === `${String(hour).padStart(2, '0')}:00`) this.add(queue, name, {}, {});
      this.later(tick, quarter - (Date.now() % quarter));
    };
    this.later(tick, quarter - (Date.now() % quarter));
  }

  async findWithData(queue: QueueName, id: string): Promise<{ job: JobView; data: unknown } | null> {
    const job = this.jobs.get(id);
    return job?.queue === queue ? { job: viewOf(job), data: job.data } : null;
  }

  /** The runner is this process: always there. */
  async ping(): Promise<boolean> {
    return true;
  }

  /** Lets the running jobs end and drops the others, as BullMQ's worker leaves them in Redis. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.all(this.chains.values());
  }

  protected async submit(queue: QueueName, name: string, data: unknown): Promise<{ finished: Promise<unknown> }> {
    return { finished: this.add(queue, name, data, {}).outcome };
  }

  /** Keeps a new job and starts it after its delay and the queue's earlier jobs; its outcome, for whoever waits for it. */
  private add(queue: QueueName, name: string, data: unknown, options: EnqueueOptions): { job: Job; outcome: Promise<unknown> } {
    const job: Job = { id: options.jobId ?? randomUUID(), queue, name, state: 'waiting', result: null, failed_reason: null, data };
    this.jobs.set(job.id, job);
    for (const id of this.jobs.keys()) {
      if (this.jobs.size <= KEPT_JOBS) break;
      this.jobs.delete(id);
    }
    const { delayMs = 0 } = options;
    // Waiting meanwhile, so that later requests fold into it.
    const outcome = delayMs === 0 ? this.start(job, options) : new Promise((resolve, reject) => this.later(() => this.start(job, options).then(resolve, reject), delayMs));
    // A failure is logged; only `run` hears it.
    outcome.catch(() => undefined);
    return { job, outcome };
  }

  private start(job: Job, options: EnqueueOptions): Promise<unknown> {
    const outcome = (this.chains.get(job.queue) ?? Promise.resolve()).then(() => this.execute(job, options));
    // The queue goes on whatever the outcome.
    this.chains.set(
      job.queue,
      outcome.then(
        () => undefined,
        () => undefined,
      ),
    );
    return outcome;
  }

  private async execute(job: Job, { attempts = 1, backoff, removeOnComplete, removeOnFail }: EnqueueOptions): Promise<unknown> {
    if (this.stopping) throw new Error(`Job ${job.queue}:${job.name} dropped: the process is stopping`);
    job.state = 'active';
    for (let tried = 1; ; tried += 1) {
      try {
        const result = await this.process(job.queue, job.name, job.data);
        job.result = result ?? null;
        job.state = 'completed';
        if (removeOnComplete) this.jobs.delete(job.id);
        return result;
      } catch (error) {
        if (tried < attempts && !this.stopping) {
          const delay = !backoff ? 0 : backoff.type === 'fixed' ? backoff.delay : backoff.delay * 2 ** (tried - 1);
          this.logger.warn(`Job ${job.queue}:${job.name} failed (try ${tried} of ${attempts}), tried again in ${delay} ms: ${messageOf(error)}`);
          await new Promise((resolve) => setTimeout(resolve, delay));
          continue;
        }
        job.state = 'failed';
        job.failed_reason = messageOf(error);
        this.logger.error(`Job ${job.queue}:${job.name} failed: ${job.failed_reason}`);
        if (removeOnFail) this.jobs.delete(job.id);
        throw error;
      }
    }
  }

  /** Runs `callback` after `delayMs`, unless the process stops first. */
  private later(callback: () => unknown, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      callback();
    }, delayMs).unref();
    this.timers.add(timer);
  }
}

/** The time of an instant on France's clocks, to the quarter-hour below: `03:00`, `03:15`… */
export function parisHourAndMinute(instant: Date): string {
  const time = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  const [hours, minutes] = time.split(':');
  return `${hours}:${String(Math.floor(Number(minutes) / 15) * 15).padStart(2, '0')}`;
}
