// What the benchmarks share: a seeded generator for their rows, fast multi-row inserts into MariaDB, requests fired at
// a fixed rate (an open model: each starts when due, whatever the earlier ones do), percentiles, a staff login.
import { setTimeout as sleep } from 'node:timers/promises';

/** Draws from a seed (mulberry32), so that every run loads the same rows. */
export function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (values) => values[Math.floor(next() * values.length)];
  /** One of the values, each with its weight. */
  const weighted = (entries) => {
    let draw = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of entries) {
      draw -= weight;
      if (draw < 0) return value;
    }
    return entries.at(-1)[0];
  };
  const chance = (probability) => next() < probability;
  /** Each value or not, even odds. */
  const subset = (values) => values.filter(() => chance(0.5));
  /** `count` distinct values. */
  const some = (values, count) => {
    const pool = [...values];
    const chosen = [];
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
    return chosen;
  };
  const hex = (length) => {
    let text = '';
    while (text.length < length) text += ((next() * 4294967296) >>> 0).toString(16).padStart(8, '0');
    return text.slice(0, length);
  };
  return { next, int, pick, weighted, chance, subset, some, hex };
}

export const DAY_MS = 86_400_000;
/** A DATETIME(3) as MariaDB takes it, in UTC. */
export const datetime = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
export const date = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Multi-row INSERTs of `batch` rows each; the rows are objects with the table's columns as keys. */
export async function insertAll(connection, table, rows, batch = 1_000) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]).map((column) => `\`${column}\``).join(', ');
  for (let start = 0; start < rows.length; start += batch) {
    await connection.query(`INSERT INTO \`${table}\` (${columns}) VALUES ?`, [rows.slice(start, start + batch).map((row) => Object.values(row))]);
  }
}

export async function nextId(connection, table) {
  const [[{ id }]] = await connection.query(`SELECT COALESCE(MAX(id), 0) + 1 AS id FROM \`${table}\``);
  return Number(id);
}

/**
 * A POST timed from when it was due to the last byte of its answer; `check` says what is wrong with a 2xx answer
 * (null when nothing is).
 */
export async function timedPost({ origin, path, body, headers, due, check, timeoutMs }) {
  try {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    const ms = performance.now() - due;
    if (!response.ok) return { ms, error: `${path}: ${response.status} ${text.slice(0, 200)}` };
    const problem = check(JSON.parse(text));
    return problem ? { ms, error: `${path}: ${problem}: ${text.slice(0, 200)}` } : { ms };
  } catch (error) {
    return { ms: performance.now() - due, error: `${path}: ${error}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ''}` };
  }
}

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
