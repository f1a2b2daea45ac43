import { defineConfig } from '@playwright/test';
import { HEADLESS_SHELL_PATH, launchOptions } from './support/browsers.ts';
import { E2E_BASE_PORT, E2E_PORT, E2E_WORKERS } from './support/e2e-env.ts';

export default defineConfig({
  testDir: 'tests',
  // After every journey: nothing personal in what the APIs logged.
  globalTeardown: './support/no-personal-data.ts',
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
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: launchOptions(HEADLESS_SHELL_PATH),
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
