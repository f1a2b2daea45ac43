import { afterEach, describe, expect, it, vi } from 'vitest';
import { InProcessJobs } from '../src/jobs/in-process-jobs.js';
import { jobsContract } from './jobs-contract.js';

describe('InProcessJobs', () => {
  jobsContract(() => new InProcessJobs());
});

describe('InProcessJobs, on its own', () => {
  const jobs = new InProcessJobs();

  afterEach(async () => {
    vi.useRealTimers();
    await jobs.beforeApplicationShutdown();
  });

  it('says where jobs go', () => {
    expect(jobs.mode).toBe('in-process');
  });

  it('runs a scheduled job on each quarter-hour of the clock, with a timer of its own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-29T00:14:58.000Z'));
    const ran: string[] = [];
    const scheduled = new InProcessJobs();
    scheduled.register('statistics', 'refresh', async () => void ran.push(new Date().toISOString()));
    await scheduled.schedule('statistics', 'refresh', 15);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toEqual(['2026-03-29T00:15:00.000Z']);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(ran).toEqual(['2026-03-29T00:15:00.000Z', '2026-03-29T00:30:00.000Z', '2026-03-29T00:45:00.000Z']);
    await scheduled.beforeApplicationShutdown();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(ran).toHaveLength(3);
  });

  it('runs a daily job at its hour on France’s clocks, in winter and in summer time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // 28 March 2026, 01:50 UTC: 02:50 in Paris; the clocks go forward that night (03:00 in Paris is 01:00 UTC after).
    vi.setSystemTime(new Date('2026-03-28T01:50:00.000Z'));
    const ran: string[] = [];
    const daily = new InProcessJobs();
    daily.register('retention', 'retention', async () => void ran.push(new Date().toISOString()));
    await daily.scheduleDaily('retention', 'retention', 3);
    await vi.advanceTimersByTimeAsync(2 * 24 * 60 * 60_000);
    expect(ran).toEqual(['2026-03-28T02:00:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T01:00:00.000Z']);
    await daily.beforeApplicationShutdown();
  });

  it('drops the delayed jobs when it stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let calls = 0;
    const delayed = new InProcessJobs();
    delayed.register('prerender', 'pages', async () => void (calls += 1));
    await delayed.enqueueUnlessWaiting('prerender', 'pages', { delayMs: 5_000 });
    await delayed.beforeApplicationShutdown();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(0);
  });
});
