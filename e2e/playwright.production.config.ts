import { defineConfig } from '@playwright/test';
import journeys from './playwright.config.ts';
import { ONE_ORIGIN, PRODUCTION, PRODUCTION_LOGS } from './production/shape.ts';

/**
 * The production shape on this machine (scripts/production-shape.mjs: MariaDB, Redis, two API processes, a worker,
 * a static server per front app, the gateway), driven through its gateway, beside the one-origin server it must
 * answer as. Its tests stop and start the shape's processes: one worker, one file after the other.
 */
export default defineConfig({
  testDir: 'production',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalTeardown: './production/no-personal-data.ts',
  // The journeys' browser, its language, time zone and traces, at the gateway's address.
  use: { ...journeys.use, baseURL: PRODUCTION.origin },
  webServer: [
    {
      command: `node ../scripts/production-shape.mjs --control ${PRODUCTION.base + 90}`,
      env: { PRODUCTION_PORT: String(PRODUCTION.base), PRODUCTION_SMTP_PORT: String(PRODUCTION.smtpPort), PRODUCTION_LOG_DIR: PRODUCTION_LOGS },
      url: `${PRODUCTION.origin}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node support/serve.ts',
      env: { E2E_PORT: String(ONE_ORIGIN.port), E2E_SLOT: '0', E2E_SMTP_PORT: String(ONE_ORIGIN.smtpPort), E2E_ANALYTICS: 'false' },
      url: `http://127.0.0.1:${ONE_ORIGIN.port}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
