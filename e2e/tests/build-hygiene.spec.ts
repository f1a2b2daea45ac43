import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/** Every script the page loads from now on, by URL. */
function watchScripts(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  return urls;
}

test.describe('the production builds', () => {
  test('give no visitor a source map of their scripts', async ({ page, request }) => {
    const scripts = watchScripts(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se loger entre océan et montagne, à un loyer maîtrisé');
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');

    const loaded = [...scripts];
    // The shell's scripts and those of the public and admin remotes.
    expect(loaded.some((url) => !url.includes('/remotes/'))).toBe(true);
    expect(loaded.some((url) => url.includes('/remotes/public/'))).toBe(true);
    expect(loaded.some((url) => url.includes('/remotes/admin/'))).toBe(true);

    // Fetched without the page's cookies, as anyone could.
    const exposed: string[] = [];
    for (const url of loaded) {
      const script = await request.get(url);
      expect(script.status(), url).toBe(200);
      // The comment a browser reads is a line of its own (style-loader's code merely holds the words).
      if (/^\/\/[#@] sourceMappingURL=/m.test(await script.text())) exposed.push(`${url} names its source map`);
      const map = await request.get(`${url}.map`);
      if (map.status() !== 404) exposed.push(`${url}.map answers ${map.status()}`);
    }
    expect(exposed).toEqual([]);
  });
});
