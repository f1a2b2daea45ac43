import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { alive, emailOf, expect, loginAs, test, watchContentSecurityPolicy } from '../support/fixtures.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A customer of the journey's own, so that changing their credentials leaves the demo accounts as they are. */
const customer = { email: 'garazi.etxeberri@example.org', password: 'Premiere-Cle-2026', newPassword: 'Seconde-Cle-Solide-2027', newEmail: 'garazi.nouvelle@example.org' };

/** A second browser of the customer's (another context: cookies of its own), with a phone's User-Agent. */
async function secondDevice(browser: Browser, email: string, password: string): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
  const context = await browser.newContext({ userAgent: IPHONE_SAFARI });
  const violations = await watchContentSecurityPolicy(context);
  await context.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
  const page = await context.newPage();
  await loginAs(page, email, password);
  return { context, page, violations };
}

test.describe.serial('own credentials', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async ({ browser }) => {
    inbox = await startInbox(E2E_SMTP_PORT);
    // The customer is invited and registers through the API: the journeys of those screens are elsewhere.
    const page = await browser.newPage();
    await loginAs(page, emailOf('admin'));
    const invite = await page.request.post('/api/users/invite', { data: { email: customer.email, first_name: 'Garazi', last_name: 'Etxeberri', role: 'customer' } });
    expect(invite.status()).toBe(201);
    await page.request.post('/api/auth/logout');
    const mail = await inbox.waitFor((message) => message.to.includes(customer.email));
    const token = mail.links.find((url) => url.includes('/creation-de-compte/'))!.split('/').at(-1)!;
    expect((await page.request.post('/api/auth/register', { data: { token, password: customer.password } })).status()).toBe(201);
    await page.request.post('/api/auth/logout');
    await page.close();
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('a customer changes their password, sees their devices and logs the other one out', async ({ page, browser }) => {
    // Two browsers, axe at two widths: near 30 s on a loaded machine, where the API is still rendering its pages.
    test.slow();
    await loginAs(page, customer.email, customer.password);
    await page.goto('/mes-identifiants');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes identifiants');
    await expect(page.getByRole('region', { name: 'Adresse e-mail' })).toContainText(`Vous vous connectez avec l’adresse ${customer.email}`);

    // Errors on their fields: the form's own checks first, then the server's.
    const password = page.getByRole('region', { name: 'Mot de passe' });
    await password.getByLabel('Mot de passe actuel').fill('Pas-la-bonne-2026');
    await password.getByLabel(/^Nouveau mot de passe/).fill(customer.newPassword);
    await password.getByLabel('Confirmation du nouveau mot de passe').fill('Autre-chose-2026');
    await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(password.getByText('Les deux mots de passe ne sont pas identiques.')).toBeVisible();
    await password.getByLabel('Confirmation du nouveau mot de passe').fill(customer.newPassword);
    await expect(password.getByText('Force du mot de passe : Très bon.')).toBeVisible();
    await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
    const current = password.getByLabel('Mot de passe actuel');
    await expect(password.getByText('Le mot de passe est incorrect.')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await accessibleAtBothWidths(page, 'credentials-errors');

    await current.fill(customer.password);
    await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(password.getByRole('status').filter({ hasText: 'Votre mot de passe a été changé.' })).toBeVisible();
    await expect(password.getByLabel('Mot de passe actuel')).toHaveValue('');

    // A second browser logs in with the new password: the list shows both, this one first.
    const phone = await secondDevice(browser, customer.email, customer.newPassword);
    await phone.page.goto('/mes-identifiants');
    await alive(phone.page);
    await expect(phone.page.getByRole('heading', { level: 1 })).toHaveText('Mes identifiants');
    await page.reload();
    const devices = page.getByRole('region', { name: 'Appareils connectés' });
    const items = devices.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Cet appareil');
    await expect(items.nth(0)).toContainText('Chrome sur Linux');
    await expect(items.nth(1)).toContainText('Safari sur iPhone');
    await expect(items.nth(1)).toContainText('Dernière activité : à l’instant');
    await expect(items.nth(1)).not.toContainText('Cet appareil');
    await accessibleAtBothWidths(page, 'credentials');

    await devices.getByRole('button', { name: 'Déconnecter l’appareil Safari sur iPhone' }).click();
    await expect(devices.getByRole('status').filter({ hasText: 'L’appareil Safari sur iPhone a été déconnecté.' })).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(devices.getByRole('button', { name: 'Déconnecter tous les autres appareils' })).toHaveCount(0);

    // The phone's next page finds it logged out; this browser stays in.
    await phone.page.goto('/mes-identifiants');
    await alive(phone.page);
    await expect(phone.page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes identifiants');

    // Several others end at once.
    await phone.page.request.post('/api/auth/login', { data: { email: customer.email, password: customer.newPassword } });
    const tablet = await secondDevice(browser, customer.email, customer.newPassword);
    await page.reload();
    await expect(items).toHaveCount(3);
    await devices.getByRole('button', { name: 'Déconnecter tous les autres appareils' }).click();
    await expect(devices.getByRole('status').filter({ hasText: 'Les 2 autres appareils ont été déconnectés.' })).toBeVisible();
    await expect(items).toHaveCount(1);
    expect((await tablet.page.request.post('/api/users/get-me')).status()).toBe(401);
    expect((await phone.page.request.post('/api/users/get-me')).status()).toBe(401);

    for (const device of [phone, tablet]) {
      expect(device.violations, 'Content-Security-Policy violations').toEqual([]);
      await device.context.close();
    }
  });

  test('a customer changes their e-mail address through the link sent to the new one', async ({ page, browser }) => {
    await loginAs(page, customer.email, customer.newPassword);
    await page.goto('/mes-identifiants');
    const email = page.getByRole('region', { name: 'Adresse e-mail' });
    await email.getByLabel('Nouvelle adresse e-mail').fill(emailOf('hsa'));
    await email.getByLabel('Mot de passe actuel').fill(customer.newPassword);
    await email.getByRole('button', { name: 'Recevoir le lien de confirmation' }).click();
    await expect(email.getByText('Un compte existe déjà avec cette adresse e-mail.')).toBeVisible();
    await email.getByLabel('Nouvelle adresse e-mail').fill(customer.newEmail);
    await email.getByRole('button', { name: 'Recevoir le lien de confirmation' }).click();
    await expect(email.getByRole('status').filter({ hasText: `Un lien de confirmation a été envoyé à ${customer.newEmail}.` })).toContainText(
      'D’ici là, votre adresse actuelle reste celle de votre compte.',
    );
    await expect(email).toContainText(`Vous vous connectez avec l’adresse ${customer.email}`);

    const mail = await inbox.waitFor((message) => message.to.includes(customer.newEmail) && message.subject === 'Confirmez votre nouvelle adresse e-mail');
    const link = new URL(mail.links.find((url) => url.includes('/mes-identifiants/nouvelle-adresse/'))!).pathname;
    await inbox.waitFor((message) => message.to.includes(customer.email) && message.subject === 'Demande de changement de votre adresse e-mail');

    // Opening the link changes nothing by itself (mail scanners open links); the button does.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmation de la nouvelle adresse e-mail');
    await expect(page.getByText(`Vous avez demandé que l’adresse ${customer.newEmail} devienne celle de votre compte`)).toBeVisible();
    await accessibleAtBothWidths(page, 'email-confirmation');
    expect((await (await page.request.post('/api/users/get-me')).json()).user.email).toBe(customer.email);
    await page.getByRole('button', { name: 'Confirmer ma nouvelle adresse' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Votre adresse e-mail a été changée' })).toContainText(`vous vous connectez désormais avec ${customer.newEmail}`);
    await accessibleAtBothWidths(page, 'email-confirmed');
    await page.getByRole('link', { name: 'Voir mes identifiants' }).click();
    await expect(page.getByRole('region', { name: 'Adresse e-mail' })).toContainText(`Vous vous connectez avec l’adresse ${customer.newEmail}`);
    await inbox.waitFor((message) => message.to.includes(customer.email) && message.subject === 'Votre adresse e-mail a été changée');

    // The link served once: opened again, logged out, it leads nowhere; the new address logs in.
    const visitor = await browser.newContext();
    await visitor.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(link);
    await alive(visitorPage);
    await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    expect((await visitorPage.request.post('/api/auth/login', { data: { email: customer.email, password: customer.newPassword } })).status()).toBe(400);
    expect((await visitorPage.request.post('/api/auth/login', { data: { email: customer.newEmail, password: customer.newPassword } })).status()).toBe(200);
    await visitor.close();
  });
});
