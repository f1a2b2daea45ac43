// `npm test`: every check and every test, in the order that fails fastest. The apps are built once,
// then lint and type checks, unit and API tests (on SQLite, and on MariaDB + Redis when DATABASE_URL
// and REDIS_URL are set), then the browser journeys against the production builds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportEnd, runUnderRequiredNode } from './node-runtime.mjs';

await runUnderRequiredNode();

const root = join(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'hsa-lli-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, { cwd = root, env = {} } = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  reportEnd(`${title} stopped`, result, { saysWhy: true });
  return result.status === 0;
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

const backends = process.env.DATABASE_URL && process.env.REDIS_URL ? 'SQLite, then MariaDB + Redis' : 'SQLite only (set DATABASE_URL and REDIS_URL for MariaDB + Redis)';
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
let ok =
  run('Build', process.execPath, [join(root, 'scripts', 'build.mjs')]) &&
  run('Lint', 'npx', ['eslint', '.']) &&
  run('Type check', 'npm', ['run', 'typecheck', '--silent']) &&
  (!hasCompose || run('Deployment file (docker-compose config)', 'docker-compose', ['config', '-q'], { env: { MARIADB_PASSWORD: 'check-only', SESSION_SECRET: 'check-only', DOCUMENTS_KEYS: 'check-only' } }));

if (ok) {
  for (const workspace of ['common', 'shell', 'mf-admin', 'mf-account', 'scripts', 'api']) {
    const report = join(reports, `${workspace}.json`);
    const title = workspace === 'api' ? `API tests (${backends})` : `Unit tests: ${workspace}`;
    ok = run(title, 'npx', ['vitest', 'run', '--allowOnly=false', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: join(root, workspace) }) && ok;
    countVitest(report);
  }
  const report = join(reports, 'e2e.json');
  ok = run('Browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test', '--forbid-only'], { cwd: join(root, 'e2e'), env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report } }) && ok;
  countPlaywright(report);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
