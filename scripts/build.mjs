// Builds every part whose sources changed since its last build (or all of them with --force),
// one after the other to stay within a small machine's memory.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

const todo = TARGETS.filter((target) => force || isStale(target));
for (const target of todo) {
  console.log(`Building ${target.name}…`);
  // From an empty folder: a file moved or renamed since the last build leaves no stale copy behind to be run or served.
  rmSync(join(root, target.name, 'dist'), { recursive: true, force: true });
  // The tools' progress is noise, but a failed build shows what they said (tsc reports errors on stdout).
  const result = spawnSync(target.command[0], target.command.slice(1), {
    cwd: join(root, target.name),
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.exit(reportEnd(`The build of ${target.name} failed`, result));
  }
  writeFileSync(stampOf(target.name), new Date().toISOString());
}
console.log(todo.length ? `Built: ${todo.map((target) => target.name).join(', ')}.` : 'Everything is built.');
