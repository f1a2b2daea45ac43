// `npm run bench:ci -- [commit …]`: how long CI takes, as CI runs it. Each commit (HEAD when none is named) is cloned
// afresh into a temporary folder and its `.ci/run` run there with CI=true, one after the other in the same sitting, so
// that their times compare on the same machine under the same load. Prints, per commit, the time in all, the outcome,
// the counts line of `npm test` and the time of each step that named its own (`◀ <step>: passed in N s`).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const commits = process.argv.slice(2).length ? process.argv.slice(2) : ['HEAD'];

function git(...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

async function measure(commit) {
  const sha = git('rev-parse', '--short', commit);
  const folder = mkdtempSync(join(tmpdir(), `hsa-lli-ci-${sha}-`));
  spawnSync('git', ['clone', '--quiet', root, folder], { stdio: 'inherit' });
  spawnSync('git', ['checkout', '--quiet', sha], { cwd: folder, stdio: 'inherit' });
  const log = `${folder}.log`;
  const out = createWriteStream(log);
  const started = Date.now();
  const child = spawn('bash', ['.ci/run'], { cwd: folder, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const status = await new Promise((resolve) => child.on('close', resolve));
  await new Promise((resolve) => out.end(resolve));
  const seconds = Math.round((Date.now() - started) / 1000);
  // eslint-disable-next-line no-control-regex
  const text = readFileSync(log, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  const counts = text.match(/^\d+ passed, \d+ failed, \d+ skipped.*$/m)?.[0] ?? 'no counts line';
  const steps = [...text.matchAll(/^◀ (.+): (passed|FAILED) in (\d+) s$/gm)].map(([, step, outcome, time]) => `${step} ${time} s${outcome === 'FAILED' ? ' (failed)' : ''}`);
  console.log(`\n${sha} (${git('log', '-1', '--format=%s', sha).slice(0, 80)}): ${status === 0 ? 'passed' : `FAILED (${status})`} in ${seconds} s; ${counts}`);
  if (steps.length) console.log(`  steps: ${steps.join('; ')}`);
  console.log(`  log: ${log}; load average at the end: ${loadavg().map((load) => load.toFixed(2)).join(', ')}`);
  rmSync(folder, { recursive: true, force: true });
}

console.log(`${cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`);
for (const commit of commits) await measure(commit);
