import type { LaunchOptions } from '@playwright/test';
import { existsSync } from 'node:fs';
import { PUBLIC_HOST } from './e2e-env.ts';

/**
 * Which Chromium the journeys drive. Playwright's own choice for headless runs is Chromium's headless shell (Debian's
 * `chromium-headless-shell`): the same engine without the browser's windows, tab strip and their WebUI renderer, about
 * a third less CPU over the journeys. It has no PDF viewer (it downloads a PDF instead of showing it), so the journeys
 * that show a PDF in the page or in a tab run in the full browser (`withPdfViewer`).
 */
const firstThere = (...paths: (string | undefined)[]) => paths.find((path) => path && existsSync(path));

/** The full browser: Debian's Chromium unless told otherwise (Playwright cannot download its own browsers here). */
export const CHROMIUM_PATH = firstThere(process.env.CHROMIUM_PATH, '/usr/bin/chromium');
/** The headless shell, or the full browser where the shell is not installed. */
export const HEADLESS_SHELL_PATH = firstThere(process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell') ?? CHROMIUM_PATH;

export function launchOptions(executablePath: string | undefined): LaunchOptions {
  return {
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
  };
}

/** `test.use(withPdfViewer)` in a file whose journeys show a PDF in Chromium's own viewer. */
export const withPdfViewer = { launchOptions: launchOptions(CHROMIUM_PATH) };
