/**
 * Logging in and out from the public header, each role's landing, links and menus; the admin header on a phone;
 * « Mes identifiants ».
 */
import type { Locator, Page } from '@playwright/test';
import { alive, DEMO_PASSWORD, emailOf, expect, loginAs, loginThroughPanel, test } from '../support/fixtures.ts';

/** The back-office menu of each role: an entry for each list it may open (spec section 2). */
/** The staff's menu in the spec's order: the files, requests and committee sessions every staff role follows, then the catalogue. */
const FOLLOW_UP_MENU = ['Accueil', 'Dossiers', 'Demandes de contact', 'Visites', 'Comités'];
const CATALOGUE_MENU = [...FOLLOW_UP_MENU, 'Résidences', 'Biens', 'Équipements'];

/** What each demo role sees after logging in from the public header (spec sections 2 and 6). */
const ROLES = [
  { role: 'admin', lands: '/admin/accueil', menu: [...CATALOGUE_MENU, 'Utilisateurs'], panelTitle: 'Intranet', links: ['Accueil'], refused: '/gestion/recommandations' },
  { role: 'hsa', lands: '/', menu: CATALOGUE_MENU, panelTitle: 'Intranet', links: ['Accueil'], refused: '/gestion/recommandations' },
  { role: 'coordinator', lands: '/admin/accueil', menu: FOLLOW_UP_MENU, panelTitle: 'Mon espace', links: ['Accueil'], refused: '/gestion/recommandations' },
  { role: 'comitee', lands: '/gestion/recommandations', menu: [], panelTitle: 'Mon espace', links: ['Recommandations'], refused: '/admin/accueil' },
  { role: 'member', lands: '/gestion/recommandations', menu: [], panelTitle: 'Mon espace', links: ['Recommandations'], refused: '/admin/accueil' },
  { role: 'customer', lands: '/', menu: [], panelTitle: 'Mon espace', links: ['Mes identifiants', 'Mes informations', 'Mes pièces justificatives'], refused: '/admin/accueil' },
];

/** Follows a link and checks that it opened a page that exists: its address, a title, never « Cette page n'existe pas. ». */
async function opensAPage(page: Page, link: Locator): Promise<void> {
  const target = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(target!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page introuvable');
  await expect(page.getByText("Cette page n'existe pas.")).toHaveCount(0);
}

test.describe('logging in and out', () => {
  for (const expected of ROLES) {
    test(`${expected.role}: lands, sees its links and menus, is refused a page, logs out`, async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Tester mon éligibilité' }).first()).toBeVisible();
      await loginThroughPanel(page, emailOf(expected.role));
      await expect(page).toHaveURL(expected.lands);

      const inBackOffice = expected.lands.startsWith('/admin') || expected.lands.startsWith('/gestion');
      if (inBackOffice || expected.menu.length > 0) {
        if (!inBackOffice) await page.goto('/admin/accueil');
        const menu = page.getByRole('navigation', { name: "Menu d'administration" });
        await expect(menu.getByRole('link')).toHaveCount(expected.menu.length);
        for (const entry of expected.menu) await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
        if (expected.lands === '/admin/accueil') await expect(menu.getByRole('link', { name: 'Accueil' })).toHaveClass(/active/);
        await expect(page.getByRole('navigation', { name: 'Menu utilisateur' }).getByRole('link', { name: 'Mon compte' })).toBeVisible();
        for (const entry of expected.menu) await opensAPage(page, menu.getByRole('link', { name: entry, exact: true }));
        await opensAPage(page, page.getByRole('navigation', { name: 'Menu utilisateur' }).getByRole('link', { name: 'Mon compte' }));
        await page.goto('/');
      }
      // The eligibility test is for visitors with no role.
      await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tester mon éligibilité' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Mon espace' }).click();
      const panel = page.getByRole('dialog', { name: expected.panelTitle });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('link')).toHaveText(expected.links);
      await panel.getByRole('button', { name: 'Fermer' }).click();
      await expect(panel).toBeHidden();
      for (const link of expected.links) {
        await page.getByRole('button', { name: 'Mon espace' }).click();
        await opensAPage(page, panel.getByRole('link', { name: link, exact: true }));
        await page.goto('/');
      }

      await page.goto(expected.refused);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
      await expect(page.getByText('Cette page ne vous est pas accessible.')).toBeVisible();

      await page.goto('/');
      await page.getByRole('button', { name: 'Mon espace' }).click();
      // Logging out reloads the site: the new page must be alive before it takes clicks.
      const reloaded = page.waitForEvent('load');
      await page.getByRole('dialog', { name: expected.panelTitle }).getByRole('button', { name: 'Déconnexion' }).click();
      await reloaded;
      await expect(page).toHaveURL('/');
      await alive(page);
      await page.getByRole('button', { name: 'Mon espace' }).click();
      await expect(page.getByRole('dialog', { name: 'Mon espace' }).getByText("Vous n'êtes pas connecté(e).")).toBeVisible();
      expect((await (await page.request.post('/api/auth/get-roles')).json()).roles).toEqual([]);
    });
  }

  test('logging out from the admin area goes to the login page', async ({ page }) => {
    await loginAs(page, emailOf('admin'));
    await page.goto('/admin/accueil');
    await page.getByRole('navigation', { name: 'Menu utilisateur' }).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
  });

  test('a visitor is asked to log in, and the login form shows its errors the way people expect', async ({ page }) => {
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
    await expect(page.getByText("Connectez vous avant de tenter d'accéder à cette page.")).toBeVisible();
    await page.getByRole('link', { name: 'Page de connexion' }).click();

    const form = page.getByRole('form', { name: 'Connexion' });
    const email = form.getByLabel('E-mail');
    await email.fill('pas-une-adresse');
    await expect(form.getByText("L'adresse e-mail n'est pas valide.")).toHaveCount(0);
    await form.getByRole('button', { name: 'Connexion' }).click();
    await expect(form.getByText("L'adresse e-mail n'est pas valide.")).toBeVisible();
    await expect(form.getByText('Veuillez saisir votre mot de passe.')).toBeVisible();
    await email.fill(emailOf('admin'));
    await expect(form.getByText("L'adresse e-mail n'est pas valide.")).toHaveCount(0);
    await form.getByLabel('Mot de passe').fill('Mauvais-mot-de-passe-1');
    await form.getByRole('button', { name: 'Connexion' }).click();
    await expect(form.getByText('E-mail ou mot de passe incorrect.')).toBeVisible();
    await form.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await expect(form.getByText('E-mail ou mot de passe incorrect.')).toHaveCount(0);
    await form.getByRole('button', { name: 'Connexion' }).click();
    await expect(page).toHaveURL('/admin/accueil');
  });
});

test.describe('the admin header', () => {
  test('fits a phone: nothing overflows and every entry is within reach of a finger and the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, emailOf('admin'));
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const menu = page.getByRole('navigation', { name: "Menu d'administration" });
    const user = page.getByRole('navigation', { name: 'Menu utilisateur' });
    for (const entry of [...[...CATALOGUE_MENU, 'Utilisateurs'].map((name) => menu.getByRole('link', { name, exact: true })), user.getByRole('link', { name: 'Mon compte' }), user.getByRole('button', { name: 'Déconnexion' })]) {
      await expect(entry).toBeInViewport({ ratio: 1 });
      await entry.focus();
      await expect(entry).toBeFocused();
    }
  });
});

test.describe('my credentials', () => {
  test('/mes-identifiants shows a logged-in user their e-mail, without « Me connecter »', async ({ page }) => {
    for (const role of ['customer', 'admin']) {
      await loginAs(page, emailOf(role));
      await page.goto('/mes-identifiants');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText('Mes identifiants');
      // The address is shown where it can be changed, and again where « Mes alertes » says whose alerts they are.
      await expect(main.getByText(emailOf(role), { exact: true }).first()).toBeVisible();
      await expect(main.getByText('Me connecter')).toHaveCount(0);
    }
  });
});
