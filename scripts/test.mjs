// `npm test`: every check and every test, in the order that fails fastest. The apps are built once; then the lint,
// the type checks and the unit tests run side by side; then the API tests (on SQLite, and on MariaDB + Redis when
// DATABASE_URL and REDIS_URL are set, the two backends side by side); then the browser journeys against the production
// builds; then the production shape through its gateway; then, when the shell, common or the public site changed since
// the commit bench/lighthouse.md was measured at, the public pages' Lighthouse budget. The API tests and the journeys
// each keep both cores busy: run together, each took the other's time (measured in bench/ci.md), so they run one after
// the other.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changedSince } from './measured-commit.mjs';
import { reportEnd, runUnderRequiredNode } from './node-runtime.mjs';

await runUnderRequiredNode();

const root = join(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'hsa-lli-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs a step with its output shown as it comes; resolves to whether it passed. */
function run(title, command, args, { cwd = root, env = {} } = {}) {
  console.log(`\n▶ ${title}`);
  const since = Date.now();
  const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return ended(child, title, since);
}

/**
 * Runs a step beside others, its output kept in a file and shown in one piece when it ends, so that steps running
 * together never mix their lines.
 */
function runAside(title, command, args, { cwd = root, env = {} } = {}) {
  console.log(`▶ ${title}: started`);
  const since = Date.now();
  const log = join(reports, `${title.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const out = createWriteStream(log);
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1', ...env } });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      out.end(() => {
        console.log(`\n▶ ${title}`);
        process.stdout.write(readFileSync(log));
        resolve(finish(title, since, { status, signal }));
      });
    });
    child.on('error', (error) => resolve(finish(title, since, { error })));
  });
}

function ended(child, title, since) {
  return new Promise((resolve) => {
    child.on('close', (status, signal) => resolve(finish(title, since, { status, signal })));
    child.on('error', (error) => resolve(finish(title, since, { error })));
  });
}

function finish(title, since, result) {
  reportEnd(`${title} stopped`, result, { saysWhy: true });
  const ok = result.status === 0;
  console.log(`◀ ${title}: ${ok ? 'passed' : 'FAILED'} in ${seconds(since)}`);
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

/** A Vitest run in a folder (its vitest.config.ts), its results counted from its JSON report. */
async function vitest(title, folder, runner) {
  const report = join(reports, `${title.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const ok = await runner(title, 'npx', ['vitest', 'run', '--allowOnly=false', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: join(root, folder),
  });
  countVitest(report);
  return ok;
}

async function browserJourneys() {
  const report = join(reports, 'e2e.json');
  const ok = await run('Browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test', '--forbid-only'], {
    cwd: join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  countPlaywright(report);
  return ok;
}

/**
 * The production shape (scripts/production-shape.mjs: Debian's nginx as the gateway and the front apps' servers, two
 * API processes, a worker, a MariaDB and a Redis of its own) driven by its own Playwright suite (e2e/production/).
 */
async function productionShape() {
  const report = join(reports, 'production.json');
  const ok = await run('Production shape (Playwright against the gateway)', 'npx', ['playwright', 'test', '-c', 'playwright.production.config.ts', '--forbid-only'], {
    cwd: join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  countPlaywright(report);
  return ok;
}

/** The folders whose code a visitor's first paint of a public page runs. */
const PUBLIC_FRONT = ['shell', 'common', 'mf-public'];

/**
 * The public pages' Lighthouse budget (performance ≥ 98, total blocking time ≤ 100 ms…) on what a fresh `npm start`
 * serves: scripts/bench-lighthouse.mjs --check, about two and a half minutes, bench/lighthouse.md left as it is. Alone
 * and last: Lighthouse times the page's main thread, which any other work on the machine would slow down.
 */
function lighthouseBudget() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log(`\n▶ Lighthouse budget of the public pages: skipped (no Chromium at ${chromium}; .ci/run installs it)`);
    return true;
  }
  if (!changedSince(root, readFileSync(join(root, 'bench', 'lighthouse.md'), 'utf8'), PUBLIC_FRONT)) {
    console.log(`\n▶ Lighthouse budget of the public pages: skipped (${PUBLIC_FRONT.join(', ')} unchanged since bench/lighthouse.md was measured)`);
    return true;
  }
  return run('Lighthouse budget of the public pages', process.execPath, [join(root, 'scripts', 'bench-lighthouse.mjs'), '--check']);
}

const backends = process.env.DATABASE_URL && process.env.REDIS_URL ? 'SQLite beside MariaDB + Redis' : 'SQLite only (set DATABASE_URL and REDIS_URL for MariaDB + Redis)';
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
const hasProductionTools = ['nginx', 'mariadb-install-db', 'mariadbd', 'redis-server'].every((tool) => spawnSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`], { stdio: 'ignore' }).status === 0);

let ok = await run('Build', process.execPath, [join(root, 'scripts', 'build.mjs')]);
if (ok) {
  console.log('');
  const [lint, types, compose, units] = await Promise.all([
    runAside('Lint', 'npx', ['eslint', '.']),
    runAside('Type check', 'npm', ['run', 'typecheck', '--silent']),
    hasCompose
      ? runAside('Deployment file (docker-compose config)', 'docker-compose', ['config', '-q'], {
          env: { MARIADB_PASSWORD: 'check-only', SESSION_SECRET: 'check-only', DOCUMENTS_KEYS: 'check-only' },
        })
      : true,
    // The unit tests of every workspace, as projects of the root vitest.config.ts.
    vitest('Unit tests', '.', runAside),
  ]);
  ok = lint && types && compose;
  if (ok) {
    console.log('');
    const api = await vitest(`API tests (${backends})`, 'api', run);
    const journeys = await browserJourneys();
    let production = true;
    if (hasProductionTools) production = await productionShape();
    else console.log('\n▶ Production shape: skipped (it needs nginx, mariadbd and redis-server; .ci/run installs them)');
    ok = units && api && journeys && production;
    if (ok) ok = await lighthouseBudget();
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${seconds(started)})`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
