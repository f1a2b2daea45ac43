import type { Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REMOTES, REMOTES_FILE, REPO_ROOT } from '../support/e2e-env.ts';
import { emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { serveStatic } from '../support/static-server.ts';

/** The first good of the demo data. */
const DEMO_GOOD_ID = 1;

/** Collects the script errors of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('the federated portal', () => {
  test('renders a route of each remote inside its shell layout', async ({ page, request }) => {
    const errors = watchErrors(page);
    await loginAs(page, emailOf('admin'));

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se loger entre océan et montagne, à un loyer maîtrisé');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Mentions légales');
    await expect(page).toHaveTitle('Logements à loyer intermédiaire sur la côte basque et dans les Landes | HSA Logement intermédiaire');
    const { data: residences } = await (await request.post('/api/front/residences/list', { data: {} })).json();
    await expect(page.locator('.residence-list > li')).toHaveCount(residences.length);

    await page.goto('/mes-identifiants');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes identifiants');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();

    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
    await expect(page.getByRole('navigation', { name: "Menu d'administration" })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);

    await page.goto(`/PDF/note-de-direction/${DEMO_GOOD_ID}`);
    await expect(page.getByText('Note de direction', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Plafond de loyer LLI/ })).toContainText('Loyer mensuel charges comprises');
    await expect(page.getByRole('navigation')).toHaveCount(0);

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
    await expect(page.getByRole('link', { name: '← Retour au site' })).toBeVisible();

    expect(errors).toEqual([]);
  });

  test('moves between remotes without reloading the page', async ({ page }) => {
    await loginAs(page, emailOf('admin'));
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
    await page.evaluate(() => Object.assign(window, { marker: 'same-document' }));
    await page.getByRole('link', { name: /, accueil$/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se loger entre océan et montagne, à un loyer maîtrisé');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document');
  });

  test('shares one store: an action dispatched by a remote shows in the shell, and the queued job result shows', async ({ page }) => {
    await loginAs(page, emailOf('admin'));
    await page.goto('/admin/accueil');
    await expect(page.locator('.dashboard-figure')).not.toHaveCount(0);
    const before = (await (await page.request.get('/api/stats/contact-forms/count')).json()).computed_at as string;

    await page.getByRole('button', { name: 'Actualiser les statistiques' }).click();
    // The message area belongs to the shell's layout; the admin remote only dispatched the action.
    const shellMessages = page.locator('.shell-messages');
    await expect(shellMessages.getByText('Actualisation des statistiques demandée.')).toBeVisible();
    await expect(shellMessages.getByText('Les statistiques sont à jour.')).toBeVisible();

    const after = await (await page.request.get('/api/stats/contact-forms/count')).json();
    expect(Date.parse(after.computed_at)).toBeGreaterThan(Date.parse(before));
    await expect(page.locator('[data-key="contact-forms/count"] .dashboard-figure__value')).toHaveText(String(after.value));

    await shellMessages.getByRole('button', { name: 'Fermer le message' }).first().click();
    await expect(shellMessages.getByText('Actualisation des statistiques demandée.')).toHaveCount(0);
  });

  test('shows the not-found page for an unknown path', async ({ page }) => {
    for (const path of ['/cette-page-nexiste-pas', '/admin/inconnue', '/residences/x/y/z/w']) {
      await page.goto(path);
      await expect(page.getByText("Cette page n'existe pas.")).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    }
  });

  test('draws a missing path inside the layout of its area, with a 404', async ({ page }) => {
    await loginAs(page, emailOf('admin'));
    const adminMenu = page.getByRole('navigation', { name: "Menu d'administration" });
    const publicNavigation = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const path of ['/admin/inconnue', '/admin/liste-des-comites', '/gestion/inconnue']) {
      expect((await page.goto(path))?.status()).toBe(404);
      await expect(page.getByText("Cette page n'existe pas.")).toBeVisible();
      await expect(adminMenu.getByRole('link', { name: 'Accueil' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Menu utilisateur' }).getByRole('button', { name: 'Déconnexion' })).toBeVisible();
      await expect(publicNavigation).toHaveCount(0);
    }
    expect((await page.goto('/PDF/inconnu/1'))?.status()).toBe(404);
    await expect(page.locator('main.shell-pdf').getByText("Cette page n'existe pas.")).toBeVisible();
    await expect(publicNavigation).toHaveCount(0);
    expect((await page.goto('/inconnue'))?.status()).toBe(404);
    await expect(page.getByText("Cette page n'existe pas.")).toBeVisible();
    await expect(publicNavigation).toBeVisible();
  });

  test('shows the not-found page for a note on an unknown good', async ({ page }) => {
    await loginAs(page, emailOf('admin'));
    await page.goto('/PDF/note-de-direction/999999');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });

  test('a stopped remote shows the reload message on its own routes while every other page works', async ({ page, context }) => {
    await loginAs(page, emailOf('admin'));
    const admin = await serveStatic(join(REPO_ROOT, 'mf-admin', 'dist'));
    const remotes = DEFAULT_REMOTES.map((remote) =>
      remote.name === 'mf_admin' ? { ...remote, entry: `${admin.origin}/mf-manifest.json` } : remote,
    );
    writeFileSync(REMOTES_FILE, JSON.stringify(remotes));
    try {
      // Deployed on an origin of its own, the admin remote still loads into the shell.
      await page.goto('/admin/accueil');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');

      await admin.stop();
      const visitor = await context.newPage();
      await visitor.goto('/admin/accueil');
      await expect(visitor.getByText('Veuillez recharger la page.')).toBeVisible();
      await expect(visitor.getByRole('navigation', { name: "Menu d'administration" })).toBeVisible();

      await visitor.getByRole('link', { name: /, accueil$/ }).click();
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Se loger entre océan et montagne, à un loyer maîtrisé');
      await visitor.goto('/mes-identifiants');
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Mes identifiants');
      await visitor.goto(`/PDF/note-de-direction/${DEMO_GOOD_ID}`);
      await expect(visitor.getByText('Note de direction', { exact: true })).toBeVisible();
      await visitor.goto('/gestion/recommandations');
      await expect(visitor.getByText('Veuillez recharger la page.')).toBeVisible();
      await visitor.close();
    } finally {
      writeFileSync(REMOTES_FILE, JSON.stringify(DEFAULT_REMOTES));
      await admin.stop().catch(() => undefined);
    }
  });

  test('serves deployment files for revalidation and hashed chunks for good', async ({ request }) => {
    const remotesJson = await request.get('/remotes.json');
    expect(remotesJson.headers()['cache-control']).toBe('no-cache');
    const manifest = await request.get('/remotes/admin/mf-manifest.json');
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    expect(manifest.headers()['access-control-allow-origin']).toBe('*');
    const entry = (await manifest.json()).metaData.remoteEntry;
    expect((await request.get(`/remotes/admin/${entry.path ? `${entry.path}/` : ''}${entry.name}`)).headers()['cache-control']).toBe('no-cache');
    const shellPage = await request.get('/admin/accueil');
    expect(shellPage.headers()['cache-control']).toBe('no-cache');
    const chunk = (await shellPage.text()).match(/href="\/(main\.[0-9a-f]+\.js)"/)?.[1];
    expect(chunk).toBeTruthy();
    expect((await request.get(`/${chunk}`)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
