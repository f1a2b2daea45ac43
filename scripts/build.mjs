// Builds every part whose sources changed since its last build (or all of them with --force): common first, which the
// others read, then the others as many at a time as the machine has cores (each tool runs on one core most of its time;
// a webpack build takes about 400 MB).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { reportEnd, runUnderRequiredNode } from './node-runtime.mjs';

await runUnderRequiredNode();

const root = join(import.meta.dirname, '..');
const force = process.argv.includes('--force');

/** Each target: its folder, the folders and files it is built from, and its build command. */
export const TARGETS = [
  { name: 'common', inputs: ['common/src/domain', 'common/package.json'], command: ['npx', 'tsc', '-p', 'tsconfig.build.json'] },
  { name: 'api', inputs: ['api/src', 'api/package.json', 'common/src/domain'], command: ['npx', 'tsc', '-p', 'tsconfig.build.json'] },
  ...['shell', 'mf-public', 'mf-account', 'mf-admin', 'mf-pdf'].map((name) => ({
    name,
    inputs: [`${name}/src`, `${name}/package.json`, `${name}/webpack.config.mjs`, 'common/src', 'common/build'],
    command: ['npx', 'webpack', '--mode', 'production'],
  })),
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

function stampOf(name) {
  return join(root, name, 'dist', '.build-stamp');
}

export function isStale(target) {
  const stamp = stampOf(target.name);
  if (!existsSync(stamp)) return true;
  return Math.max(...target.inputs.map((input) => newest(join(root, input)))) > statSync(stamp).mtimeMs;
}

/** Builds one target from an empty folder; resolves to its failure, or null. */
function build(target) {
  console.log(`Building ${target.name}…`);
  // From an empty folder: a file moved or renamed since the last build leaves no stale copy behind to be run or served.
  rmSync(join(root, target.name, 'dist'), { recursive: true, force: true });
  // The tools' progress is noise, but a failed build shows what they said (tsc reports errors on stdout).
  const child = spawn(target.command[0], target.command.slice(1), {
    cwd: join(root, target.name),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const said = [];
  child.stdout.on('data', (chunk) => said.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ target, result: { error }, said }));
    child.on('close', (status, signal) => {
      if (status !== 0) return resolve({ target, result: { status, signal }, said });
      writeFileSync(stampOf(target.name), new Date().toISOString());
      resolve(null);
    });
  });
}

/** Builds the targets, as many at a time as `width`; resolves to the first failure, or null. */
async function buildAll(targets, width) {
  const queue = [...targets];
  const failures = [];
  const lane = async () => {
    for (let target = queue.shift(); target && failures.length === 0; target = queue.shift()) {
      const failure = await build(target);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, targets.length) }, lane));
  return failures[0] ?? null;
}

const todo = TARGETS.filter((target) => force || isStale(target));
const common = todo.filter((target) => target.name === 'common');
const others = todo.filter((target) => target.name !== 'common');
const failure = (await buildAll(common, 1)) ?? (await buildAll(others, availableParallelism()));
if (failure) {
  process.stdout.write(Buffer.concat(failure.said));
  process.exit(reportEnd(`The build of ${failure.target.name} failed`, failure.result));
}
console.log(todo.length ? `Built: ${todo.map((target) => target.name).join(', ')}.` : 'Everything is built.');
