/** The cookie consent banner and audience measurement, and the banner of a new version of a front app. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANALYTICS_URL, DEFAULT_REMOTES, E2E_PORT, PUBLIC_HOST, REMOTES_FILE, REPO_ROOT } from '../support/e2e-env.ts';
import { expect, test, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { serveStatic } from '../support/static-server.ts';

test.describe('cookie consent', () => {
  test.use({ consentChoice: null, baseURL: `http://${PUBLIC_HOST}:${E2E_PORT}` });

  test('the choice persists across reloads, and audience measurement loads only after consent', async ({ page }) => {
    const analytics = page.locator(`script[src="${ANALYTICS_URL}"]`);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies' });
    await expect(banner.getByText("Nous utilisons des cookies à des fins de mesure d'audience.")).toBeVisible();
    await expect(analytics).toHaveCount(0);

    await banner.getByRole('button', { name: 'Refuser' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(analytics).toHaveCount(0);
    expect(await page.evaluate(() => [localStorage.getItem('cookies_consent'), localStorage.getItem('enabled_google_analytics')])).toEqual(['false', 'false']);

    await page.getByRole('button', { name: 'Gestion des cookies' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paramètres de confidentialité' });
    const audience = dialog.getByRole('switch', { name: "Mesure d'audience" });
    await expect(audience).toHaveAttribute('aria-checked', 'false');
    await expect(dialog.getByText('Inactif')).toBeVisible();
    await audience.click();
    await expect(dialog.getByText('Actif', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect(analytics).toHaveCount(1);

    await page.reload();
    await expect(analytics).toHaveCount(1);
    expect(await page.evaluate(() => [localStorage.getItem('cookies_consent'), localStorage.getItem('enabled_google_analytics')])).toEqual(['custom', 'true']);
  });

  test('on a phone, the banner never hides the end of the page nor what the keyboard reaches', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/nous-contacter');
    const banner = page.getByRole('region', { name: 'Cookies' });
    await expect(banner).toBeVisible();
    // Scrolled to the very end, the page's last link shows above the banner.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.getByRole('contentinfo').getByRole('link').last();
    const bannerTop = (await banner.boundingBox())!.y;
    await expect.poll(async () => (await last.boundingBox())!.y + (await last.boundingBox())!.height).toBeLessThanOrEqual(bannerTop);
    // The form's button, reached with the keyboard from the link before it, is scrolled into sight above the banner.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('main').getByRole('link', { name: 'données personnelles' }).focus();
    await page.keyboard.press('Tab');
    const send = page.getByRole('button', { name: 'Envoyer ma demande' });
    await expect(send).toBeFocused();
    const box = (await send.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bannerTop);
    // Once the choice is made, the room goes with the banner.
    await banner.getByRole('button', { name: 'Refuser' }).click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
  });

  test('accepting loads audience measurement at once', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accepter' }).click();
    await expect(page.locator(`script[src="${ANALYTICS_URL}"]`)).toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem('cookies_consent'))).toBe('true');
  });

  test('never on a page whose address holds a link’s secret, even with consent', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('cookies_consent', 'true');
      localStorage.setItem('enabled_google_analytics', 'true');
    });
    const analytics = page.locator(`script[src="${ANALYTICS_URL}"]`);
    for (const path of [
      '/creation-de-compte/secret-du-lien-1234567890',
      '/mot-de-passe-oublie/nouveau-mot-de-passe/secret-du-lien-1234567890',
      '/mes-identifiants/nouvelle-adresse/secret-du-lien-1234567890',
      '/deversement-de-pieces/1/secret-du-lien-1234567890',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(analytics, path).toHaveCount(0);
    }
    // The next page, without a secret, is measured.
    await page.getByRole('link', { name: /^Retour à l.accueil$/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(analytics).toHaveCount(1);
  });

  test('never on localhost, even with consent', async ({ page }) => {
    await page.goto(`http://localhost:${E2E_PORT}/`);
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accepter' }).click();
    await page.waitForTimeout(500);
    await expect(page.locator('script[src*="analytics"]')).toHaveCount(0);
  });

  test('a page being prerendered refuses on its own', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 HSA-Prerender', baseURL: `http://${PUBLIC_HOST}:${E2E_PORT}` });
    const violations = await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
    await expect(page.locator('script[src*="analytics"]')).toHaveCount(0);
    await context.close();
    expect(violations).toEqual([]);
  });
});

test.describe('new version', () => {
  test('the banner appears after a front app is redeployed while the page is open, and Recharger clears it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('jsversion@status'))).toBe('up-to-date');
    const before = await page.evaluate(() => localStorage.getItem('jsversion'));

    // Redeploy the admin remote to a new address: its remotes.json entry changes.
    const admin = await serveStatic(join(REPO_ROOT, 'mf-admin', 'dist'));
    writeFileSync(REMOTES_FILE, JSON.stringify(DEFAULT_REMOTES.map((remote) => (remote.name === 'mf_admin' ? { ...remote, entry: `${admin.origin}/mf-manifest.json` } : remote))));
    try {
      const banner = page.getByRole('alert').filter({ hasText: 'Nouvelle version disponible' });
      await expect(async () => {
        await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Mentions légales' }).click();
        await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Accueil' }).click();
        await expect(banner).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      expect(await page.evaluate(() => localStorage.getItem('jsversion@status'))).toBe('invalid');

      await banner.getByRole('button', { name: 'Recharger' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('jsversion@status'))).toBe('up-to-date');
      await expect(banner).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('jsversion'))).not.toBe(before);
    } finally {
      writeFileSync(REMOTES_FILE, JSON.stringify(DEFAULT_REMOTES));
      await admin.stop();
    }
  });
});
