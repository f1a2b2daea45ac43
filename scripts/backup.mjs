// `npm run backup -- <folder>` and `npm run restore -- <backup>`: builds what is not built, then runs the API's backup
// command (api/src/backup/backup-cli.ts) on the database and data folder of the usual environment variables, under
// the Node.js of .nvmrc like the other commands.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { reportEnd, runUnderRequiredNode } from './node-runtime.mjs';

await runUnderRequiredNode();

const root = join(import.meta.dirname, '..');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(reportEnd('The build stopped', build, { saysWhy: true }));
const [command, ...args] = process.argv.slice(2);
const run = spawnSync(process.execPath, [join(root, 'api', 'dist', 'backup', 'backup-cli.js'), command, ...args], { cwd: root, stdio: 'inherit' });
process.exit(reportEnd(`The ${command} stopped`, run, { saysWhy: true }));
