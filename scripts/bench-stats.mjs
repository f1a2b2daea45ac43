// The dashboard's statistics on MariaDB with Redis, on bench:records' data set (100,000 files, 1.5 million follow-up
// events over three years, their stage changes and the contact requests, some of which became files): the built API
// runs with its queues on Redis (a queue prefix of the bench's own); a full refresh is timed several times (queued by
// `POST /api/stats/refresh` and followed until its job completes), then every `GET /api/stats/<path>` (with a period,
// with the default one, and by month where a statistic has months) and `GET /api/stats` are fired at 100 requests/s.
// Writes bench/stats.md and fails when a budget of issue 12 is missed.
//   npm run bench:stats                      (MariaDB as root without password on 127.0.0.1:3306, or BENCH_MARIADB_URL;
//                                             Redis on 127.0.0.1:6379, or BENCH_REDIS_URL)
//   npm run bench:stats -- --reseed          (loads the files again)
//   npm run bench:stats -- --only=refresh,visits (only the cases whose name holds one of these words; writes nothing)
// It runs the built API (api/dist): build first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import mysql from 'mysql2/promise';
import { STATISTIC_OPTIONS } from '@hsa-lli/common/back-office';
import { countRows, DATABASE, lastStatistics, openDataSet, STAFF, waitForStatistics } from './bench-records-data.mjs';
import { benchApiEnv, besideOthers, checkBuilt, cleanUpOnce, generator, idle, line, logIn, measured, ms, quiet, reportErrors, share, startApi, stop, summary, testDataModule, timedGet } from './bench-support.mjs';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4313);
// An address, not localhost: a name that resolves to ::1 first costs each new connection a refused attempt.
const origin = `http://127.0.0.1:${port}`;
const server = new URL(process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306');
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The bench's queues, apart from those of any other API using the same Redis. */
const QUEUE_PREFIX = 'hsa-lli-bench-stats';

const RESEED = process.argv.includes('--reseed');
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',').filter(Boolean) ?? null;

/** The budgets (issue 12). */
const BUDGET = { refreshSeconds: 30, p95: 10 };
/** Full refreshes timed, one after the other. */
const REFRESHES = 5;
/** How often a refresh's job is asked for while it runs: its wall time is up to that much late. */
const POLL_MS = 100;
const RATE = 100;
const WARM_UP_S = 5;
/** How long the mixed case of every statistic is measured, and `GET /api/stats`. */
const MIXED_S = 60;
const ALL_S = 20;
const VARIANTS = ['period', 'default period', 'by month'];
/** A request still unanswered after this long counts as failed. */
const TIMEOUT_MS = 5_000;
/** A case is measured once other work takes less than this share of the CPU, and again (ATTEMPTS at most) when it took more. */
const QUIET = 0.25;
const ATTEMPTS = 3;

// ---------------------------------------------------------------------------------------------------------------

checkBuilt(root);
const wanted = (name) => ONLY === null || ONLY.some((word) => name.toLowerCase().includes(word.toLowerCase()));

const { DEMO_PASSWORD } = await import(join(root, 'api', 'dist', 'seed', 'demo-data.js'));
const databaseUrl = new URL(`/${DATABASE}`, server).toString();
const admin = await mysql.createConnection(server.toString());
const dataDir = mkdtempSync(join(tmpdir(), 'hsa-lli-bench-stats-'));
const env = benchApiEnv({ port, dataDir, origin, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, QUEUE_PREFIX, PRERENDER: 'false', SMTP_URL: '' });
let api = null;
/** The data set's test-data session (api/dist/test-data): what the bench reads through the entities. */
let data = null;

/** Stops the API and removes the data folder; the database stays for the next run. */
const cleanUp = cleanUpOnce(async () => {
  await stop(api);
  await data?.close();
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// The refresh: queued, then its job asked for every POLL_MS until it completes.

async function timeRefresh(headers) {
  const started = performance.now();
  const queued = await fetch(`${origin}/api/stats/refresh`, { method: 'POST', headers });
  if (queued.status !== 202) throw new Error(`The refresh was refused: ${queued.status} ${await queued.text()}`);
  const { job } = await queued.json();
  for (;;) {
    const response = await fetch(`${origin}/api/stats/refresh/${encodeURIComponent(job.id)}`, { headers });
    if (!response.ok) throw new Error(`The refresh job could not be followed: ${response.status} ${await response.text()}`);
    const { job: now } = await response.json();
    if (now.state === 'completed') return { wall: (performance.now() - started) / 1000, job: now.result.duration_ms / 1000, months: now.result.months };
    if (now.state === 'failed') throw new Error(`The refresh failed: ${now.failed_reason}`);
    if (performance.now() - started > 600_000) throw new Error('The refresh took more than ten minutes');
    await sleep(POLL_MS);
  }
}

async function measureRefreshes(headers) {
  const rows = [];
  for (let index = 1; index <= REFRESHES; index += 1) {
    await quiet(QUIET);
    const { result, others } = await besideOthers(() => timeRefresh(headers));
    const row = { ...result, others, ok: result.wall <= BUDGET.refreshSeconds };
    console.log(`  refresh ${index}: job ${row.job.toFixed(1)} s, end to end ${row.wall.toFixed(1)} s, ${row.months} months, other work ${share(others)} of the CPU: ${row.ok ? 'met' : 'MISSED'}`);
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// The reads: each statistic's variants in turn, at RATE per second.

const day = (value) => value.toISOString().slice(0, 10);

/**
 * Periods drawn over the data set's three years (seeded): a start day in one of its months, an end day zero to 23
 * months later, never after this month; the API rounds them out to whole months.
 */
function periods(count) {
  const random = generator(53);
  const today = new Date();
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  return Array.from({ length: count }, () => {
    const first = thisMonth - random.int(0, 35);
    const last = Math.min(thisMonth, first + random.int(0, 23));
    const from = new Date(Date.UTC(Math.floor(first / 12), first % 12, random.int(1, 28)));
    const to = new Date(Date.UTC(Math.floor(last / 12), last % 12, random.int(1, 28)));
    return `from=${day(from)}&to=${day(to)}`;
  });
}

const isNumber = (value) => typeof value === 'number' && Number.isFinite(value);
const isEntries = (value) => Array.isArray(value) && value.every((entry) => typeof entry.label === 'string' && isNumber(entry.value));

/** What an answer of `GET /api/stats/<key>` must be: its key, a value of the right kind, a period, a computation time. */
function checkFigure(key, asList) {
  return (answer) => {
    if (answer.key !== key) return `key ${answer.key}, not ${key}`;
    if (asList ? !isEntries(answer.value) : !isNumber(answer.value)) return asList ? 'no list of { label, value }' : 'no number';
    if (!answer.period?.from || !answer.period?.to) return 'no period';
    return answer.computed_at ? null : 'no computed_at';
  };
}

/** What the reads are made of: each statistic with each of its variants. */
function figureCalls(drawn) {
  return STATISTIC_OPTIONS.flatMap(({ value: key, kind }) => [
    { key, kind, variant: 'period', path: (index) => `/api/stats/${key}?${drawn[index % drawn.length]}`, check: checkFigure(key, kind === 'breakdown') },
    { key, kind, variant: 'default period', path: () => `/api/stats/${key}`, check: checkFigure(key, kind === 'breakdown') },
    ...(kind === 'breakdown' ? [] : [{ key, kind, variant: 'by month', path: (index) => `/api/stats/${key}?${drawn[index % drawn.length]}&by=month`, check: checkFigure(key, true) }]),
  ]);
}

/**
 * The read cases: every statistic with each of its variants in turn, mixed in one case (a request after another, so
 * that each statistic is asked for all along the case), and `GET /api/stats`, every statistic in one answer.
 */
function readCases() {
  const drawn = periods(200);
  const all = (answer) => (Array.isArray(answer.data) && answer.data.length === STATISTIC_OPTIONS.length ? null : `no { data } of ${STATISTIC_OPTIONS.length} figures`);
  return [
    { name: 'each statistic', seconds: MIXED_S, calls: figureCalls(drawn) },
    {
      name: 'all at once',
      seconds: ALL_S,
      calls: [
        { key: 'GET /api/stats', kind: 'all', variant: 'period', path: (index) => `/api/stats?${drawn[index % drawn.length]}`, check: all },
        { key: 'GET /api/stats', kind: 'all', variant: 'default period', path: () => '/api/stats', check: all },
      ],
    },
  ];
}

async function measureRead(scenario, headers) {
  const send = (index, due) => {
    const call = scenario.calls[index % scenario.calls.length];
    const path = call.path(Math.floor(index / scenario.calls.length));
    return timedGet({ origin, path, headers, due, check: call.check, timeoutMs: TIMEOUT_MS }).then((answer) => ({ ...answer, key: call.key, variant: call.variant }));
  };
  // The scheduler refreshes the figures every quarter of an hour, in the API process: a case it fell in is measured
  // again (the reads are what this case is about; a refresh is measured on its own), and said so when it still is.
  let outcome;
  let refreshed = false;
  for (let run = 1; run <= 2; run += 1) {
    const before = await lastStatistics(data);
    outcome = await measured(send, { rate: RATE, warmUpS: WARM_UP_S, measureS: scenario.seconds, threshold: QUIET, attempts: ATTEMPTS });
    refreshed = (await lastStatistics(data)) !== before;
    if (!refreshed) break;
    if (run === 1) console.log('  the scheduled refresh ran meanwhile: measured again');
  }
  const { samples, others, tries } = outcome;
  reportErrors(samples);
  const row = { name: scenario.name, ...summary(samples), others, tries, refreshed };
  const keys = [...new Set(scenario.calls.map((call) => call.key))];
  row.figures = keys.map((key) => {
    const ofKey = samples.filter((sample) => sample.key === key);
    const variants = Object.fromEntries(VARIANTS.map((variant) => [variant, ofKey.some((sample) => sample.variant === variant) ? summary(ofKey.filter((sample) => sample.variant === variant)) : null]));
    const figure = { key, kind: scenario.calls.find((call) => call.key === key).kind, ...summary(ofKey), variants };
    figure.ok = figure.errors === 0 && figure.p95 <= BUDGET.p95 && Object.values(variants).every((cell) => cell === null || cell.p95 <= BUDGET.p95);
    return figure;
  });
  row.ok = row.errors === 0 && row.p95 <= BUDGET.p95 && row.figures.every((figure) => figure.ok);
  console.log(`  ${line(row)}, other work ${share(others)} of the CPU${refreshed ? ', a refresh ran meanwhile' : ''}: ${row.ok ? 'met' : 'MISSED'}`);
  for (const figure of row.figures) {
    console.log(`    ${figure.key}: ${line(figure)}; p95 ${VARIANTS.map((variant) => `${variant} ${figure.variants[variant] ? ms(figure.variants[variant].p95) : '—'}`).join(', ')}`);
  }
  return row;
}

// ---------------------------------------------------------------------------------------------------------------

const results = { refreshes: [], reads: [] };
let facts;
try {
  const dataSet = await openDataSet({ admin, databaseUrl, env, reseed: RESEED });
  data = dataSet.data;
  const { RecordEvent, StatisticMonth } = await testDataModule();
  /** The first or the last event's time. */
  const edge = async (direction) => (await data.manager.find(RecordEvent, { select: { id: true, at: true }, order: { at: direction }, take: 1 }))[0].at;
  facts = {
    ...(await countRows(data)),
    loadSeconds: dataSet.loadSeconds,
    span: { first: day(await edge('ASC')), last: day(await edge('DESC')) },
    mariadb: (await admin.query('SELECT VERSION() AS version'))[0][0].version,
    bufferPoolMb: Number((await admin.query('SELECT @@innodb_buffer_pool_size AS size'))[0][0].size) / 2 ** 20,
  };

  const previousStatistics = await lastStatistics(data);
  const apiStarted = performance.now();
  api = await startApi({ root, env, origin });
  await waitForStatistics(data, previousStatistics);
  facts.startSeconds = (performance.now() - apiStarted) / 1000;
  facts.storedRows = await data.manager.count(StatisticMonth);
  const headers = { Origin: origin, Cookie: await logIn(origin, STAFF, DEMO_PASSWORD) };
  // Files just loaded have no list columns yet: the API works them out as it starts, and the first list waits for that
  // (as on bench:records). Then the API's own work at start (and the refreshes it asked for) is let to end.
  const first = await fetch(`${origin}/api/records/list`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ per_page: 10 }), signal: AbortSignal.timeout(600_000) });
  if (!first.ok) throw new Error(`The first list failed: ${first.status} ${await first.text()}`);
  await first.arrayBuffer();
  if (!(await idle(api.pid, 0.05, 300_000))) console.warn('The API was still busy five minutes after it started: measuring anyway.');
  facts.readySeconds = (performance.now() - apiStarted) / 1000;
  facts.loadAverage = loadavg()[0];

  if (wanted('refresh')) {
    console.log(`Full refresh, ${REFRESHES} times…`);
    results.refreshes = await measureRefreshes(headers);
  }
  for (const scenario of readCases().filter((candidate) => wanted(candidate.name) || candidate.calls.some((call) => wanted(call.key)))) {
    console.log(`${scenario.name}…`);
    results.reads.push(await measureRead(scenario, headers));
  }
} finally {
  await cleanUp();
}

const ok = [...results.refreshes, ...results.reads].every((row) => row.ok);
if (ONLY !== null) {
  console.log(`Only some cases were run (--only): bench/stats.md is left as it was. ${ok ? 'Their budgets are met.' : 'A budget is missed.'}`);
  process.exit(ok ? 0 : 1);
}

const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
const changed = git('status', '--porcelain', '--', 'api', 'common') !== '';
const cpu = cpus();
const verdict = (row) => (row.ok ? 'met' : '**MISSED**');
const seconds = (value) => `${value.toFixed(1)} s`;
const p95 = (value) => (value > BUDGET.p95 ? `**${ms(value)}**` : ms(value));
const count = (value) => value.toLocaleString('en');
const jobs = results.refreshes.map((row) => row.job).sort((a, b) => a - b);
const walls = results.refreshes.map((row) => row.wall).sort((a, b) => a - b);
const report = [
  '# Statistics benchmark',
  '',
  `\`npm run bench:stats\` (scripts/bench-stats.mjs), ${new Date().toISOString().slice(0, 10)}.`,
  '',
  `Machine: a shared ${cpu.length}-core machine (${cpu[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB), shared with whatever else runs on it; load average ${facts.loadAverage.toFixed(2)} before the first measure. Node.js ${process.version}, MariaDB ${facts.mariadb} with its defaults (InnoDB buffer pool of ${facts.bufferPoolMb} MB, smaller than the data), Redis on the same machine; the API built at ${git('rev-parse', '--short', 'HEAD')}${changed ? ' with uncommitted changes' : ''}, one process running the \`statistics\` queue's worker (BullMQ on Redis, queue prefix \`${QUEUE_PREFIX}\`), sessions in Redis.`,
  '',
  `Data: bench:records' data set (\`${DATABASE}\`, scripts/bench-records-data.mjs): ${count(facts.records)} files, ${count(facts.events)} follow-up events from ${facts.span.first} to ${facts.span.last} (a few planned in the coming weeks), ${count(facts.stageChanges)} stage changes, ${count(facts.contactForms)} contact requests of which ${count(facts.convertedContactForms)} became files, the demo data's ${facts.residences} residences and ${facts.goods} goods. ${facts.loadSeconds === null ? 'Loaded by an earlier run and kept.' : `Loaded in ${facts.loadSeconds.toFixed(0)} s through the entities (api/dist/test-data, many rows an insert).`} The API started and computed the statistics once in ${facts.startSeconds.toFixed(0)} s, and had worked out the files' list columns and gone idle ${(facts.readySeconds - facts.startSeconds).toFixed(0)} s later; the statistics are ${count(facts.storedRows)} stored rows (\`statistic_months\`).`,
  '',
  `« Other work »: the share of the machine's CPU time (both cores) that processes other than the API, MariaDB and the bench took meanwhile (/proc/stat); each measure waits (two minutes at most) for it to fall under ${share(QUIET)}, and a read case is measured again (${ATTEMPTS} tries at most, the calmest kept) when it was over that meanwhile. Redis's own time counts as other work.`,
  '',
  `Budgets (issue 12): a full refresh in under ${BUDGET.refreshSeconds} s; each \`GET /api/stats/...\` p95 ≤ ${BUDGET.p95} ms at ${RATE} requests/s; no failed request.`,
  '',
  '## A full refresh',
  '',
  `\`POST /api/stats/refresh\` (202 \`{ job }\`), then \`GET /api/stats/refresh/<job>\` every ${POLL_MS} ms until the job is completed, ${REFRESHES} times one after the other. « Job »: the job's own \`duration_ms\` (from the moment it reads the data: the grouped queries, the tally, replacing \`statistic_months\` in one transaction); « End to end »: from the POST to the answer saying it is completed (the job's time, its queueing on Redis, and up to ${POLL_MS} ms of polling).`,
  '',
  '| Refresh | Job | End to end | Months | Other work | Budget |',
  '|--:|--:|--:|--:|--:|:-:|',
  ...results.refreshes.map((row, index) => `| ${index + 1} | ${seconds(row.job)} | ${seconds(row.wall)} | ${row.months} | ${share(row.others)} | ${verdict(row)} |`),
  ...(results.refreshes.length > 0 ? ['', `Median: job ${seconds(jobs[Math.floor(jobs.length / 2)])}, end to end ${seconds(walls[Math.floor(walls.length / 2)])}; slowest end to end ${seconds(walls.at(-1))}.`] : []),
  '',
  '## The reads: `GET /api/stats/<path>`',
  '',
  `${RATE} requests/s logged in as an hsa, open model (a request starts on schedule whatever the earlier ones do), latency measured by the client from the time a request was due to the last byte of its answer, after ${WARM_UP_S} s of warm-up. « Each statistic »: for ${MIXED_S} s, one request after another goes through every statistic with each of its variants: « period », \`?from=…&to=…\` drawn over the data's three years (one to 24 months); « default period », no parameter (the last twelve months); « by month », a drawn period with \`&by=month\` (not for the \`…-by-…\` figures, which refuse it). « All at once »: \`GET /api/stats\` (every figure in one answer), with a period and without in turn, for ${ALL_S} s. Every answer is checked (its key, a number or a list of \`{ label, value }\`, a period, \`computed_at\`). The scheduler refreshes the figures every quarter of an hour in the API process: a case it fell in is measured again.`,
  '',
  '| Case | Requests | p50 | p95 | p99 | Max | Errors | Other work | Budget |',
  '|---|--:|--:|--:|--:|--:|--:|--:|:-:|',
  ...results.reads.map(
    (row) =>
      `| ${row.name} | ${row.requests} | ${ms(row.p50)} | ${p95(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.errors} | ${share(row.others)}${row.tries > 1 ? ` (calmest of ${row.tries} tries)` : ''}${row.refreshed ? ', a refresh ran meanwhile' : ''} | ${verdict(row)} |`,
  ),
  '',
  'By statistic (p95 by variant in the last three columns):',
  '',
  '| Statistic | Kind | Requests | p50 | p95 | p99 | Max | Errors | Period | Default period | By month | Budget |',
  '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|',
  ...results.reads.flatMap((row) =>
    row.figures.map(
      (figure) =>
        `| \`${figure.key}\` | ${figure.kind} | ${figure.requests} | ${ms(figure.p50)} | ${p95(figure.p95)} | ${ms(figure.p99)} | ${ms(figure.max)} | ${figure.errors} | ${VARIANTS.map((variant) => (figure.variants[variant] ? p95(figure.variants[variant].p95) : '—')).join(' | ')} | ${verdict(figure)} |`,
    ),
  ),
  '',
  '## How to run it',
  '',
  '`npm run build` (or `npm run build -w common && npm run build -w api`), then `npm run bench:stats` with MariaDB (root without password on 127.0.0.1:3306, or `BENCH_MARIADB_URL`) and Redis (127.0.0.1:6379, or `BENCH_REDIS_URL`). The first run loads the data set (a few minutes; `-- --reseed` loads it again), which bench:records uses too; `-- --only=refresh,visits` runs only the cases whose name holds one of the words and leaves this file as it is.',
  '',
].join('\n');
writeFileSync(join(root, 'bench', 'stats.md'), report);
console.log(ok ? 'Every budget is met.' : 'A budget is missed: see bench/stats.md.');
process.exit(ok ? 0 : 1);
