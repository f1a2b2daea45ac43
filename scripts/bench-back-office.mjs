// How long a back-office page takes to show its data, as staff see it: the built apps served from one origin as
// `npm start` serves them (the demo data with its year of history), Chromium logged in as an hsa, each page opened by
// its address and timed from the navigation's start until its data is on screen (its own mark below, and no loader
// nor busy table left), by the page itself: the frame that shows it. Each page five times in a browser that has seen
// the site before (its HTTP cache warm, as staff's is), and three times in a new one (nothing cached), its median
// reported. Writes bench/back-office.md; fails when a page's median, in the warm browser or in a new one, is over 1 s.
//   npm run bench:back-office
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { benchApiEnv, checkBuilt, cleanUpOnce, logIn, percentile, quiet, share, startApi, stop } from './bench-support.mjs';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4318);
const origin = `http://127.0.0.1:${port}`;
const BUDGET_MS = 1000;
const RUNS = 5;
const NEW_BROWSER_RUNS = 3;
const QUIET = 0.2;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The pages, and what says each one shows its data: an element (a CSS selector), holding `text` where one is given. */
const PAGES = [
  { name: 'Tableau de bord', path: () => '/admin/accueil', ready: 'dl.dashboard-figures' },
  { name: 'Dossiers', path: () => '/admin/liste-des-dossiers', ready: 'table tbody tr td a' },
  { name: 'Un dossier', path: ({ record }) => `/admin/liste-des-dossiers/${record}`, ready: 'main h1', text: 'DOS-' },
  { name: 'Biens', path: () => '/admin/liste-des-biens', ready: 'table tbody tr td a' },
  { name: 'Une résidence (modification)', path: ({ residence }) => `/admin/liste-des-residences/${residence}`, ready: 'main form input:not([value=""])' },
  { name: 'Demandes de contact', path: () => '/admin/demandes-de-contact', ready: 'table tbody tr td a' },
];

/**
 * Run in each page before its own scripts: watches the document and keeps in `__dataShownAt` the instant (ms from the
 * navigation's start) of the first frame that shows the page's data: its mark visible, no loader nor busy table left.
 * Timed in the page: the bench noticing it later (its polling, from another process) is not the page's time.
 */
function watchForData(marks) {
  const ready = marks[globalThis.location.pathname];
  if (!ready) return;
  const shown = () => {
    const mark = globalThis.document.querySelector(ready.selector);
    return mark !== null && mark.getClientRects().length > 0 && (!ready.text || mark.textContent.includes(ready.text)) && !globalThis.document.querySelector('.ui-loader, [aria-busy="true"]');
  };
  // Looked at before each frame is drawn (a query or two: nothing the page would notice).
  const look = () => {
    if (shown()) globalThis.__dataShownAt = performance.now();
    else globalThis.requestAnimationFrame(look);
  };
  globalThis.requestAnimationFrame(look);
}

/** Opens a page and answers the milliseconds from the navigation's start until its data shows. */
async function timeTo(page, url, { ready, text }) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(text ? `${ready}:has-text(${JSON.stringify(text)})` : ready, { state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => !globalThis.document.querySelector('.ui-loader, [aria-busy="true"]'), undefined, { timeout: 30_000 });
  return page.waitForFunction(() => globalThis.__dataShownAt, undefined, { timeout: 30_000 }).then((shownAt) => shownAt.jsonValue());
}

checkBuilt(root);
const dataDir = mkdtempSync(join(tmpdir(), 'hsa-bench-back-office-'));
let api;
let browser;
const cleanUp = cleanUpOnce(async () => {
  await browser?.close();
  await stop(api);
  rmSync(dataDir, { recursive: true, force: true });
});

try {
  const env = benchApiEnv({ port, dataDir, origin, DATABASE_URL: '', REDIS_URL: '', CLAMAV_URL: '', PRERENDER: 'false', SMTP_URL: '', SERVE_APPS: 'true' });
  console.log('Starting the built API and apps on the demo data and its history…');
  api = await startApi({ root, env, origin });
  const cookie = await logIn(origin, 'hsa@demo.hsa-lli.fr', 'Demo-2026-lli');
  const post = async (path, body) => (await fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie }, body: JSON.stringify(body) })).json();
  const ids = { record: (await post('/api/records/list', { page: 1, per_page: 10 })).data[0].id, residence: (await post('/api/residences/list', { page: 1, per_page: 10 })).data[0].id };
  // The statistics are worked out once at start: the dashboard is measured on them, not on their first computation.
  await new Promise((resolve) => setTimeout(resolve, 5_000));

  browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const session = cookie.split('; ').map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1), url: origin }));
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    await context.addCookies(session);
    await context.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
    await context.addInitScript(watchForData, Object.fromEntries(PAGES.map((each) => [each.path(ids), { selector: each.ready, text: each.text }])));
    return context;
  };
  const warm = await newContext();
  const warmPage = await warm.newPage();
  for (const each of PAGES) await timeTo(warmPage, `${origin}${each.path(ids)}`, each);

  const load = loadavg()[0];
  const rows = [];
  for (const each of PAGES) {
    const url = `${origin}${each.path(ids)}`;
    await quiet(QUIET);
    const times = [];
    for (let run = 0; run < RUNS; run += 1) times.push(await timeTo(warmPage, url, each));
    const coldTimes = [];
    for (let run = 0; run < NEW_BROWSER_RUNS; run += 1) {
      const cold = await newContext();
      coldTimes.push(await timeTo(await cold.newPage(), url, each));
      await cold.close();
    }
    const result = { times: times.sort((a, b) => a - b), cold: percentile(coldTimes.sort((a, b) => a - b), 50) };
    const median = percentile(result.times, 50);
    rows.push({ ...each, url: each.path(ids), median, worst: result.times.at(-1), cold: result.cold, met: median <= BUDGET_MS && result.cold <= BUDGET_MS });
    console.log(`${each.name}: median ${Math.round(median)} ms, worst ${Math.round(result.times.at(-1))} ms, new browser ${Math.round(result.cold)} ms`);
  }

  const report = [
    '# Back-office pages: time until their data shows',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0].model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${load.toFixed(2)} before the first page; Node.js ${process.version}; Chromium (${chromePath}), 1280 × 900, on the same machine.`,
    '',
    `\`npm run bench:back-office\` (scripts/bench-back-office.mjs): the built apps served from one origin as \`npm start\` serves them, on the demo data with its year of history; an hsa logged in. Each page is opened by its address and timed from the navigation's start until its data is on screen (its mark below, and no loader nor busy table left), by the page itself (the frame that shows it, kept by a watcher run before the page's scripts; the bench noticing it later is not counted): ${RUNS} times in a browser that has seen the site (HTTP cache warm, as staff's is), and ${NEW_BROWSER_RUNS} times in a new browser (nothing cached), whose median is given. Each page waits until other work takes less than ${share(QUIET)} of the CPU.`,
    '',
    `Budget: the median in the warm browser, and in a new one, ≤ ${BUDGET_MS} ms.`,
    '',
    '| Page | Its data is shown when | Median | Worst | New browser (median) | Budget |',
    '|:--|:--|--:|--:|--:|:-:|',
    ...rows.map((row) => `| ${row.name} (\`${row.url.replace(/\d+/g, '<id>')}\`) | \`${row.ready}\`${row.text ? ` holding « ${row.text} »` : ''} | ${Math.round(row.median)} ms | ${Math.round(row.worst)} ms | ${Math.round(row.cold)} ms | ${row.met ? 'met' : '**not met**'} |`),
    '',
  ].join('\n');
  writeFileSync(join(root, 'bench', 'back-office.md'), report);
  console.log('Written: bench/back-office.md');
  process.exitCode = rows.every((row) => row.met) ? 0 : 1;
} finally {
  await cleanUp();
}
