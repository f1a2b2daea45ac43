/** The e-mailed links (an invitation, a forgotten password) and the password-strength dictionaries they load. */
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import type { Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { emailOf, expect, loginAs, test } from '../support/fixtures.ts';

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
