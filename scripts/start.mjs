// `npm start`: builds what is not built, then runs the API with the embedded defaults (SQLite,
// in-process jobs, demo data in a new database) and serves every front app from the same origin.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { MEMORY_GIVEN_BACK, reportEnd, runUnderRequiredNode, supervise } from './node-runtime.mjs';

await runUnderRequiredNode();

const root = join(import.meta.dirname, '..');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(reportEnd('The build stopped', build, { saysWhy: true }));

const api = spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  // glibc's malloc told to give memory back: see MALLOC_ARENA_MAX in the README.
  env: { PORT: '3000', DATA_DIR: join(root, 'data'), SERVE_APPS: 'true', ...MEMORY_GIVEN_BACK, ...process.env },
});
supervise(api, 'The API stopped');
