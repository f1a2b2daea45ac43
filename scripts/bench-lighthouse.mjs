// Lighthouse (mobile defaults, Chromium) against what a fresh `npm start` serves, on the home page, the list of
// residences, a residence and a good, each run in a browser of its own as a visitor's first visit (and a Lighthouse
// command) gets it. Writes bench/lighthouse.md and fails when the budget is missed.
//   npm run bench:lighthouse            (CHROMIUM_PATH to use another Chromium)
//   node scripts/bench-lighthouse.mjs --check    the budget only, bench/lighthouse.md left as it is (npm test)
//   node scripts/bench-lighthouse.mjs --cpu-slowdown=10    a slower phone, or this machine standing for a slower one
//                                        (Lighthouse's default is 4); the figures are printed, bench/lighthouse.md kept
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measuredAtLine } from './measured-commit.mjs';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4300);
const origin = `http://localhost:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The budget of the public site. */
const BUDGET = { performance: 98, accessibility: 100, 'best-practices': 95, seo: 100, lcpMs: 2000, cls: 0.05, tbtMs: 100 };
const cpuSlowdown = Number(process.argv.find((arg) => arg.startsWith('--cpu-slowdown='))?.split('=')[1] ?? 4);
const checkOnly = process.argv.includes('--check') || cpuSlowdown !== 4;
// The code measured is what is there as the bench starts.
const measuredAt = measuredAtLine(root);

const RUNS = 5;

const PAGES = [
  ['Accueil', '/'],
  ['Nos résidences', '/residences'],
  ['Une résidence', '/residences/residence-les-hortensias-anglet'],
  ['Un logement', '/residences/residence-les-hortensias-anglet/appartement-t4-84-m2/3'],
];

// `npm start` itself (its build of what is not built, then the API serving every front app and prerendering the public
// pages), on a new data folder and the embedded defaults, as a fresh clone's first `npm start` runs.
const dataDir = mkdtempSync(join(tmpdir(), 'hsa-lli-bench-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: origin, DATABASE_URL: '', REDIS_URL: '' };
delete env.NODE_ENV;
const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], { stdio: ['ignore', 'ignore', 'inherit'], env });
const serverEnded = new Promise((resolve) => server.on('exit', resolve));

async function waitFor(test, label, timeoutMs = 300_000) {
  const started = Date.now();
  while (!(await test())) {
    if (server.exitCode !== null) throw new Error(`npm start stopped (exit status ${server.exitCode}) before ${label}`);
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const rows = [];
let failed = false;
try {
  await waitFor(() => fetch(`${origin}/api/health`).then((response) => response.ok, () => false), 'the API');
  // The pages are measured as visitors get them: prerendered.
  const prerendered = (path) => join(dataDir, 'prerender', ...(path === '/' ? ['index'] : path.split('/').filter(Boolean))) + '.html';
  await waitFor(() => PAGES.every(([, path]) => existsSync(prerendered(path))), 'the prerendered pages');
  for (const [name, path] of PAGES) {
    // Lighthouse varies from one run to the next: the median of the runs, by performance score, is kept. Each run has a
    // browser of its own: in one kept from run to run, scripts already compiled for an earlier run cost the page less
    // than they cost a visitor.
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      try {
        const flags = { port: chrome.port, output: 'json', logLevel: 'error', throttling: { cpuSlowdownMultiplier: cpuSlowdown } };
        runs.push((await lighthouse(`${origin}${path}`, flags)).lhr);
      } finally {
        await chrome.kill();
      }
    }
    const lhr = runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score)[Math.floor(RUNS / 2)];
    const score = (category) => Math.round(lhr.categories[category].score * 100);
    const row = {
      name,
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      longTasks: lhr.audits['long-tasks']?.details?.items?.length ?? 0,
      scriptMs: Math.round(lhr.audits['bootup-time'].numericValue),
    };
    row.ok =
      row.performance >= BUDGET.performance &&
      row.accessibility >= BUDGET.accessibility &&
      row['best-practices'] >= BUDGET['best-practices'] &&
      row.seo >= BUDGET.seo &&
      row.lcpMs <= BUDGET.lcpMs &&
      row.cls <= BUDGET.cls &&
      row.tbtMs <= BUDGET.tbtMs;
    if (!row.ok) {
      failed = true;
      const audits = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative');
      console.error(`${name}: below budget; audits to look at: ${audits.map((audit) => audit.id).join(', ')}`);
    }
    rows.push(row);
  }
} finally {
  // npm start passes the signal on to the API, which closes its database and its Chromium before the folder goes.
  server.kill('SIGTERM');
  await serverEnded;
  rmSync(dataDir, { recursive: true, force: true });
}

const table = [
  `Lighthouse ${new Date().toISOString().slice(0, 10)}, mobile defaults (simulated throttling${cpuSlowdown === 4 ? '' : `, CPU slowed down ${cpuSlowdown}×`}), what a fresh \`npm start\` serves (production build, prerendered pages), each run in a new browser; median of ${RUNS} runs per page.`,
  measuredAt,
  `Budget: performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, best practices ≥ ${BUDGET['best-practices']}, SEO ${BUDGET.seo}, LCP ≤ ${BUDGET.lcpMs / 1000} s, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms.`,
  '',
  '| Page | Performance | Accessibility | Best practices | SEO | LCP | CLS | TBT | Long tasks | JS execution | Budget |',
  '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|',
  ...rows.map(
    (row) =>
      `| ${row.name} (\`${row.path}\`) | ${row.performance} | ${row.accessibility} | ${row['best-practices']} | ${row.seo} | ${(row.lcpMs / 1000).toFixed(2)} s | ${row.cls} | ${row.tbtMs} ms | ${row.longTasks} | ${(row.scriptMs / 1000).toFixed(2)} s | ${row.ok ? 'met' : 'MISSED'} |`,
  ),
  '',
].join('\n');
if (!checkOnly) writeFileSync(join(root, 'bench', 'lighthouse.md'), `# Lighthouse benchmark\n\n${table}`);
console.log(table);
process.exit(failed || rows.length !== PAGES.length ? 1 : 0);
