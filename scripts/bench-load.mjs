// The platform under a steady mixed load through its gateway, in its production shape (scripts/production-shape.mjs:
// nginx in front, two API processes, a worker, MariaDB and Redis): visitors (home page, a filtered list, a residence,
// a good, pictures), a customer (their file, a document sent and taken back) and staff (the files' list, a file's
// page, a PDF), 300 requests/s in all for three minutes after a warm-up, each request timed from when it was due to
// its last byte (an open model: it starts on time whatever the others do). Writes bench/load.md; fails when the p95 of
// all requests is over 100 ms or one fails.
//   npm run bench:load            (BENCH_SECONDS for another length, BENCH_RATE for another rate, BENCH_LOG=<file> for the shape's logs)
import { appendFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { besideOthers, calm, checkBuilt, fire, logIn, ms, percentile, share } from './bench-support.mjs';
import { startProductionShape } from './production-shape.mjs';

const root = join(import.meta.dirname, '..');
const RATE = Number(process.env.BENCH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 180);
const WARM_UP_S = 15;
const BUDGET_P95_MS = 100;
const DEMO_PASSWORD = 'Demo-2026-lli';

/** A small real PDF, as a customer sends one. */
async function receipt() {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawText('Quittance de loyer — banc de charge', { x: 50, y: 780, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

/** One request of the mix, timed from when it was due to its last byte; `ok` says which statuses are a success. */
async function timed(origin, due, { path, method = 'POST', body, cookie, ok = [200] }) {
  try {
    const isForm = body instanceof FormData;
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        Origin: origin,
        'Accept-Encoding': 'gzip, deflate, br',
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...(method === 'GET' ? { Accept: 'text/html,*/*' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = ok.includes(response.status) ? await response.arrayBuffer() : await response.text();
    return { ms: performance.now() - due, status: response.status, error: ok.includes(response.status) ? null : `${path}: ${response.status} ${String(text).slice(0, 120)}`, answer: response.status === 201 ? JSON.parse(Buffer.from(text).toString()) : null };
  } catch (error) {
    return { ms: performance.now() - due, error: `${path}: ${error}` };
  }
}

checkBuilt(root);
// BENCH_LOG names a file for what the shape's processes write (by default, nothing is kept).
const logFile = process.env.BENCH_LOG;
const shape = await startProductionShape({ base: Number(process.env.BENCH_PORT ?? 4700), log: logFile ? (name, chunk) => appendFileSync(logFile, `[${name}] ${chunk}`) : null });
const { origin } = shape;
try {
  const customer = await logIn(origin, 'customer@demo.hsa-lli.fr', DEMO_PASSWORD);
  const staff = await logIn(origin, 'hsa@demo.hsa-lli.fr', DEMO_PASSWORD);
  const post = async (path, body, cookie, ok = [200]) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
    if (!ok.includes(response.status)) throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 120)}`);
    return response.status === 200 ? response.json() : null;
  };
  const { data: residences } = await post('/api/front/residences/list', {});
  const details = await Promise.all(residences.map((residence) => post('/api/front/residences/details', { slug: residence.slug })));
  const goods = details.flatMap(({ residence }) => residence.goods.map((good) => good.id));
  const pictures = details.flatMap(({ residence }) => residence.photos.map((photo) => photo.id));
  const { data: files } = await post('/api/records/list', { page: 1, per_page: 50 }, staff);
  const pdf = await receipt();
  // The customer's documents before the bench: what it sends is taken back, these stay.
  const theirs = new Set((await post('/api/records/get-mine', {}, customer)).my_record.documents.map((document) => document.id));
  /**
   * A document whose upload timed out or failed on the client's side may still have landed: the file's list is read
   * and every document the bench sent is taken back (one sweep at a time), so the file never fills up.
   */
  let sweeping = null;
  const sweep = () =>
    (sweeping ??= (async () => {
      const { my_record: mine } = await post('/api/records/get-mine', {}, customer);
      // One whose own removal is under way may be gone already (404).
      for (const document of mine.documents.filter((each) => !theirs.has(each.id))) await post('/api/records/documents/delete', { id: document.id }, customer, [200, 404]);
    })().finally(() => (sweeping = null)));
  const FILTERS = [{}, { zone: 'A' }, { zone: 'B1' }, { flat_size: 'T2' }, { flat_size: 'T3', available_now: true }, { max_rent: 900 }, { city: residences[0].city?.insee ?? '64102' }];

  /** The mix, by weight out of 100: who asks what. */
  const MIX = [
    ['Visitor: home page', 14, () => ({ path: '/', method: 'GET' })],
    ['Visitor: residences, filtered', 18, (i) => ({ path: '/api/front/residences/list', body: FILTERS[i % FILTERS.length] })],
    ['Visitor: a residence', 14, (i) => ({ path: '/api/front/residences/details', body: { slug: residences[i % residences.length].slug } })],
    ['Visitor: a good', 14, (i) => ({ path: '/api/front/goods/details', body: { id: goods[i % goods.length] } })],
    ['Visitor: a picture', 16, (i) => ({ path: `/api/images/${pictures[i % pictures.length]}?w=${[500, 1000][i % 2]}`, method: 'GET' })],
    ['Customer: their file', 8, () => ({ path: '/api/records/get-mine', body: {}, cookie: customer })],
    ['Staff: the files’ list', 7, (i) => ({ path: '/api/records/list', body: { page: 1 + (i % 3), per_page: 25 }, cookie: staff })],
    ['Staff: a file’s page', 7, (i) => ({ path: '/api/records/get-one', body: { id: files[i % files.length].id }, cookie: staff })],
    ['Staff: a PDF', 1, (i) => ({ path: `/api/goods/${goods[i % goods.length]}/PDF/executive.pdf`, method: 'GET', cookie: staff, ok: [200, 202] })],
    ['Customer: a document sent', 1, () => {
      const form = new FormData();
      form.set('type', 'p1_rent_receipts');
      form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'quittance.pdf');
      return { path: '/api/records/documents/upload', body: form, cookie: customer, ok: [201] };
    }],
  ];
  const wheel = MIX.flatMap(([name, weight, make]) => Array.from({ length: weight }, () => ({ name, make })));
  const send = async (index, due) => {
    const { name, make } = wheel[(index * 37) % wheel.length];
    const result = await timed(origin, due, make(index));
    // A document sent is taken back at once (not timed, but counted as failed if it fails; a sweep may have taken it
    // back already): the file keeps a handful.
    if (result.answer?.document?.id) {
      const removal = await timed(origin, performance.now(), { path: '/api/records/documents/delete', body: { id: result.answer.document.id }, cookie: customer, ok: [200, 404] });
      if (removal.error) return { ...result, error: removal.error, name };
    } else if (name === 'Customer: a document sent' && result.status === undefined) {
      // No answer came (timed out): the document may have landed all the same. The upload counts as failed already; a
      // sweep that fails too is said, and the next one tries again.
      await sweep().catch((error) => console.error(`  taking back the documents sent failed: ${error}`));
    }
    return { ...result, name };
  };

  console.log(`Warming up for ${WARM_UP_S} s, then ${RATE} requests/s for ${SECONDS} s through ${origin}…`);
  await fire({ rate: RATE, seconds: WARM_UP_S, firstIndex: 0 }, send);
  // What the start and the warm-up set going (the public pages prerendered, the PDFs printed) ends before the measure.
  await calm(0.15);
  await sweep();
  const load = loadavg()[0];
  const { result: samples, others, own } = await besideOthers(() => fire({ rate: RATE, seconds: SECONDS, firstIndex: WARM_UP_S * RATE }, send));

  const summary = (list) => {
    const sorted = list.map((sample) => sample.ms).sort((a, b) => a - b);
    return { requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1), errors: list.filter((sample) => sample.error).length };
  };
  const all = summary(samples);
  const met = all.p95 <= BUDGET_P95_MS && all.errors === 0;
  for (const error of new Set(samples.filter((sample) => sample.error).slice(0, 5).map((sample) => sample.error))) console.error(`  failed: ${error}`);
  const row = (name, figures) => `| ${name} | ${figures.requests} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.p99)} | ${ms(figures.max)} | ${figures.errors} |`;
  const report = [
    '# The platform under a mixed load, through its gateway',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0].model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${load.toFixed(2)} before the measure; during it the production shape and the load generator took ${share(own)} of the machine's CPU, other work ${share(others)}; Node.js ${process.version}.`,
    '',
    `\`npm run bench:load\` (scripts/bench-load.mjs) starts the production shape (\`npm run production\`: nginx as the gateway and the front apps' servers, two API processes, a worker, MariaDB and Redis of its own, the demo data) and drives its gateway at ${RATE} requests/s for ${SECONDS} s after ${WARM_UP_S} s of warm-up, in an open model (each request starts when due; its time runs from then to its last byte), all on this machine with the load generator. The mix, out of 100: ${MIX.map(([name, weight]) => `${name.toLowerCase()} ${weight}`).join(', ')}. A document sent is deleted right after (not timed); one whose answer did not arrive is found in the file's list and deleted.`,
    '',
    `Budget: p95 of all requests ≤ ${BUDGET_P95_MS} ms, no failed request — **${met ? 'met' : 'not met'}**.`,
    '',
    '| Requests | Count | p50 | p95 | p99 | Max | Failed |',
    '|:--|--:|--:|--:|--:|--:|--:|',
    row('**All**', all),
    ...MIX.map(([name]) => row(name, summary(samples.filter((sample) => sample.name === name)))),
    '',
  ].join('\n');
  writeFileSync(join(root, 'bench', 'load.md'), report);
  console.log(`All: p50 ${ms(all.p50)}, p95 ${ms(all.p95)}, ${all.errors} failed — budget ${met ? 'met' : 'NOT met'}. Written: bench/load.md`);
  process.exitCode = met ? 0 : 1;
} finally {
  await shape.stop();
}
