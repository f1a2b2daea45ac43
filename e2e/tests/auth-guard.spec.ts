/** The guard: what a session may open, whatever the page's local copy says, and the pages that refuse. */
import { emailOf, expect, loginAs, test } from '../support/fixtures.ts';

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
