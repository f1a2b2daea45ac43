import { afterEach, describe, expect, it } from 'vitest';
import { chromiumPathFrom, type AppConfig } from '../config/config.js';
import { BrowserProvider } from './browser.module.js';

describe('BrowserProvider', () => {
  const config = { chromiumPath: chromiumPathFrom(process.env), chromiumFromNpm: true } as AppConfig;
  let browser: BrowserProvider;

  afterEach(() => browser.onApplicationShutdown());

  it('renders in a context of its own, then, once the process stops, never starts Chromium again', async () => {
    browser = new BrowserProvider(config);
    const title = await browser.withContext({}, async (context) => {
      const page = await context.newPage();
      await page.setContent('<title>Résidence</title>');
      return page.title();
    });
    expect(title).toBe('Résidence');
    await browser.onApplicationShutdown();
    await expect(browser.withContext({}, async () => 'rendered')).rejects.toThrow(/stopping/);
    await expect(browser.newContext({})).rejects.toThrow(/stopping/);
  });
});
