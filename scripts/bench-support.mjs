// What the benchmarks share: a seeded generator for their rows, the API's test-data module that writes them through the
// entities, requests fired at a fixed rate (an open model: each starts when due, whatever the earlier ones do), percentiles, a staff login, waiting
// for a calm machine, and starting the built API.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { MEMORY_GIVEN_BACK } from './node-runtime.mjs';

/** Draws from a seed (mulberry32), so that every run loads the same rows: the built API's, which the demo's history uses too. */
export { generator } from '../api/dist/seed/seeded-random.js';

export const DAY_MS = 86_400_000;
/** A time, and the same to the second (what the columns that keep seconds only hold). */
export const at = (ms) => new Date(ms);
export const atSecond = (ms) => new Date(Math.floor(ms / 1000) * 1000);
export const date = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * The built API's test-data module (api/dist/test-data): the benches write their rows and read their figures through
 * the entities with it, many rows an insert, so that what they load follows every migration.
 */
export const testDataModule = () => import('../api/dist/test-data/index.js');

/**
 * A call timed from when it was due to the last byte of its answer; `check` says what is wrong with a 2xx answer
 * (null when nothing is).
 */
async function timedCall({ origin, method, path, body, headers, due, check, timeoutMs }) {
  try {
    const response = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    const ms = performance.now() - due;
    if (!response.ok) return { ms, error: `${path}: ${response.status} ${text.slice(0, 200)}` };
    const problem = check(JSON.parse(text));
    return problem ? { ms, error: `${path}: ${problem}: ${text.slice(0, 200)}` } : { ms };
  } catch (error) {
    return { ms: performance.now() - due, error: `${path}: ${error}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ''}` };
  }
}

/** A POST timed from when it was due (timedCall). */
export const timedPost = (options) => timedCall({ ...options, method: 'POST' });

/** A GET timed from when it was due (timedCall). */
export const timedGet = (options) => timedCall({ ...options, method: 'GET', body: undefined });

/** What a list call must answer. */
export const isList = (answer) => (Array.isArray(answer.data) && typeof answer.total === 'number' ? null : 'no { data, total }');

/** Requests at `rate` per second for that long; `send(index, due)` makes the index-th one. */
export async function fire({ rate, seconds, firstIndex }, send) {
  const count = seconds * rate;
  const start = performance.now() + 20;
  const answers = [];
  for (let index = 0; index < count; index += 1) {
    const due = start + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    answers.push(send(firstIndex + index, due));
  }
  return Promise.all(answers);
}

export function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Logs in and answers the session's Cookie header. */
export async function logIn(origin, email, password) {
  const response = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`${email} could not log in: ${response.status} ${await response.text()}`);
  // The session is saved as the answer ends: its headers come first, and a call made on them could find it unsaved.
  await response.text();
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export async function waitFor(test, label, timeoutMs) {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${label}`);
    await sleep(500);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The machine is shared with other work: a case is measured once that work is calm, and measured again when it was not.

/** Processes whose CPU time is the bench's own: the API, MariaDB's server when it runs here, and the bench's script. */
export const watched = { api: null, mariadb: null };

/** The API process to count as the bench's own, and MariaDB's server when it runs on this machine. */
export function watch(apiPid) {
  watched.api = apiPid;
  watched.mariadb = Number(spawnSync('pgrep', ['-x', 'mariadbd'], { encoding: 'utf8' }).stdout.split('\n')[0]) || null;
}

/** The fields of a process's /proc/<pid>/stat after its name (state first), or null once it has ended. */
function processStat(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/** This process and every process it started that still runs: the API, Chromium, the production shape's servers. */
function ownProcesses() {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    const stat = /^\d+$/.test(entry) ? processStat(entry) : null;
    if (stat) parents.set(Number(entry), Number(stat[1]));
  }
  const own = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!own.has(pid) && own.has(parent)) grew = Boolean(own.add(pid));
    }
  }
  return own;
}

/** CPU time in clock ticks: the machine's busy and total time (/proc/stat), and the bench's own (its processes and the watched ones). */
function cpuTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const own = new Set([...ownProcesses(), watched.api, watched.mariadb].filter(Boolean));
  return { busy: total - fields[3] - fields[4], total, own: [...own].reduce((sum, pid) => sum + processTicks(pid), 0) };
}

/** CPU time of one process, in clock ticks; 0 once it has ended. */
function processTicks(pid) {
  const stat = processStat(pid);
  return stat ? Number(stat[11]) + Number(stat[12]) : 0;
}

/** Waits, `timeoutMs` at most, for a process to take less than `threshold` of one core over two seconds. */
export async function idle(pid, threshold, timeoutMs) {
  const ticksPerSecond = 100;
  for (const started = Date.now(); Date.now() - started < timeoutMs; ) {
    const before = processTicks(pid);
    await sleep(2_000);
    if ((processTicks(pid) - before) / (2 * ticksPerSecond) < threshold) return true;
  }
  return false;
}

/** The share of the machine's CPU time that processes other than the watched ones took between two readings. */
const othersBetween = (before, after) => Math.max(0, after.busy - before.busy - (after.own - before.own)) / (after.total - before.total);

/** Measures how much of the CPU other work, and the bench's own processes, take while `work` runs: answers `{ result, others, own }`. */
export async function besideOthers(work) {
  const before = cpuTicks();
  const result = await work();
  const after = cpuTicks();
  return { result, others: othersBetween(before, after), own: (after.own - before.own) / (after.total - before.total) };
}

/** Waits, two minutes at most, for other work to take less than `threshold` of the CPU over two seconds. */
export async function quiet(threshold) {
  for (const started = Date.now(); Date.now() - started < 120_000; ) {
    const before = cpuTicks();
    await sleep(2_000);
    if (othersBetween(before, cpuTicks()) < threshold) return;
  }
}

/** Waits, three minutes at most, for the whole machine, the bench's own processes included, to take less than `threshold` of the CPU over two seconds. */
export async function calm(threshold) {
  for (const started = Date.now(); Date.now() - started < 180_000; ) {
    const before = cpuTicks();
    await sleep(2_000);
    const after = cpuTicks();
    if ((after.busy - before.busy) / (after.total - before.total) < threshold) return;
  }
}

export const share = (fraction) => `${Math.round(fraction * 100)} %`;

/**
 * A case's warm-up and measured requests at `rate` per second, with the share of the machine's CPU other work took
 * meanwhile; measured again, up to `attempts` times, while that share is over `threshold`, the calmest attempt kept.
 */
export async function measured(send, { rate, warmUpS, measureS, threshold, attempts }) {
  let calmest = null;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    await quiet(threshold);
    await fire({ rate, seconds: warmUpS, firstIndex: 0 }, send);
    const { result: samples, others } = await besideOthers(() => fire({ rate, seconds: measureS, firstIndex: warmUpS * rate }, send));
    if (!calmest || others < calmest.others) calmest = { samples, others };
    calmest.tries = attempt;
    if (others <= threshold) break;
    if (attempt < attempts) console.log(`  other work took ${share(others)} of the CPU meanwhile: measured again`);
  }
  return calmest;
}

/** Requests' count, percentiles, slowest and failures, from samples `{ ms, error? }`. */
export function summary(samples) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1), errors: samples.filter((sample) => sample.error).length };
}

export function reportErrors(samples) {
  for (const error of new Set(samples.filter((sample) => sample.error).slice(0, 3).map((sample) => sample.error))) console.error(`  failed: ${error}`);
}

export const ms = (value) => `${value.toFixed(1)} ms`;
export const line = (row) => `p50 ${ms(row.p50)}, p95 ${ms(row.p95)}, p99 ${ms(row.p99)}, max ${ms(row.max)}, ${row.errors} failed`;

// ---------------------------------------------------------------------------------------------------------------
// The built API.

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** Stops the bench when the API is not built, and warns when it was built before its sources last changed. */
export function checkBuilt(root) {
  const stamp = join(root, 'api', 'dist', '.build-stamp');
  if (!existsSync(stamp)) {
    console.error('The API is not built: run `npm run build` first.');
    process.exit(1);
  }
  if (Math.max(newest(join(root, 'api', 'src')), newest(join(root, 'common', 'src', 'domain'))) > statSync(stamp).mtimeMs) {
    console.warn('The API was built before its sources last changed: these are the figures of the build (`npm run build` to build again).');
  }
}

/**
 * Starts the built API (api/dist/main.js) with `env`, its standard output read line by line by `onLine`, and waits for
 * it to answer; its process then counts as the bench's own (`watch`).
 */
export async function startApi({ root, env, origin, nodeArgs = [], onLine = () => {} }) {
  const api = spawn(process.execPath, [...nodeArgs, join(root, 'api', 'dist', 'main.js')], { stdio: ['ignore', 'pipe', 'inherit'], env });
  createInterface({ input: api.stdout }).on('line', onLine);
  const exited = once(api, 'exit').then(([code, signal]) => {
    throw new Error(`The API stopped as it started (${signal ?? code})`);
  });
  exited.catch(() => {});
  await Promise.race([waitFor(() => fetch(`${origin}/api/health`).then((response) => response.ok, () => false), 'the API', 600_000), exited]);
  watch(api.pid);
  return api;
}

/**
 * The built API's environment for a bench: its port, data folder and address, in development, running its queues and
 * no front apps; `overrides` add to it or replace.
 */
export function benchApiEnv({ port, dataDir, origin, ...overrides }) {
  // malloc told to give memory back, as npm start and the API image run it, unless the bench's environment says otherwise.
  return { ...MEMORY_GIVEN_BACK, ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: origin, RUN_WORKERS: 'true', SERVE_APPS: 'false', NODE_ENV: 'development', ...overrides };
}

/**
 * What a bench does at its end, once, whatever happened: also on SIGINT or SIGTERM (then it exits with 1). Answers the
 * function to call at the end.
 */
export function cleanUpOnce(steps) {
  let cleaned = null;
  const cleanUp = () => (cleaned ??= steps());
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => cleanUp().finally(() => process.exit(1)));
  }
  return cleanUp;
}

/** Stops a process started by the bench, when it still runs. */
export async function stop(child) {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill();
    await once(child, 'exit');
  }
}
