// Playwright's web server: the production API serving the production front builds, from a new
// data folder (so the demo data is loaded) and with a remotes.json the tests can rewrite.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANALYTICS_URL, apiLogOf, DEFAULT_REMOTES, E2E_DIR, E2E_PORT, E2E_SLOT, E2E_SMTP_PORT, REMOTES_FILE, REPO_ROOT } from './e2e-env.ts';

rmSync(E2E_DIR, { recursive: true, force: true });
mkdirSync(E2E_DIR, { recursive: true });
writeFileSync(REMOTES_FILE, JSON.stringify(DEFAULT_REMOTES));

const api = spawn(process.execPath, [join(REPO_ROOT, 'api', 'dist', 'main.js')], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PORT: String(E2E_PORT),
    DATA_DIR: join(E2E_DIR, 'data'),
    SERVE_APPS: 'true',
    REMOTES_FILE,
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    // The journeys' audience measurement; none for the server the production shape is compared with.
    ANALYTICS_URL: process.env.E2E_ANALYTICS === 'false' ? '' : ANALYTICS_URL,
    // The browser journeys run on the embedded defaults, as `npm start` does, but for the demo's year of history:
    // they count and find the files they make.
    DATABASE_URL: '',
    REDIS_URL: '',
    DEMO_HISTORY: 'false',
    // As much as production logs: the journeys check that none of it is personal (no-personal-data.ts).
    LOG_LEVEL: 'log',
  },
});
// Kept for the check that no personal data reaches the logs; errors still shown as the journeys run.
const log = createWriteStream(apiLogOf(E2E_SLOT));
api.stdout.pipe(log);
api.stderr.on('data', (chunk: Buffer) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
