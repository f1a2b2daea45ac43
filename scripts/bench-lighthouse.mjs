// Lighthouse (mobile defaults, Chromium) against the production build, on the home page, the list of
// residences, a residence and a good. Writes bench/lighthouse.md and fails when the budget is missed.
//   npm run bench:lighthouse            (CHROMIUM_PATH to use another Chromium)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4300);
const origin = `http://localhost:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The budget of the public site. */
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100, lcpMs: 2000, cls: 0.05 };

const RUNS = 5;

const PAGES = [
  ['Accueil', '/'],
  ['Nos résidences', '/residences'],
  ['Une résidence', '/residences/residence-les-hortensias-anglet'],
  ['Un logement', '/residences/residence-les-hortensias-anglet/appartement-t4-84-m2/3'],
];

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(join(tmpdir(), 'hsa-lli-bench-'));
const api = spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SERVE_APPS: 'true', PUBLIC_URL: origin, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'development' },
});

async function waitFor(test, label, timeoutMs = 120_000) {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const rows = [];
let failed = false;
try {
  await waitFor(() => fetch(`${origin}/api/health`).then((response) => response.ok, () => false), 'the API');
  // The pages are measured as visitors get them: prerendered.
  await waitFor(() => existsSync(join(dataDir, 'prerender', ...PAGES.at(-1)[1].split('/').filter(Boolean)) + '.html'), 'the prerendered pages');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    for (const [name, path] of PAGES) {
      // Lighthouse varies from one run to the next: the median of the runs, by performance score, is kept.
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push((await lighthouse(`${origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' })).lhr);
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
      };
      row.ok =
        row.performance >= BUDGET.performance &&
        row.accessibility >= BUDGET.accessibility &&
        row['best-practices'] >= BUDGET['best-practices'] &&
        row.seo >= BUDGET.seo &&
        row.lcpMs <= BUDGET.lcpMs &&
        row.cls <= BUDGET.cls;
      if (!row.ok) {
        failed = true;
        const audits = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative');
        console.error(`${name}: below budget; audits to look at: ${audits.map((audit) => audit.id).join(', ')}`);
      }
      rows.push(row);
    }
  } finally {
    await chrome.kill();
  }
} finally {
  api.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

const table = [
  `Lighthouse ${new Date().toISOString().slice(0, 10)}, mobile defaults (simulated throttling), production build, prerendered pages; median of ${RUNS} runs per page.`,
  `Budget: performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, best practices ≥ ${BUDGET['best-practices']}, SEO ${BUDGET.seo}, LCP ≤ ${BUDGET.lcpMs / 1000} s, CLS ≤ ${BUDGET.cls}.`,
  '',
  '| Page | Performance | Accessibility | Best practices | SEO | LCP | CLS | TBT | Budget |',
  '|---|--:|--:|--:|--:|--:|--:|--:|:-:|',
  ...rows.map(
    (row) =>
      `| ${row.name} (\`${row.path}\`) | ${row.performance} | ${row.accessibility} | ${row['best-practices']} | ${row.seo} | ${(row.lcpMs / 1000).toFixed(2)} s | ${row.cls} | ${row.tbtMs} ms | ${row.ok ? 'met' : 'MISSED'} |`,
  ),
  '',
].join('\n');
writeFileSync(join(root, 'bench', 'lighthouse.md'), `# Lighthouse benchmark\n\n${table}`);
console.log(table);
process.exit(failed || rows.length !== PAGES.length ? 1 : 0);
