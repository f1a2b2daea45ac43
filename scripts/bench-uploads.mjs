// Supporting documents uploaded by many customers at once: 20 customers each send a 5 MB PDF at the same moment,
// three rounds, through the real API (embedded default: SQLite, in-process jobs). The API process's resident memory
// is sampled throughout: uploads are streamed to disk and encrypted as a stream, so it must stay flat rather than
// grow with the bytes in flight. Writes bench/uploads.md; fails when an upload fails or memory grows past the budget.
//   npm run bench:uploads
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4311);
const origin = `http://127.0.0.1:${port}`;
const CUSTOMERS = 20;
const ROUNDS = 3;
const FILE_MB = 5;
/** How much the API's resident memory may grow above its level before the uploads, at its peak. */
const BUDGET_GROWTH_MB = 150;
const PASSWORD = 'Txakoli-Getaria-2026!';

async function waitFor(test, label, timeoutMs = 120_000) {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${label}`);
    await sleep(200);
  }
}

const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

async function post(path, body, cookie) {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A valid one-page PDF of about `megabytes`, the bulk in an unreferenced stream of random bytes (incompressible). */
async function makePdf(megabytes) {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawText('Bulletin de salaire — banc d’essai', { x: 50, y: 780, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  document.context.register(document.context.stream(randomBytes(megabytes * 1024 * 1024)));
  return Buffer.from(await document.save());
}

/** Resident memory of a process, in MB, from /proc. */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const { DEMO_PASSWORD } = await import(join(root, 'api', 'dist', 'seed', 'demo-data.js'));

const dataDir = mkdtempSync(join(tmpdir(), 'hsa-lli-bench-uploads-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: origin, DATABASE_URL: '', REDIS_URL: '', CLAMAV_URL: '', SERVE_APPS: 'false', PRERENDER: 'false', NODE_ENV: 'development', SMTP_URL: '' };
const api = spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], { stdio: ['ignore', 'ignore', 'inherit'], env });
let facts;
try {
  await waitFor(() => fetch(`${origin}/api/health`).then((response) => response.ok, () => false), 'the API');
  const admin = cookieOf(await post('/api/auth/login', { email: 'admin@demo.hsa-lli.fr', password: DEMO_PASSWORD }));

  // Twenty applicants invited by staff, each registering through the link of the e-mail written to the data folder.
  const customers = [];
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const email = `banc-${index}@example.org`;
    await post('/api/users/create', { email, first_name: 'Client', last_name: `Banc ${index}`, role: 'customer' }, admin);
    let token;
    await waitFor(() => {
      if (!existsSync(join(dataDir, 'mail'))) return false;
      const mails = readdirSync(join(dataDir, 'mail')).map((name) => readFileSync(join(dataDir, 'mail', name), 'utf8'));
      const mail = mails.find((text) => text.includes(email));
      token = mail && /creation-de-compte\/([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
      return Boolean(token);
    }, `the invitation of ${email}`);
    customers.push(cookieOf(await post('/api/auth/register', { token, password: PASSWORD })));
  }

  const pdf = await makePdf(FILE_MB);
  const samples = [];
  const sampler = setInterval(() => samples.push(rssMb(api.pid)), 50);
  await sleep(1000);
  const before = Math.max(...samples);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const answers = await Promise.all(
      customers.map(async (cookie) => {
        const form = new FormData();
        form.set('type', 'p1_rent_receipts');
        form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'quittance.pdf');
        const response = await fetch(`${origin}/api/records/documents/upload`, { method: 'POST', headers: { Origin: origin, Cookie: cookie }, body: form });
        return { status: response.status, ms: performance.now() - started, text: response.ok ? '' : await response.text() };
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const failed = answers.filter((answer) => answer.status !== 201);
    for (const answer of failed.slice(0, 3)) console.error(`  failed: ${answer.status} ${answer.text}`);
    rounds.push({ seconds, failed: failed.length, slowest: Math.max(...answers.map((answer) => answer.ms)) / 1000 });
    console.log(`Round ${round + 1}: ${CUSTOMERS} × ${FILE_MB} MB in ${seconds.toFixed(1)} s, ${failed.length} failed`);
  }
  await sleep(1000);
  clearInterval(sampler);
  const peak = Math.max(...samples);
  const after = samples.at(-1);
  const megabytes = CUSTOMERS * ROUNDS * (pdf.length / 1024 / 1024);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  facts = { before, peak, after, megabytes, seconds, rounds, pdfMb: pdf.length / 1024 / 1024, loadAverage: loadavg()[0] };
} finally {
  api.kill();
  await once(api, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}

const growth = facts.peak - facts.before;
const failed = facts.rounds.reduce((sum, round) => sum + round.failed, 0);
const ok = failed === 0 && growth <= BUDGET_GROWTH_MB;
const report = `# Supporting documents uploaded at once

\`npm run bench:uploads\` (scripts/bench-uploads.mjs): ${CUSTOMERS} customers each upload a ${facts.pdfMb.toFixed(1)} MB PDF
at the same moment, ${ROUNDS} rounds, through the real API on its embedded default (SQLite, in-process jobs, no
antivirus). Each file is streamed to disk, checked, re-saved and encrypted (AES-256-GCM) as it is kept. The API
process's resident memory is read from /proc every 50 ms.

Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB, load ${facts.loadAverage.toFixed(2)} at the end; Node ${process.versions.node}; ${new Date().toISOString().slice(0, 10)}.

| Round | Wall time | Slowest upload | Failed |
|---|--:|--:|--:|
${facts.rounds.map((round, index) => `| ${index + 1} | ${round.seconds.toFixed(1)} s | ${round.slowest.toFixed(1)} s | ${round.failed} |`).join('\n')}

- Throughput: ${(facts.megabytes / facts.seconds).toFixed(1)} MB/s (${facts.megabytes.toFixed(0)} MB in ${facts.seconds.toFixed(1)} s).
- API resident memory: ${facts.before.toFixed(0)} MB before, ${facts.peak.toFixed(0)} MB at the peak (+${growth.toFixed(0)} MB, budget +${BUDGET_GROWTH_MB} MB), ${facts.after.toFixed(0)} MB after — while ${CUSTOMERS} × ${facts.pdfMb.toFixed(1)} MB = ${(CUSTOMERS * facts.pdfMb).toFixed(0)} MB were in flight at once.
- Result: ${ok ? 'met' : 'MISSED'}.
`;
writeFileSync(join(root, 'bench', 'uploads.md'), report);
console.log(report);
process.exit(ok ? 0 : 1);
