import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { alive, emailOf, expect, loginAs, test, watchContentSecurityPolicy } from '../support/fixtures.ts';

const DEACTIVATED = 'Ce compte a été désactivé : il ne permet plus de se connecter. Si vous pensez qu’il s’agit d’une erreur, contactez HSA Logement intermédiaire.';

test.describe.serial('accounts run by an administrator', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('an admin invites a user, the user registers, the admin deactivates them and their open session ends', async ({ page, browser }) => {
    // Two browsers, a registration and eight accessibility checks: longer than one page's journey.
    test.slow();
    const invited = { email: 'peio.hiriart@example.org', password: 'Un-mot-de-passe-2026' };
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('admin'));
    await page.goto('/admin/liste-des-utilisateurs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Utilisateurs');
    const table = page.getByRole('table', { name: 'Utilisateurs' });
    await expect(table.getByRole('row', { name: /admin@demo\.hsa-lli\.fr/ })).toContainText('Support technique');
    // Filters live in the address and survive a reload.
    await page.getByLabel('Rôle').selectOption({ label: 'Gestionnaire' });
    await expect(page).toHaveURL(/role=hsa/);
    await page.reload();
    await expect(page.getByLabel('Rôle')).toHaveValue('hsa');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('hsa@demo.hsa-lli.fr');
    await page.getByRole('button', { name: 'Tout afficher' }).click();
    await expect(table.getByRole('row', { name: /customer@demo\.hsa-lli\.fr/ })).toBeVisible();
    await accessibleAtBothWidths(page, 'users-list');

    // The invitation.
    await page.getByRole('link', { name: 'Inviter un utilisateur' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouvel utilisateur');
    const form = page.getByRole('form', { name: "Invitation d'un utilisateur" });
    await form.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await expect(form.getByText("Veuillez saisir l'adresse e-mail.")).toBeVisible();
    await accessibleAtBothWidths(page, 'users-new');
    await form.getByLabel('E-mail').fill(invited.email);
    await form.getByLabel('Prénom').fill('Peio');
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Hiriart');
    await form.getByLabel('Client').check();
    await form.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await expect(page).toHaveURL(/\/admin\/liste-des-utilisateurs\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Peio Hiriart');
    await expect(page.getByText(`Le compte de Peio Hiriart est créé : une invitation a été envoyée à ${invited.email}.`)).toBeVisible();
    await expect(page.getByText(/^Envoyée le .*, valable jusqu’au /)).toBeVisible();
    await accessibleAtBothWidths(page, 'users-invited');
    const detail = page.url();

    // A second invitation replaces the first one; the page shows it at once.
    const first = await inbox.waitFor((message) => message.to.includes(invited.email));
    await page.getByRole('region', { name: 'Accès au compte' }).getByRole('button', { name: "Renvoyer l'invitation" }).click();
    await page.getByRole('dialog', { name: "Renvoyer l'invitation ?" }).getByRole('button', { name: "Renvoyer l'invitation" }).click();
    await expect(page.getByText(`Une nouvelle invitation a été envoyée à ${invited.email}.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Historique' })).toContainText('Invitation renvoyée');

    // The invited person registers through the e-mailed link, in a browser of their own.
    const mail = await inbox.waitFor((message) => message.to.includes(invited.email) && message !== first);
    const link = mail.links.find((url) => url.includes('/creation-de-compte/'))!;
    const userContext = await browser.newContext();
    const violations = await watchContentSecurityPolicy(userContext);
    await userContext.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
    const userPage = await userContext.newPage();
    await userPage.goto(new URL(link).pathname);
    await alive(userPage);
    await expect(userPage.getByRole('heading', { level: 1 })).toHaveText('Création de votre compte');
    await userPage.getByLabel('Nouveau mot de passe', { exact: true }).fill(invited.password);
    await userPage.getByLabel('Confirmation du mot de passe').fill(invited.password);
    await userPage.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(userPage).toHaveURL('/mon-compte-hsa-lli');
    await userPage.goto('/mes-identifiants');
    await alive(userPage);
    await expect(userPage.getByText(invited.email).first()).toBeVisible();

    // The admin sees the account active, with its login; then deactivates it.
    await page.goto(detail);
    await expect(page.locator('.bo-heading').getByText('Actif')).toBeVisible();
    await expect(page.getByText('Jamais')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Historique' })).toBeVisible();
    await expect(page.getByText(/— Inscription, par La plateforme/)).toBeVisible();
    await accessibleAtBothWidths(page, 'users-detail');
    await page.getByRole('button', { name: 'Désactiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Désactiver ce compte ?' });
    await expect(dialog).toContainText('Peio Hiriart sera déconnecté(e) immédiatement');
    await dialog.getByRole('button', { name: 'Désactiver le compte' }).click();
    await expect(page.getByText('Le compte de Peio Hiriart est désactivé.')).toBeVisible();
    await expect(page.locator('.bo-heading').getByText('Désactivé')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Réactiver' })).toBeVisible();

    // The user's next page finds them logged out, and their login is refused with a clear message.
    await userPage.goto('/mes-identifiants');
    await alive(userPage);
    await expect(userPage.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
    await expect(userPage.getByText("Connectez vous avant de tenter d'accéder à cette page.")).toBeVisible();
    await userPage.goto('/login');
    await alive(userPage);
    const login = userPage.getByRole('form', { name: 'Connexion' });
    await login.getByLabel('E-mail').fill(invited.email);
    await login.getByLabel('Mot de passe').fill(invited.password);
    await login.getByRole('button', { name: 'Connexion' }).click();
    await expect(login.getByText(DEACTIVATED)).toBeVisible();
    await expect(userPage).toHaveURL('/login');
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
    await userContext.close();
  });

  test('an admin sees how many files a coordinator consulted today and raises their limit', async ({ page }) => {
    await loginAs(page, emailOf('admin'));
    const listed = await page.request.post('/api/users/list', { data: { search: 'coordinator@demo' } });
    const coordinator = (await listed.json()).data[0];
    await page.goto(`/admin/liste-des-utilisateurs/${coordinator.id}`);
    const panel = page.getByRole('region', { name: 'Consultation des dossiers' });
    await expect(panel).toContainText(/a consulté \d+ dossiers? ces dernières 24 heures, sur 200 permis\./);
    const form = panel.getByRole('form', { name: 'Relever la limite de consultation' });
    await form.getByLabel('Dossiers supplémentaires').fill('beaucoup');
    await form.getByRole('button', { name: 'Relever la limite' }).click();
    await expect(form.getByText('Indiquez un nombre de dossiers.')).toBeVisible();
    await form.getByLabel('Dossiers supplémentaires').fill('50');
    await form.getByRole('button', { name: 'Relever la limite' }).click();
    await expect(page.getByText('Sophie Dufau peut désormais consulter 250 dossiers sur 24 heures.')).toBeVisible();
    await expect(panel).toContainText('sur 250 permis.');
    await expect(page.getByRole('region', { name: 'Historique' })).toContainText('Limite de consultation relevée de 50 dossiers pour 24 heures');
    await accessibleAtBothWidths(page, 'users-record-views');
    // A customer's page has no such panel.
    const customer = (await (await page.request.post('/api/users/list', { data: { search: 'customer@demo' } })).json()).data[0];
    await page.goto(`/admin/liste-des-utilisateurs/${customer.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lucas Bergeret');
    await expect(page.getByRole('region', { name: 'Consultation des dossiers' })).toHaveCount(0);
  });
});
