// The public site's reads against Node itself, side by side in one run: the built API on its embedded default (SQLite,
// one process, as `npm start` runs it, the demo's catalogue), then the production shape's gateway (nginx in front of two
// API processes, `npm run production`), and a raw Node `http` server in a process of its own that
// answers the very bytes the API answered for each call. For each read (the residences list, a residence, a good, a
// picture) the raw server and then the API are driven as fast as they answer (autocannon, 20 connections), then at a
// steady 200 requests/s (an open model: each request starts when due) for their latency. Writes bench/public.md; fails
// when a read serves less than a quarter of the raw server's requests per second, its p95 at 200/s is over 20 ms, or a
// request fails.
//   npm run bench:public            (BENCH_SECONDS=10 for each drive at full speed)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchApiEnv, calm, checkBuilt, cleanUpOnce, fire, ms, percentile, quiet, share, startApi, stop, watch } from './bench-support.mjs';
import { startProductionShape } from './production-shape.mjs';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4316);
const rawPort = port + 1;
const origin = `http://127.0.0.1:${port}`;
const rawOrigin = `http://127.0.0.1:${rawPort}`;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const RATE = 200;
const RATE_SECONDS = 10;
/** Budgets: a share of the raw server's requests per second, and the p95 at RATE. */
const MIN_SHARE = 0.25;
const BUDGET_P95_MS = 20;
/** Each drive starts once other work takes less than this share of the CPU. */
const QUIET = 0.15;
/** What a browser on the site at `base` sends: the API answers compressed, the raw server as it is. */
const browser = (base) => ({ 'Accept-Encoding': 'gzip, deflate, br', 'Content-Type': 'application/json', Origin: base });
const BROWSER = browser(origin);

/** The raw server: each path answers its recorded bytes, with the API's content type. */
const RAW_SERVER = `
const http = require('node:http');
const answers = new Map(JSON.parse(process.env.ANSWERS).map(([path, type, body]) => [path, { type, body: Buffer.from(body, 'base64') }]));
http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const answer = answers.get(request.url);
    response.writeHead(answer ? 200 : 404, { 'Content-Type': answer ? answer.type : 'text/plain', 'Content-Length': answer ? answer.body.length : 0 });
    response.end(answer ? answer.body : undefined);
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

async function startRaw(answers) {
  const raw = spawn(process.execPath, ['-e', RAW_SERVER], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PORT: String(rawPort), ANSWERS: JSON.stringify(answers) } });
  await once(raw.stdout, 'data');
  return raw;
}

/** The reads, as a visitor's browser makes them, found in the demo's catalogue. */
async function reads() {
  const post = async (path, body) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: BROWSER, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return response.json();
  };
  const { data } = await post('/api/front/residences/list', {});
  const residence = (await post('/api/front/residences/details', { slug: data[0].slug })).residence;
  const good = residence.goods.find((each) => each.photos.length > 0) ?? residence.goods[0];
  const picture = residence.photos[0];
  return [
    { name: 'Residences list', method: 'POST', path: '/api/front/residences/list', body: {} },
    { name: 'A residence', method: 'POST', path: '/api/front/residences/details', body: { slug: residence.slug } },
    { name: 'A good', method: 'POST', path: '/api/front/goods/details', body: { id: good.id } },
    { name: 'A picture (1000 px)', method: 'GET', path: `/api/images/${picture.id}?w=1000` },
  ];
}

/** What the API answers to a read, uncompressed, for the raw server to answer the same. */
async function recorded(read) {
  const response = await fetch(`${origin}${read.path}`, { method: read.method, headers: { ...BROWSER, 'Accept-Encoding': 'identity' }, body: read.body ? JSON.stringify(read.body) : undefined });
  return [read.path, response.headers.get('content-type'), Buffer.from(await response.arrayBuffer()).toString('base64')];
}

/** As many requests as answered by 20 connections for SECONDS: requests per second, and failures. */
async function drive(base, read) {
  await quiet(QUIET);
  const result = await autocannon({
    url: `${base}${read.path}`,
    method: read.method,
    headers: browser(base),
    body: read.body ? JSON.stringify(read.body) : undefined,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  return { rps: result.requests.average, p97_5: result.latency.p97_5, failed: result.errors + result.timeouts + result.non2xx };
}

/** RATE requests a second for RATE_SECONDS, each timed from when it was due to its last byte. */
async function steady(base, read) {
  await quiet(QUIET);
  const samples = await fire({ rate: RATE, seconds: RATE_SECONDS, firstIndex: 0 }, async (_, due) => {
    try {
      const response = await fetch(`${base}${read.path}`, { method: read.method, headers: browser(base), body: read.body ? JSON.stringify(read.body) : undefined, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      return { ms: performance.now() - due, error: response.ok ? null : response.status };
    } catch (error) {
      return { ms: performance.now() - due, error: String(error) };
    }
  });
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1), failed: samples.filter((sample) => sample.error).length };
}

checkBuilt(root);
const dataDir = mkdtempSync(join(tmpdir(), 'hsa-bench-public-'));
let api;
let raw;
let shape;
const cleanUp = cleanUpOnce(async () => {
  await stop(raw);
  await stop(api);
  await shape?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

try {
  const env = benchApiEnv({ port, dataDir, origin, DATABASE_URL: '', REDIS_URL: '', CLAMAV_URL: '', PRERENDER: 'false', SMTP_URL: '', DEMO_HISTORY: 'false' });
  console.log('Starting the built API on the demo data…');
  api = await startApi({ root, env, origin });
  const cases = await reads();
  raw = await startRaw(await Promise.all(cases.map(recorded)));
  const load = loadavg()[0];

  /** Each read, raw Node then `base`, at full speed; then `base` at RATE. */
  const measure = async (base, where) => {
    const rows = [];
    for (const read of cases) {
      console.log(`${read.name}, ${where}: raw Node, then the API, ${SECONDS} s each at full speed; then the API at ${RATE}/s`);
      // Each read is measured right after the raw server, so that both meet the same machine.
      const reference = await drive(rawOrigin, read);
      const measured = await drive(base, read);
      const latency = await steady(base, read);
      const row = { read, reference, measured, latency, share: measured.rps / reference.rps };
      row.met = row.share >= MIN_SHARE && latency.p95 <= BUDGET_P95_MS && measured.failed === 0 && latency.failed === 0 && reference.failed === 0;
      console.log(`  raw ${Math.round(reference.rps)}/s, API ${Math.round(measured.rps)}/s (${share(row.share)}), at ${RATE}/s p95 ${ms(latency.p95)}${row.met ? '' : ' — over budget'}`);
      rows.push(row);
    }
    return rows;
  };
  const rows = await measure(origin, 'one-origin server');
  // The same reads through the production shape's gateway: nginx in front of two API processes.
  await stop(api);
  api = null;
  console.log('Starting the production shape…');
  shape = await startProductionShape({ base: port + 10 });
  watch(shape.services.get('api-1').child.pid);
  // What its start sets going (the worker prerendering the public pages in Chromium) ends before the first drive: its
  // own processes are not the other work the drives wait for.
  await calm(0.15);
  const gatewayRows = await measure(shape.origin, 'through the gateway');
  const table = (list) => [
    `| Read | Raw Node | API | Share | p97.5 at full speed | p50 at ${RATE}/s | p95 at ${RATE}/s | Max at ${RATE}/s | Failed | Budget |`,
    '|:--|--:|--:|--:|--:|--:|--:|--:|--:|:-:|',
    ...list.map(
      (row) =>
        `| ${row.read.name}: \`${row.read.method} ${row.read.path.replace(/\d+/g, '<id>')}\` | ${Math.round(row.reference.rps)}/s | ${Math.round(row.measured.rps)}/s | ${share(row.share)} | ${row.measured.p97_5} ms | ${ms(row.latency.p50)} | ${ms(row.latency.p95)} | ${ms(row.latency.max)} | ${row.measured.failed + row.latency.failed} | ${row.met ? 'met' : '**not met**'} |`,
    ),
  ];

  const report = [
    '# Public reads against raw Node',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0].model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${load.toFixed(2)} before the first drive (other work on the machine shows there); Node.js ${process.version}; the API built from this tree with the demo's catalogue: first one process on its embedded defaults (SQLite, jobs in the process, no front apps), then the production shape (\`npm run production\`).`,
    '',
    `Reference: a raw Node \`http\` server in a process of its own, answering for each path the very bytes the API answered (uncompressed). Each read: the raw server, then the API, driven as fast as they answer by autocannon (${CONNECTIONS} connections, ${SECONDS} s, headers of a browser: the API answers compressed where it pays); then the API alone at a steady ${RATE} requests/s for ${RATE_SECONDS} s (open model, latency from when a request was due to its last byte). Each drive waits until other work takes less than ${share(QUIET)} of the CPU. Everything, the load generator included, on this machine.`,
    '',
    `Budget: at least ${share(MIN_SHARE)} of the raw server's requests per second, p95 ≤ ${BUDGET_P95_MS} ms at ${RATE}/s, no failed request.`,
    '',
    '## The one-origin server (`npm start`)',
    '',
    ...table(rows),
    '',
    '## Through the gateway (`npm run production`: nginx in front of two API processes in production mode)',
    '',
    ...table(gatewayRows),
    '',
    'How: `PublicReadCache` (api/src/public-reads/) keeps each public answer once, with its ETag and its gzip and Brotli forms made by zlib off the event loop, and the bytes of each public picture as read from the file made at upload; `keptReadsFirst`, the request listener of the HTTP server in front of Express, answers a kept one as the request arrives, with the headers the framework gives it (the `publicReads` middleware answers those it does not take, before sessions and the controllers). Any change to a residence, a good, a picture or an equipment forgets them all, in every process (Redis) — docs/api-convention.md, « Public reads ».',
    '',
  ].join('\n');
  writeFileSync(join(root, 'bench', 'public.md'), report);
  console.log('Written: bench/public.md');
  process.exitCode = [...rows, ...gatewayRows].every((row) => row.met) ? 0 : 1;
} finally {
  await cleanUp();
}
