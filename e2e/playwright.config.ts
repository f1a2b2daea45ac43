import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { E2E_BASE_PORT, E2E_PORT, E2E_WORKERS, PUBLIC_HOST } from './support/e2e-env.ts';

/** Debian's Chromium unless told otherwise: Playwright cannot download its own browsers here. */
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests',
  // One worker per core, each with a server of its own (support/e2e-env.ts); the files run side by side, the journeys
  // of a file one after the other.
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The site under a name that is not localhost, for the tests of what localhost never does.
        `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`,
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => ({
    command: 'node support/serve.ts',
    env: { E2E_SLOT: String(slot) },
    url: `http://127.0.0.1:${E2E_BASE_PORT + slot}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
