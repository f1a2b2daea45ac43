import { Logger } from '@nestjs/common';
import type { JobView } from '@hsa-lli/common/domain';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiHttpError, FieldsError } from '../src/http/api-errors.js';
import { JobTimeoutError, KEPT_JOBS, type JobsService } from '../src/jobs/jobs.service.js';

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds, asking every 20 ms; fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what} after ${ms} ms`);
    await pause(20);
  }
}

/** A promise the test settles: a job that waits on it runs until the test says so. */
export function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * What every implementation of JobsService does, as the features rely on it. `make` gives a new service, running
 * jobs, for each test; `cleanUp` removes what it left once it has stopped.
 */
export function jobsContract(make: () => JobsService, cleanUp: () => Promise<void> = async () => undefined): void {
  let jobs: JobsService;
  let stopped: Promise<void> | undefined;
  const gates: Array<ReturnType<typeof gate>> = [];
  const held = () => {
    const made = gate();
    gates.push(made);
    return made;
  };
  const stop = () => (stopped ??= jobs.beforeApplicationShutdown());
  const ended = async (queue: Parameters<JobsService['find']>[0], id: string) => ['completed', 'failed'].includes((await jobs.find(queue, id))?.state ?? '');

  beforeEach(() => {
    // Failures are the point of several tests: their log would only be noise.
    vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    stopped = undefined;
    gates.length = 0;
    jobs = make();
  });

  afterEach(async () => {
    for (const each of gates) each.open();
    await stop();
    await cleanUp();
    vi.restoreAllMocks();
  });

  it('runs a queued job once, with its data, and keeps it readable with its result', async () => {
    const calls: unknown[] = [];
    jobs.register('exports', 'write', async (data) => {
      calls.push(data);
      return { written: true };
    });
    const view = await jobs.enqueue('exports', 'write', { file: 'a' });
    expect(view).toEqual({ id: expect.any(String), queue: 'exports', name: 'write', state: 'waiting', result: null, failed_reason: null });
    await until(() => ended('exports', view.id), 'the job');
    expect(await jobs.findWithData('exports', view.id)).toEqual({ job: { ...view, state: 'completed', result: { written: true } }, data: { file: 'a' } });
    expect(await jobs.find('exports', view.id)).toEqual({ ...view, state: 'completed', result: { written: true } });
    expect(calls).toEqual([{ file: 'a' }]);
    // An id is known in its own queue only.
    expect(await jobs.find('pdf', view.id)).toBeNull();
    expect(await jobs.findWithData('exports', 'inconnu')).toBeNull();
  });

  it('keeps a job that failed, with its reason', async () => {
    jobs.register('exports', 'write', async () => {
      throw new Error('disque plein');
    });
    const view = await jobs.enqueue('exports', 'write', { file: 'a' });
    await until(() => ended('exports', view.id), 'the job');
    expect(await jobs.find('exports', view.id)).toEqual({ ...view, state: 'failed', failed_reason: 'disque plein' });
  });

  it('takes one processor per job name', () => {
    jobs.register('mail', 'send', async () => undefined);
    expect(() => jobs.register('mail', 'send', async () => undefined)).toThrow('A processor is already registered for mail:send');
  });

  it('queues a job of an id it keeps only once, and again once it is removed', async () => {
    const printing = held();
    const printed: unknown[] = [];
    jobs.register('pdf', 'print', async (data) => {
      printed.push(data);
      await printing.opened;
      return printed.length;
    });
    const id = 'executive-1-cle';
    expect((await jobs.enqueue('pdf', 'print', { n: 1 }, { jobId: id })).id).toBe(id);
    // While it waits or runs, and once it has ended.
    expect((await jobs.enqueue('pdf', 'print', { n: 2 }, { jobId: id })).id).toBe(id);
    printing.open();
    await until(() => ended('pdf', id), 'the first job');
    await jobs.enqueue('pdf', 'print', { n: 3 }, { jobId: id });
    // Jobs run in order: one queued by the call above would have run before this one ends.
    const next = await jobs.enqueue('pdf', 'print', { n: 4 }, { jobId: 'summary-1-cle' });
    await until(() => ended('pdf', next.id), 'the next job');
    expect(printed).toEqual([{ n: 1 }, { n: 4 }]);
    expect(await jobs.findWithData('pdf', id)).toMatchObject({ job: { state: 'completed', result: 1 }, data: { n: 1 } });
    await jobs.remove('pdf', id);
    expect(await jobs.find('pdf', id)).toBeNull();
    await jobs.enqueue('pdf', 'print', { n: 5 }, { jobId: id });
    await until(() => ended('pdf', id), 'the job queued again');
    expect(printed).toEqual([{ n: 1 }, { n: 4 }, { n: 5 }]);
    expect(await jobs.findWithData('pdf', id)).toMatchObject({ job: { state: 'completed', result: 3 }, data: { n: 5 } });
  });

  it('tries a failing job again after its backoff, doubled each time when exponential, until it succeeds', async () => {
    const tries: number[] = [];
    jobs.register('statistics', 'refresh', async () => {
      tries.push(Date.now());
      if (tries.length < 3) throw new Error(`essai ${tries.length}`);
      return 'calculé';
    });
    const view = await jobs.enqueue('statistics', 'refresh', {}, { attempts: 3, backoff: { type: 'exponential', delay: 200 } });
    await until(() => ended('statistics', view.id), 'the job');
    expect(await jobs.find('statistics', view.id)).toMatchObject({ state: 'completed', result: 'calculé' });
    expect(tries).toHaveLength(3);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(190);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(390);
  });

  it('fails a job once it has had all its tries, with the reason of the last one', async () => {
    const tries: number[] = [];
    jobs.register('pdf', 'print', async () => {
      tries.push(Date.now());
      throw new Error(`essai ${tries.length}`);
    });
    const view = await jobs.enqueue('pdf', 'print', {}, { attempts: 3, backoff: { type: 'fixed', delay: 250 } });
    await until(() => ended('pdf', view.id), 'the job');
    expect(await jobs.find('pdf', view.id)).toMatchObject({ state: 'failed', failed_reason: 'essai 3' });
    expect(tries).toHaveLength(3);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(240);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(240);
    // Without `attempts`, one try.
    const once = await jobs.enqueue('pdf', 'print', {});
    await until(() => ended('pdf', once.id), 'the second job');
    expect(tries).toHaveLength(4);
  });

  it('runs a job and answers what it returns', async () => {
    jobs.register('documents', 'ingest', async (data) => ({ pages: (data as { pages: number }).pages + 1 }));
    await expect(jobs.run('documents', 'ingest', { pages: 2 }, { timeoutMs: 10_000 })).resolves.toEqual({ pages: 3 });
  });

  it('answers the refusal of a job that runs as the same error, without trying it again', async () => {
    let calls = 0;
    jobs.register('documents', 'ingest', async (data) => {
      calls += 1;
      if ((data as { kind: string }).kind === 'fields') throw new FieldsError({ file: 'Ce fichier est illisible.' }, 'Le document est refusé.');
      throw new ApiHttpError({ error: 'Le service est indisponible.' }, 503);
    });
    const fields = await jobs.run('documents', 'ingest', { kind: 'fields' }, { timeoutMs: 10_000 }).catch((error: unknown) => error);
    expect(fields).toBeInstanceOf(FieldsError);
    expect((fields as FieldsError).getStatus()).toBe(400);
    expect((fields as FieldsError).getResponse()).toEqual({ error: 'Le document est refusé.', fields: { file: 'Ce fichier est illisible.' } });
    const other = await jobs.run('documents', 'ingest', { kind: 'other' }, { timeoutMs: 10_000 }).catch((error: unknown) => error);
    expect(other).toBeInstanceOf(ApiHttpError);
    expect(other).not.toBeInstanceOf(FieldsError);
    expect((other as ApiHttpError).getStatus()).toBe(503);
    expect((other as ApiHttpError).getResponse()).toEqual({ error: 'Le service est indisponible.' });
    expect(calls).toBe(2);
    // Done, not failed: its tries are not spent on being refused again.
    const queued = await jobs.enqueue('documents', 'ingest', { kind: 'fields' }, { attempts: 3, backoff: { type: 'fixed', delay: 10 } });
    await until(() => ended('documents', queued.id), 'the queued job');
    expect(await jobs.find('documents', queued.id)).toMatchObject({ state: 'completed', failed_reason: null });
    expect(calls).toBe(3);
  });

  it('answers the failure of a job that runs as an error with its reason', async () => {
    jobs.register('watermarks', 'watermark', async () => {
      throw new Error('PDF illisible');
    });
    const error = await jobs.run('watermarks', 'watermark', {}, { timeoutMs: 10_000 }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiHttpError);
    expect(error).not.toBeInstanceOf(JobTimeoutError);
    expect((error as Error).message).toContain('PDF illisible');
  });

  it('stops waiting for a job after its time limit, with a JobTimeoutError', async () => {
    const drawing = held();
    jobs.register('watermarks', 'watermark', async () => {
      await drawing.opened;
      return {};
    });
    const asked = Date.now();
    await expect(jobs.run('watermarks', 'watermark', {}, { timeoutMs: 300 })).rejects.toBeInstanceOf(JobTimeoutError);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(290);
  });

  it(`keeps the last ${KEPT_JOBS} finished jobs of a queue readable, and forgets older ones`, { timeout: 60_000 }, async () => {
    jobs.register('images', 'renditions', async (data) => data);
    const views: JobView[] = [];
    for (let index = 0; index <= KEPT_JOBS; index += 1) views.push(await jobs.enqueue('images', 'renditions', { index }));
    await until(() => ended('images', views.at(-1)!.id), 'the last job', 50_000);
    expect(await jobs.find('images', views[0]!.id)).toBeNull();
    expect(await jobs.findWithData('images', views[1]!.id)).toMatchObject({ job: { state: 'completed', result: { index: 1 } }, data: { index: 1 } });
  });

  it('forgets a job and its data as soon as it has ended, when it says so', async () => {
    jobs.register('mail', 'send', async (data) => {
      if ((data as { fail: boolean }).fail) throw new Error('injoignable');
      return { sent: true };
    });
    const forget = { removeOnComplete: true, removeOnFail: true };
    const sent = await jobs.enqueue('mail', 'send', { fail: false }, forget);
    const failed = await jobs.enqueue('mail', 'send', { fail: true }, forget);
    const kept = await jobs.enqueue('mail', 'send', { fail: false });
    // One at a time, in order: the first two have ended with the third.
    await until(() => ended('mail', kept.id), 'the third job');
    expect(await jobs.find('mail', sent.id)).toBeNull();
    expect(await jobs.find('mail', failed.id)).toBeNull();
    expect(await jobs.find('mail', kept.id)).toMatchObject({ state: 'completed', result: { sent: true } });
  });

  it('runs one job at a time in a queue, while other queues go on', async () => {
    let running = 0;
    let most = 0;
    jobs.register('images', 'renditions', async () => {
      running += 1;
      most = Math.max(most, running);
      await pause(50);
      running -= 1;
    });
    const printing = held();
    jobs.register('pdf', 'print', () => printing.opened);
    jobs.register('mail', 'send', async () => 'envoyé');
    const views: JobView[] = [];
    for (let index = 0; index < 3; index += 1) views.push(await jobs.enqueue('images', 'renditions', { index }));
    const print = await jobs.enqueue('pdf', 'print');
    await expect(jobs.run('mail', 'send', {}, { timeoutMs: 10_000 })).resolves.toBe('envoyé');
    for (const view of views) await until(() => ended('images', view.id), 'the renditions');
    expect(most).toBe(1);
    expect((await jobs.find('pdf', print.id))?.state).toBe('active');
  });

  it('folds requests made while a job waits into it, but not into one that runs', async () => {
    const rendering = held();
    let calls = 0;
    jobs.register('prerender', 'pages', async () => {
      calls += 1;
      await rendering.opened;
    });
    expect(await jobs.enqueueUnlessWaiting('prerender', 'pages')).toBe(true);
    await until(() => calls === 1, 'the first job to start');
    expect(await jobs.pendingJob('prerender', 'pages')).toBeNull();
    expect(await jobs.enqueueUnlessWaiting('prerender', 'pages')).toBe(true);
    const pending = await jobs.pendingJob('prerender', 'pages');
    expect(pending).toMatchObject({ queue: 'prerender', name: 'pages', state: 'waiting' });
    expect(await jobs.enqueueUnlessWaiting('prerender', 'pages')).toBe(false);
    expect(await jobs.pendingJob('prerender', 'other')).toBeNull();
    rendering.open();
    await until(() => ended('prerender', pending!.id), 'the second job');
    expect(calls).toBe(2);
    expect(await jobs.pendingJob('prerender', 'pages')).toBeNull();
  });

  it('starts a delayed job that much later, counting it as waiting meanwhile', async () => {
    const ran: number[] = [];
    jobs.register('prerender', 'pages', async () => {
      ran.push(Date.now());
    });
    const asked = Date.now();
    expect(await jobs.enqueueUnlessWaiting('prerender', 'pages', { delayMs: 500 })).toBe(true);
    expect(await jobs.pendingJob('prerender', 'pages')).toMatchObject({ state: 'waiting' });
    expect(await jobs.enqueueUnlessWaiting('prerender', 'pages', { delayMs: 500 })).toBe(false);
    await until(() => ran.length > 0, 'the delayed job');
    expect(ran[0]! - asked).toBeGreaterThanOrEqual(490);
    await until(async () => (await jobs.pendingJob('prerender', 'pages')) === null, 'no job to wait');
    await pause(100);
    expect(ran).toHaveLength(1);
  });

  it('lets the job it runs end before it stops', async () => {
    const rendering = held();
    let started = false;
    let finished = false;
    jobs.register('images', 'renditions', async () => {
      started = true;
      await rendering.opened;
      finished = true;
    });
    await jobs.enqueue('images', 'renditions', { ids: [1] });
    await until(() => started, 'the job to start');
    let down = false;
    const stopping = stop().then(() => (down = true));
    await pause(200);
    expect(down).toBe(false);
    rendering.open();
    await stopping;
    expect(finished).toBe(true);
  });

  it('starts no other job of the queue once it stops', async () => {
    const rendering = held();
    const ran: unknown[] = [];
    jobs.register('prerender', 'pages', async (data) => {
      ran.push(data);
      if (ran.length === 1) await rendering.opened;
    });
    await jobs.enqueue('prerender', 'pages', { turn: 1 });
    await until(() => ran.length === 1, 'the first job to start');
    await jobs.enqueue('prerender', 'pages', { turn: 2 });
    const stopping = stop();
    await pause(100);
    rendering.open();
    await stopping;
    await pause(200);
    expect(ran).toEqual([{ turn: 1 }]);
  });

  it('says it can take jobs', async () => {
    expect(await jobs.ping()).toBe(true);
  });
}
