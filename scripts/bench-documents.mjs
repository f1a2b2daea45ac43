// Documents as real phones and offices make them, and a site that never waits for them. Through the built API on its
// embedded default (SQLite, in-process jobs, no antivirus), while `/api/health` is asked every 100 ms:
//   1. 12-megapixel HEIC photos (made by libheif's heif-enc, as a phone's camera makes them) uploaded one after the
//      other, then four at once: seconds per photo, and health's slowest answer meanwhile; the same with the WASM decoder
//      (HEIF_CONVERT_PATH pointing nowhere), the reference in the same sitting;
//   2. a 141 KB PDF hiding a 12000 × 12000 picture: refused at upload, and health meanwhile;
//   3. staff opening a thick scanned PDF (its watermarked copy rasterised page by page): health meanwhile;
//   4. a burst of 50 mixed uploads and staff reads against an API just started: its resident memory before, at the
//      peak, and once idle, with glibc's own malloc settings (the reference) and with those npm start sets.
// Writes bench/documents.md; exits non-zero when a budget is missed (health ≤ 1 s, a native HEIC ≤ 3 s, memory back
// within 100 MB).
//   npm run bench:documents
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { deflateSync } from 'node:zlib';
import { benchApiEnv, checkBuilt, cleanUpOnce, logIn, startApi, stop } from './bench-support.mjs';
import { MEMORY_GIVEN_BACK } from './node-runtime.mjs';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4312);
const origin = `http://127.0.0.1:${port}`;
const HEALTH_BUDGET_MS = 1000;
const HEIC_BUDGET_S = 3;
const MEMORY_BUDGET_MB = 100;
const BURST = 50;

checkBuilt(root);
const { DEMO_PASSWORD } = await import(join(root, 'api', 'dist', 'seed', 'demo-data.js'));
// The API's own libraries make the files.
const fromApi = createRequire(join(root, 'api', 'package.json'));
const sharp = fromApi('sharp');
const { PDFDocument, StandardFonts } = fromApi('pdf-lib');

const work = mkdtempSync(join(tmpdir(), 'hsa-lli-bench-documents-'));
let api = null;
const cleanUp = cleanUpOnce(async () => {
  await stop(api);
  rmSync(work, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// The files.

/** A photo-like picture: smooth colour fields with grain, as a camera's sensor gives (noise alone would not compress). */
async function photoJpeg(width, height, seed) {
  const small = await sharp({ create: { width: Math.round(width / 10), height: Math.round(height / 10), channels: 3, background: { r: 90 + seed, g: 140, b: 120 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 92 }).toBuffer();
}

/** A 12-megapixel (4032 × 3024) HEIC photo encoded by heif-enc (HEVC, as phones do). */
async function heicPhoto(seed) {
  const jpeg = join(work, `photo-${seed}.jpg`);
  const heic = join(work, `photo-${seed}.heic`);
  writeFileSync(jpeg, await photoJpeg(4032, 3024, seed));
  execFileSync('heif-enc', ['-q', '60', '-o', heic, jpeg], { stdio: 'ignore' });
  return readFileSync(heic);
}

/** A one-page PDF holding one `side` × `side` grey picture, deflated: a few hundred kilobytes that decode to `side`² bytes. */
function pdfHidingPicture(side) {
  const pixels = deflateSync(Buffer.alloc(side * side, 0xee), { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
  ];
  const content = 'q 595 0 0 842 0 0 cm /Im1 Do Q';
  let body = '%PDF-1.7\n';
  const offsets = [];
  const add = (text) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += text;
  };
  objects.forEach((object, index) => add(`${index + 1} 0 obj\n${object}\nendobj\n`));
  add(`4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`);
  const head = Buffer.from(body, 'latin1');
  const imageHead = Buffer.from(`5 0 obj\n<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`, 'latin1');
  const imageTail = Buffer.from('\nendstream\nendobj\n', 'latin1');
  offsets.push(head.length);
  const xref = head.length + imageHead.length + pixels.length + imageTail.length;
  const table = `xref\n0 6\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([head, imageHead, pixels, imageTail, Buffer.from(table, 'latin1')]);
}

/** A scanned document: `pages` A4 pages, each a 150 dpi picture of the page (1240 × 1754) with a title. */
async function scannedPdf(pages) {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page += 1) {
    const image = await document.embedJpg(await photoJpeg(1240, 1754, page));
    const sheet = document.addPage([595, 842]);
    sheet.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    sheet.drawText(`Relevé — page ${page}`, { x: 60, y: 780, size: 18, font });
  }
  return Buffer.from(await document.save());
}

/** A small text PDF, as an office's software prints it. */
async function textPdf(index) {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(`Bulletin de salaire n° ${index}`, { x: 60, y: 760, size: 18, font });
  return Buffer.from(await document.save());
}

// ---------------------------------------------------------------------------------------------------------------
// The API, its health, its memory.

/** `/api/health` asked every 100 ms (one at a time): the answers' times, by when they were asked. */
function healthProbe() {
  const samples = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${origin}/api/health`).then((response) => response.ok, () => false);
      samples.push({ at: started, ms: performance.now() - started, ok });
      await sleep(100);
    }
  })();
  return {
    /** The slowest answer asked between two instants (an answer still awaited at `to` counts as it ends). */
    slowest: (from, to) => Math.max(0, ...samples.filter((sample) => sample.at >= from && sample.at <= to).map((sample) => sample.ms)),
    stop: async () => {
      running = false;
      await done;
    },
  };
}

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${api.pid}/status`, 'utf8'))[1]) / 1024;

/** The built API started afresh, with `overrides` in its environment and without the variables named in `without`. */
async function start(overrides = {}, without = []) {
  const dataDir = mkdtempSync(join(work, 'data-'));
  let decoder = '';
  const env = benchApiEnv({ port, dataDir, origin, DATABASE_URL: '', REDIS_URL: '', CLAMAV_URL: '', PRERENDER: 'false', SMTP_URL: '', DEMO_HISTORY: 'false', ...overrides });
  for (const name of without) delete env[name];
  api = await startApi({
    root,
    origin,
    env,
    onLine: (line) => {
      if (line.includes('HEIC/HEIF photos are decoded')) decoder = /decoded ([^(:]+)/.exec(line)?.[1]?.trim() ?? '';
    },
  });
  return { customer: await logIn(origin, 'customer@demo.hsa-lli.fr', DEMO_PASSWORD), hsa: await logIn(origin, 'hsa@demo.hsa-lli.fr', DEMO_PASSWORD), decoder };
}

/** One upload of the demo customer's, as their page sends it; its status, its time and its answer. */
async function upload(cookie, type, name, bytes, contentType) {
  const form = new FormData();
  form.set('type', type);
  form.set('file', new Blob([bytes], { type: contentType }), name);
  const started = performance.now();
  const response = await fetch(`${origin}/api/records/documents/upload`, { method: 'POST', headers: { Origin: origin, Cookie: cookie }, body: form });
  const body = await response.json().catch(() => null);
  return { status: response.status, seconds: (performance.now() - started) / 1000, body };
}

/** The customer's documents of one kind removed, so that a kind's cap of 12 files never stops the bench. */
async function clear(cookie, type) {
  const mine = await (await fetch(`${origin}/api/records/get-mine`, { method: 'POST', headers: { Origin: origin, Cookie: cookie, 'Content-Type': 'application/json' }, body: '{}' })).json();
  for (const document of mine.my_record.documents.filter((each) => each.type === type)) {
    await fetch(`${origin}/api/records/documents/delete`, { method: 'POST', headers: { Origin: origin, Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ id: document.id }) });
  }
}

/** Staff's read of a document: its watermarked copy, made when first read. */
async function staffRead(cookie, id) {
  const started = performance.now();
  const response = await fetch(`${origin}/api/records/documents/${id}/file`, { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } });
  await response.arrayBuffer();
  return { status: response.status, seconds: (performance.now() - started) / 1000 };
}

function assertStatus(answer, expected, what) {
  if (answer.status !== expected) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

const KIND = 'p1_rent_receipts';

/** Four HEIC photos one after the other, then four at once: seconds per photo, and health's slowest meanwhile. */
async function heicRound(session, photos, health) {
  await clear(session.customer, KIND);
  const each = [];
  const from = performance.now();
  for (const [index, bytes] of photos.entries()) {
    const answer = await upload(session.customer, KIND, `IMG_${4000 + index}.HEIC`, bytes, 'image/heic');
    assertStatus(answer, 201, 'A HEIC photo');
    each.push(answer.seconds);
  }
  const together = performance.now();
  const atOnce = await Promise.all(photos.map((bytes, index) => upload(session.customer, KIND, `IMG_${5000 + index}.HEIC`, bytes, 'image/heic')));
  atOnce.forEach((answer) => assertStatus(answer, 201, 'A HEIC photo sent with others'));
  return { each, oneByOneHealth: health.slowest(from, together), atOnceS: Math.max(...atOnce.map((answer) => answer.seconds)), atOnceHealth: health.slowest(together, performance.now()) };
}

const facts = {};
try {
  console.log('Making the files…');
  const photos = [];
  for (let seed = 0; seed < 4; seed += 1) photos.push(await heicPhoto(seed));
  const hiding = pdfHidingPicture(12_000);
  const scanned = await scannedPdf(10);
  facts.files = { heicMb: photos[0].length / 1024 / 1024, hidingKb: hiding.length / 1024, scannedMb: scanned.length / 1024 / 1024 };

  // The reference: the WASM decoder, in the same sitting.
  console.log('HEIC photos with the WASM decoder (reference)…');
  let session = await start({ HEIF_CONVERT_PATH: join(work, 'none') });
  let health = healthProbe();
  await sleep(2000);
  facts.wasm = { decoder: session.decoder, rest: health.slowest(0, performance.now()), ...(await heicRound(session, photos, health)) };
  await health.stop();
  await stop(api);

  console.log('HEIC photos with the native decoder…');
  session = await start();
  facts.startRss = rssMb();
  health = healthProbe();
  await sleep(2000);
  facts.rest = health.slowest(0, performance.now());
  facts.native = { decoder: session.decoder, ...(await heicRound(session, photos, health)) };

  console.log('A PDF hiding a 12000 × 12000 picture…');
  let from = performance.now();
  const hidden = await upload(session.customer, 'p1_tax_notices', 'avis.pdf', hiding, 'application/pdf');
  facts.hiding = { status: hidden.status, seconds: hidden.seconds, reason: hidden.body?.fields?.file ?? '', health: health.slowest(from, performance.now()) };

  console.log('Staff open a scanned PDF of 10 pages…');
  await clear(session.customer, KIND);
  const kept = await upload(session.customer, KIND, 'releves.pdf', scanned, 'application/pdf');
  assertStatus(kept, 201, 'The scanned PDF');
  from = performance.now();
  const read = await staffRead(session.hsa, kept.body.document.id);
  if (read.status !== 200) throw new Error(`Staff's read of the scanned PDF: ${read.status}`);
  facts.watermark = { seconds: read.seconds, health: health.slowest(from, performance.now()) };

  await health.stop();
  await stop(api);

  // A burst of mixed uploads, each read by staff, against an API just started: its resident memory idle before, at the
  // peak, and idle 30 s after (once the pool's threads have ended, 20 s idle). Measured with glibc's own malloc
  // settings (the reference), then with those npm start and the API image set (MEMORY_GIVEN_BACK).
  const burst = async (settings, without) => {
    session = await start(settings, without);
    health = healthProbe();
    await sleep(5_000);
    const memory = { before: rssMb(), peak: 0 };
    const sampler = setInterval(() => (memory.peak = Math.max(memory.peak, rssMb())), 100);
    const started = performance.now();
    let failed = 0;
    for (let round = 0; round < BURST / 10; round += 1) {
      await clear(session.customer, KIND);
      const files = [
        ...photos.slice(0, 2).map((bytes) => ['IMG.HEIC', bytes, 'image/heic']),
        ['scan.pdf', scanned, 'application/pdf'],
        ['photo.jpg', await photoJpeg(4000, 3000, round), 'image/jpeg'],
        ['photo.png', await sharp(await photoJpeg(1600, 1200, round)).png().toBuffer(), 'image/png'],
        ...(await Promise.all([1, 2, 3, 4, 5].map(async (index) => [`bulletin-${index}.pdf`, await textPdf(index), 'application/pdf']))),
      ];
      const answers = await Promise.all(files.map(([name, bytes, type]) => upload(session.customer, KIND, name, bytes, type)));
      failed += answers.filter((answer) => answer.status !== 201).length;
      const reads = await Promise.all(answers.filter((answer) => answer.status === 201).map((answer) => staffRead(session.hsa, answer.body.document.id)));
      failed += reads.filter((answer) => answer.status !== 200).length;
    }
    const result = { seconds: (performance.now() - started) / 1000, failed, health: health.slowest(started, performance.now()) };
    clearInterval(sampler);
    await clear(session.customer, KIND);
    await sleep(30_000);
    memory.after = rssMb();
    await health.stop();
    await stop(api);
    return { ...result, ...memory };
  };
  console.log(`A burst of ${BURST} mixed uploads and staff reads, with glibc's own malloc settings (reference)…`);
  facts.reference = await burst({}, Object.keys(MEMORY_GIVEN_BACK));
  console.log(`The same burst, with the settings of npm start and the API image…`);
  facts.burst = await burst({}, []);
  facts.loadAverage = loadavg()[0];
} finally {
  await cleanUp();
}

const seconds = (values) => values.map((value) => `${value.toFixed(2)} s`).join(', ');
const worstHealth = Math.max(facts.native.oneByOneHealth, facts.native.atOnceHealth, facts.hiding.health, facts.watermark.health, facts.reference.health, facts.burst.health);
const slowestHeic = Math.max(...facts.native.each);
const memoryGrowth = facts.burst.after - facts.burst.before;
const checks = [
  [`/api/health's slowest answer ≤ ${HEALTH_BUDGET_MS} ms while files are handled`, worstHealth <= HEALTH_BUDGET_MS, `${worstHealth.toFixed(0)} ms`],
  [`a 12-megapixel HEIC checked in ≤ ${HEIC_BUDGET_S} s (native decoder)`, slowestHeic <= HEIC_BUDGET_S, `${slowestHeic.toFixed(2)} s at worst`],
  ['the PDF hiding a 12000 × 12000 picture refused at upload as too big', facts.hiding.status === 400 && /trop grande/.test(facts.hiding.reason), `${facts.hiding.status}, ${facts.hiding.seconds.toFixed(2)} s`],
  [`resident memory back within ${MEMORY_BUDGET_MB} MB after the burst`, memoryGrowth <= MEMORY_BUDGET_MB, `${memoryGrowth >= 0 ? '+' : ''}${memoryGrowth.toFixed(0)} MB`],
  ['no upload or read of the bursts failed', facts.reference.failed + facts.burst.failed === 0, `${facts.reference.failed + facts.burst.failed} failed`],
];
const ok = checks.every(([, met]) => met);
const report = `# Documents handled without freezing the site

\`npm run bench:documents\` (scripts/bench-documents.mjs), against the built API on its embedded default (SQLite,
in-process jobs, no antivirus), \`/api/health\` asked every 100 ms throughout. HEIC photos are 4032 × 3024 (12
megapixels, ${facts.files.heicMb.toFixed(1)} MB each) encoded by libheif's heif-enc; the scanned PDF has 10 pages of
150 dpi pictures (${facts.files.scannedMb.toFixed(1)} MB); the hostile PDF is ${facts.files.hidingKb.toFixed(0)} KB holding one
12000 × 12000 picture.

Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB, load ${facts.loadAverage.toFixed(2)} at the end; Node ${process.versions.node}; ${new Date().toISOString().slice(0, 10)}.

## HEIC photos

| Decoder | Each of 4, one after the other | 4 at once: the last | /api/health's slowest, one by one | … 4 at once |
|---|--:|--:|--:|--:|
| WASM (reference, \`HEIF_CONVERT_PATH\` pointing nowhere) | ${seconds(facts.wasm.each)} | ${facts.wasm.atOnceS.toFixed(2)} s | ${facts.wasm.oneByOneHealth.toFixed(0)} ms | ${facts.wasm.atOnceHealth.toFixed(0)} ms |
| native (libheif's heif-convert) | ${seconds(facts.native.each)} | ${facts.native.atOnceS.toFixed(2)} s | ${facts.native.oneByOneHealth.toFixed(0)} ms | ${facts.native.atOnceHealth.toFixed(0)} ms |

The native decoder takes ${(facts.native.each.reduce((a, b) => a + b, 0) / facts.wasm.each.reduce((a, b) => a + b, 0) * 100).toFixed(0)} % of the WASM decoder's time per photo, measured in the same sitting. \`/api/health\` at rest: ${facts.rest.toFixed(0)} ms at worst.

## Other files

- The PDF hiding a 12000 × 12000 picture: answered ${facts.hiding.status} in ${facts.hiding.seconds.toFixed(2)} s (« ${facts.hiding.reason} »); \`/api/health\` meanwhile ${facts.hiding.health.toFixed(0)} ms at worst.
- Staff open the scanned PDF of 10 pages (its watermarked copy made): ${facts.watermark.seconds.toFixed(2)} s; \`/api/health\` meanwhile ${facts.watermark.health.toFixed(0)} ms at worst.

## Memory after a burst

A burst of ${BURST} uploads (HEIC, scanned PDF, 12-megapixel JPEG, PNG, text PDFs, ten at a time), each read by staff
as its watermarked copy, against an API just started; resident memory idle before, at the peak, and idle 30 s after
(the pool's threads end after 20 s idle).

| malloc settings | Burst | /api/health's slowest | Before | Peak | After | After − before |
|---|--:|--:|--:|--:|--:|--:|
${[
  ['glibc\'s own (reference)', facts.reference],
  [`npm start's and the image's (${Object.entries(MEMORY_GIVEN_BACK).map(([name, value]) => `\`${name}=${value}\``).join(', ')})`, facts.burst],
]
  .map(([name, run]) => `| ${name} | ${run.seconds.toFixed(1)} s, ${run.failed} failed | ${run.health.toFixed(0)} ms | ${run.before.toFixed(0)} MB | ${run.peak.toFixed(0)} MB | ${run.after.toFixed(0)} MB | ${run.after - run.before >= 0 ? '+' : ''}${(run.after - run.before).toFixed(0)} MB |`)
  .join('\n')}

## Budgets

${checks.map(([what, met, value]) => `- ${met ? 'met' : 'MISSED'}: ${what} — ${value}.`).join('\n')}
`;
writeFileSync(join(root, 'bench', 'documents.md'), report);
console.log(report);
process.exit(ok ? 0 : 1);
