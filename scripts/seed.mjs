// `npm run seed`: builds what is not built, then loads the demo data into an empty database (the
// embedded one, or DATABASE_URL's), under the Node.js of .nvmrc like the other commands.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { reportEnd, runUnderRequiredNode } from './node-runtime.mjs';

await runUnderRequiredNode();

const root = join(import.meta.dirname, '..');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(reportEnd('The build stopped', build, { saysWhy: true }));
const seed = spawnSync(process.execPath, [join(root, 'api', 'dist', 'seed', 'seed-cli.js')], { cwd: root, stdio: 'inherit' });
process.exit(reportEnd('The seed stopped', seed, { saysWhy: true }));
