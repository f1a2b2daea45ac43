/**
 * The roles' way around (issue 22, point 9): every role can be invited; the coordinator's and the committee's areas
 * are reached from « Mon compte » and the side panel; a login comes back to the page it was asked from, and only to a
 * page of this site; the « connexion expirée » of a form sits by its field with its « Page de connexion » link; the
 * eligibility verdict comes into view on a phone.
 */
import type { Page } from '@playwright/test';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { alive, DEMO_PASSWORD, emailOf, expect, loginAs, test } from '../support/fixtures.ts';

/** Fills and sends the login page's form. */
async function logInOnPage(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Mot de passe').fill(password);
  await form.getByRole('button', { name: 'Connexion' }).click();
}

/** Each role's area, and the link that leads there from the side panel and from « Mes identifiants ». */
const AREAS = [
  { role: 'coordinator', link: 'Accueil', area: '/admin/accueil', title: 'Tableau de bord' },
  { role: 'comitee', link: 'Recommandations', area: '/gestion/recommandations', title: 'Recommandations' },
  { role: 'member', link: 'Recommandations', area: '/gestion/recommandations', title: 'Recommandations' },
];

test.describe('each role reaches its area', () => {
  for (const { role, link, area, title } of AREAS) {
    test(`${role}: from the side panel, and from « Mon compte » through « Mes identifiants »`, async ({ page }) => {
      test.slow();
      await loginAs(page, emailOf(role));
      await page.goto('/residences');
      await page.getByRole('button', { name: 'Mon espace' }).click();
      const panel = page.getByRole('dialog', { name: 'Mon espace' });
      await expect(panel.getByRole('link')).toHaveText([link]);
      if (role === 'comitee') await accessibleAtBothWidths(page, `${role}-side-panel`);
      await panel.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(area);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

      // « Mon compte » leads to « Mes identifiants », which is no dead end: the way back to the area is there.
      await page.getByRole('navigation', { name: 'Menu utilisateur' }).getByRole('link', { name: 'Mon compte' }).click();
      await expect(page).toHaveURL('/mes-identifiants');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes identifiants');
      const mySpace = page.getByRole('navigation', { name: 'Mon espace' });
      await expect(mySpace.getByRole('link')).toHaveText([link]);
      if (role !== 'coordinator') await accessibleAtBothWidths(page, `${role}-credentials`);
      await mySpace.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(area);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });
  }

  test('customer: « Mes identifiants » offers the other pages of the space, not itself', async ({ page }) => {
    await loginAs(page, emailOf('customer'));
    await page.goto('/mes-identifiants');
    await expect(page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link')).toHaveText(['Mes informations', 'Mes pièces justificatives']);
  });
});

test.describe('logging in comes back to the page it was asked from', () => {
  test('from a page the visitor may not open yet, through « Page de connexion »', async ({ page }) => {
    await page.goto('/mes-identifiants');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
    await page.getByRole('link', { name: 'Page de connexion' }).click();
    await expect(page).toHaveURL('/login?retour=%2Fmes-identifiants');
    await accessibleAtBothWidths(page, 'login-with-return');
    await logInOnPage(page, emailOf('comitee'));
    await expect(page).toHaveURL('/mes-identifiants');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes identifiants');
  });

  test('from a public page, through « Mon espace »: the page stays, filters included', async ({ page }) => {
    await page.goto('/residences?typologie=T3');
    await page.getByRole('button', { name: 'Mon espace' }).click();
    await page.getByRole('dialog', { name: 'Mon espace' }).getByRole('button', { name: 'Me connecter' }).click();
    const form = page.getByRole('dialog', { name: 'Connexion' });
    await form.getByLabel('E-mail').fill(emailOf('admin'));
    await form.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Connexion' }).click();
    await expect(form).toBeHidden();
    await expect(page).toHaveURL('/residences?typologie=T3');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos résidences');
    // Logged in: the panel now offers the back office.
    await page.getByRole('button', { name: 'Mon espace' }).click();
    await expect(page.getByRole('dialog', { name: 'Intranet' }).getByRole('link', { name: 'Accueil' })).toBeVisible();
  });

  test('never to another site, nor to a page the new session may not open: the role’s landing instead', async ({ page }) => {
    test.slow();
    for (const [retour, role, lands] of [
      ['//evil.example', 'admin', '/admin/accueil'],
      ['https://evil.example/', 'comitee', '/gestion/recommandations'],
      ['/\\evil.example', 'coordinator', '/admin/accueil'],
      ['/admin/liste-des-utilisateurs', 'customer', '/'],
    ] as const) {
      await page.goto(`/login?retour=${encodeURIComponent(retour)}`);
      await logInOnPage(page, emailOf(role));
      await expect(page, `${retour} as ${role}`).toHaveURL(lands);
      expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Ended on the server: a late answer of the landing page renewing the cookie opens nothing again.
      await page.request.post('/api/auth/logout');
    }
  });
});

test.describe('a session that ends while a form is filled', () => {
  test('« Mes informations »: the message sits by the field, with « Page de connexion », which comes back here', async ({ page }) => {
    // A long form checked at two widths, then a login.
    test.slow();
    await loginAs(page, emailOf('customer'));
    await page.goto('/mon-compte-hsa-lli');
    const me = page.getByRole('region', { name: 'Vous', exact: true });
    const city = me.getByLabel('Commune');
    // The session ends elsewhere (another tab logged out, or it expired).
    await page.request.post('/api/auth/logout');
    await city.fill('Ciboure');
    await city.press('Tab');
    const message = 'Votre connexion a expirée, connectez-vous pour pouvoir faire cette action.';
    const error = me.locator('.ui-field__error', { hasText: message });
    await expect(error).toHaveText(`${message} Page de connexion`);
    // The field's own error: under it, and read with it.
    await expect(city).toHaveAttribute('aria-invalid', 'true');
    await expect(city).toHaveAccessibleDescription(`${message} Page de connexion`);
    await expect(me.getByRole('status').first()).toHaveText('Non enregistré : voyez le message sous le champ.');
    await accessibleAtBothWidths(page, 'information-session-ended');
    await error.getByRole('link', { name: 'Page de connexion' }).click();
    await expect(page).toHaveURL('/login?retour=%2Fmon-compte-hsa-lli');
    await logInOnPage(page, emailOf('customer'));
    await expect(page).toHaveURL('/mon-compte-hsa-lli');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes informations');
  });
});

test.describe('the eligibility test on a phone', () => {
  test('brings its verdict into view once given', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tester-mon-eligibilite');
    const form = page.getByRole('form', { name: "Test d'éligibilité" });
    await form.getByLabel('Commune du logement recherché').selectOption({ label: 'Anglet (64600)' });
    await form.getByLabel(/Revenu fiscal de référence/).fill('32 000');
    await form.getByRole('button', { name: 'Vérifier mon éligibilité' }).click();
    const verdict = page.getByRole('heading', { name: 'Vous êtes éligible au logement locatif intermédiaire.' });
    await expect(verdict).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath('eligibility-verdict-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath('eligibility-verdict-1280.png') });
  });
});

test.describe.serial('the invitation offers every role', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('an admin invites a committee member, who registers and lands on the recommendations', async ({ page, browser }) => {
    // Two browsers, an e-mail and a registration.
    test.slow();
    const invited = { email: 'amaia.larralde@example.org', password: 'Un-mot-de-passe-2026' };
    await loginAs(page, emailOf('admin'));
    await page.goto('/admin/liste-des-utilisateurs/nouvel-utilisateur');
    const form = page.getByRole('form', { name: "Invitation d'un utilisateur" });
    const roles = form.getByRole('radiogroup', { name: 'Rôle' });
    await expect(roles.getByRole('radio')).toHaveCount(6);
    for (const label of ['Support technique', 'Gestionnaire', 'Client', 'Coordinateur', 'Comité', 'Membre du comité']) {
      await expect(roles.getByRole('radio', { name: label, exact: true })).toBeVisible();
    }
    await accessibleAtBothWidths(page, 'users-new-every-role');
    await form.getByLabel('E-mail').fill(invited.email);
    await form.getByLabel('Prénom').fill('Amaia');
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Larralde');
    await roles.getByRole('radio', { name: 'Membre du comité', exact: true }).check();
    await form.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await expect(page.getByText(`Le compte de Amaia Larralde est créé : une invitation a été envoyée à ${invited.email}.`)).toBeVisible();

    const mail = await inbox.waitFor((message) => message.to.includes(invited.email));
    const link = mail.links.find((url) => url.includes('/creation-de-compte/'))!;
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
    const member = await context.newPage();
    const opened = await member.goto(new URL(link).pathname);
    expect(opened?.status()).toBe(200);
    await alive(member);
    await member.getByLabel('Nouveau mot de passe', { exact: true }).fill(invited.password);
    await member.getByLabel('Confirmation du mot de passe').fill(invited.password);
    await member.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(member).toHaveURL('/gestion/recommandations');
    // The link is used: its page now answers 404, as it says.
    const used = await member.goto(new URL(link).pathname);
    expect(used?.status()).toBe(404);
    await context.close();
  });
});
