import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import type { Locator, Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANALYTICS_URL, DEFAULT_REMOTES, E2E_PORT, E2E_SMTP_PORT, PUBLIC_HOST, REMOTES_FILE, REPO_ROOT } from '../support/e2e-env.ts';
import { alive, DEMO_PASSWORD, emailOf, expect, loginAs, loginThroughPanel, test, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { serveStatic } from '../support/static-server.ts';

/** The scripts a page loads from now on, with their text. */
function scriptsOf(page: Page): Promise<string>[] {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) scripts.push(response.text());
  });
  return scripts;
}

/** Whether one of these scripts holds the password-strength dictionaries (named in zxcvbn-ts's French package). */
async function holdsDictionaries(scripts: Promise<string>[]): Promise<boolean> {
  return (await Promise.all(scripts)).some((text) => text.includes('wikipedia-fr'));
}

/** The back-office menu of each role: an entry for each list it may open (spec section 2). */
/** The staff's menu in the spec's order: the files and requests every staff role follows, then the catalogue. */
const FOLLOW_UP_MENU = ['Accueil', 'Dossiers', 'Demandes de contact'];
const CATALOGUE_MENU = [...FOLLOW_UP_MENU, 'Résidences', 'Biens', 'Équipements'];

/** What each demo role sees after logging in from the public header (spec sections 2 and 6). */
const ROLES = [
  { role: 'admin', lands: '/admin/accueil', menu: [...CATALOGUE_MENU, 'Utilisateurs'], panelTitle: 'Intranet', links: ['Accueil'], refused: '/gestion/recommandations' },
  { role: 'hsa', lands: '/', menu: CATALOGUE_MENU, panelTitle: 'Intranet', links: ['Accueil'], refused: '/gestion/recommandations' },
  { role: 'coordinator', lands: '/admin/accueil', menu: FOLLOW_UP_MENU, panelTitle: 'Mon espace', links: [], refused: '/gestion/recommandations' },
  { role: 'comitee', lands: '/gestion/recommandations', menu: [], panelTitle: 'Mon espace', links: [], refused: '/admin/accueil' },
  { role: 'member', lands: '/gestion/recommandations', menu: [], panelTitle: 'Mon espace', links: [], refused: '/admin/accueil' },
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

test.describe.serial('e-mailed links', () => {
  let inbox: SmtpInbox;
  const invited = { email: 'amaia.etchart@example.org', password: 'Premier-Mot-2026' };

  test.beforeAll(async () => {
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('an invited person creates an account and lands as a customer', async ({ page }) => {
    await loginAs(page, emailOf('admin'));
    const invite = await page.request.post('/api/users/invite', { data: { email: invited.email, first_name: 'Amaia', last_name: 'Etchart', role: 'customer' } });
    expect(invite.status()).toBe(201);
    await page.request.post('/api/auth/logout');

    const mail = await inbox.waitFor((message) => message.to.includes(invited.email));
    const link = mail.links.find((url) => url.includes('/creation-de-compte/'))!;
    const scripts = scriptsOf(page);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Création de votre compte');
    await expect(page.getByText(invited.email)).toBeVisible();
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('tropcourt');
    await page.getByLabel('Confirmation du mot de passe').fill('tropcourt');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Le mot de passe doit contenir au moins 12 caractères.')).toBeVisible();

    // A guessable password: the meter says so while typing, the form refuses it without asking the API.
    const registrations: string[] = [];
    page.on('request', (sent) => sent.url().endsWith('/api/auth/register') && registrations.push(sent.url()));
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Password1234');
    await page.getByLabel('Confirmation du mot de passe').fill('Password1234');
    const meter = page.locator('[aria-live="polite"]', { hasText: 'Force du mot de passe' });
    await expect(meter).toHaveText(/^Force du mot de passe : Faible\. Ce mot de passe est similaire à un mot de passe couramment utilisé\./);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Ce mot de passe est trop facile à deviner. Ce mot de passe est similaire à un mot de passe couramment utilisé.')).toBeVisible();
    expect(registrations).toEqual([]);
    expect(await holdsDictionaries(scripts)).toBe(true);

    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(invited.password);
    await page.getByLabel('Confirmation du mot de passe').fill(invited.password);
    await expect(meter).toHaveText('Force du mot de passe : Bon.');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    // An applicant lands on their new file.
    await expect(page).toHaveURL('/mon-compte-hsa-lli');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes informations');
    await page.getByRole('button', { name: 'Mon espace' }).click();
    await expect(page.getByRole('dialog', { name: 'Mon espace' }).getByRole('link', { name: 'Mes identifiants' })).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });

  test('a forgotten password is reset through the e-mailed link, once', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié');
    await page.getByLabel('E-mail').fill(invited.email);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByText('Si un compte correspond à cette adresse')).toBeVisible();

    const mail = await inbox.waitFor((message) => message.to.includes(invited.email) && message.subject === 'Réinitialisation de votre mot de passe');
    const link = mail.links.find((url) => url.includes('/mot-de-passe-oublie/nouveau-mot-de-passe/'))!;
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau mot de passe');
    await expect(page.getByText('Au moins 12 caractères, dont une lettre majuscule, une lettre minuscule et un chiffre.')).toBeVisible();
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Biarritz2026!');
    await page.getByLabel('Confirmation du mot de passe').fill('Biarritz2026!');
    await expect(page.getByText('Force du mot de passe : Moyen.')).toBeVisible();
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(
      page.getByText('Ce mot de passe est trop facile à deviner. Le mot de passe ne doit pas comporter de données personnelles ou liées au site.'),
    ).toBeVisible();
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Second-Mot-2026');
    await expect(page.getByText('Force du mot de passe : Très bon.')).toBeVisible();
    await page.getByLabel('Confirmation du mot de passe').fill('Autre-chose-2026');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText('Les deux mots de passe ne sont pas identiques.')).toBeVisible();
    await page.getByLabel('Confirmation du mot de passe').fill('Second-Mot-2026');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText('Votre mot de passe a été modifié.')).toBeVisible();

    await page.getByRole('link', { name: 'Me connecter' }).click();
    const form = page.getByRole('form', { name: 'Connexion' });
    await form.getByLabel('E-mail').fill(invited.email);
    await form.getByLabel('Mot de passe').fill('Second-Mot-2026');
    await form.getByRole('button', { name: 'Connexion' }).click();
    await expect(page).toHaveURL('/');

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });
});

test.describe('password strength', () => {
  test('the home page loads none of its dictionaries', async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(await holdsDictionaries(scripts)).toBe(false);
  });
});

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

test.describe('the guard', () => {
  test('a stale local copy of the pages never opens a page the server refuses', async ({ page }) => {
    await page.addInitScript(() => {
      const pages = ['/', '/admin/accueil', '/admin/liste-des-utilisateurs'];
      localStorage.setItem('pages', JSON.stringify({ value: { pages, version: 'forged' }, date: Date.now() }));
      localStorage.setItem('session', JSON.stringify({ value: { roles: ['admin'], home: '/admin/accueil', user_id: 1, date: Date.now() }, date: Date.now() }));
    });
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
    await expect(page.getByText("Connectez vous avant de tenter d'accéder à cette page.")).toBeVisible();
    await expect(page.getByText('Tableau de bord')).toHaveCount(0);
  });

  test("a page list that cannot be had, even after a retry, gives 'Page inaccessible'", async ({ page }) => {
    let attempts = 0;
    await page.route('**/api/auth/get-pages', (route) => {
      attempts += 1;
      return route.abort('connectionrefused');
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page inaccessible', { timeout: 20_000 });
    await expect(page.getByText("Nous ne sommes pas en mesure d'afficher la page que vous demandez.")).toBeVisible();
    // The helper's own retry after 5 s, then the page list's: two calls, each tried twice.
    expect(attempts).toBe(4);
  });

  test("a page the session may not open shows the spec's texts, and its data is never asked for", async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/PDF/executive')) calls.push(request.url());
    });
    await page.goto('/PDF/note-de-direction/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
    await expect(page.getByText("Connectez vous avant de tenter d'accéder à cette page.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Page de connexion' })).toBeVisible();
    for (const role of ['customer', 'member']) {
      await loginAs(page, emailOf(role));
      await page.goto('/PDF/note-de-direction/1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
      await expect(page.getByText('Cette page ne vous est pas accessible.')).toBeVisible();
    }
    expect(calls).toEqual([]);
  });

  test('a call refused while loading a page the list allows gives the access-denied page with the server\'s message', async ({ page }) => {
    await loginAs(page, emailOf('member'));
    // A page list out of step with the server: it allows a page whose data the API refuses.
    await page.route('**/api/auth/get-pages', async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      await route.fulfill({ response, json: { ...answer, pages: [...answer.pages, '/PDF/note-de-direction/[id]'] } });
    });
    await page.goto('/PDF/note-de-direction/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
    await expect(page.getByText("Votre n'avez pas les droits nécessaires pour accéder à cette ressource.")).toBeVisible();
  });

  test("« Retour à l'accueil » leads from the back office to a page the session may open", async ({ page }) => {
    const heading = page.getByRole('heading', { level: 1 });
    await page.goto('/admin/inconnue');
    await expect(heading).toHaveText('Page introuvable');
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL('/');
    await expect(heading).toHaveText('Se loger entre océan et montagne, à un loyer maîtrisé');

    // A refused page, or one the admin remote does not have (yet): the same way out.
    for (const { role, path, home, title } of [
      { role: 'customer', path: '/admin/accueil', home: '/', title: 'Se loger entre océan et montagne, à un loyer maîtrisé' },
      { role: 'comitee', path: '/admin/accueil', home: '/gestion/recommandations', title: 'Recommandations' },
      { role: 'coordinator', path: '/admin/liste-des-utilisateurs', home: '/admin/accueil', title: 'Tableau de bord' },
    ]) {
      await loginAs(page, emailOf(role));
      await page.goto(path);
      await expect(heading).toHaveText(/^(Accès refusé|Page introuvable)$/);
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await expect(page).toHaveURL(home);
      await expect(heading).toHaveText(title);
    }
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
      await expect(main.getByText(emailOf(role), { exact: true })).toBeVisible();
      await expect(main.getByText('Me connecter')).toHaveCount(0);
    }
  });
});
