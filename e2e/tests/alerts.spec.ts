/**
 * E-mail alerts on the public list: a visitor filters /residences and asks for an alert from its dialog (a bad address
 * refused under its field first), confirms it from the e-mailed link with the keyboard (opening the page confirms
 * nothing), then keeps it and unsubscribes from the page its e-mails link to; a customer finds the alerts of their
 * address in « Mes identifiants », keeps one and deletes another. On a desktop and on a phone, axe-clean, with a
 * picture of each screen in /tmp/alerts-shots.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AlertView } from '@hsa-lli/common/domain';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { alertPagePath } from '../support/alerts.ts';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { emailOf, expect, loginAs, test } from '../support/fixtures.ts';

/** Where the journey's pictures go, to be looked at: `<step>-<width>.png`. */
const SHOTS = '/tmp/alerts-shots';

const RUNS = [
  { viewport: { width: 1280, height: 800 }, email: 'maialen.etcheverry@example.org' },
  { viewport: { width: 390, height: 844 }, email: 'ane.bidart@example.org' },
];

/**
 * No axe-core violation in `part` (a CSS selector: axe takes those), nothing wider than the screen, and a picture: of
 * the part itself, or of the screen (a dialog over the page).
 */
async function checked(page: Page, part: string, shot: string, picture: 'part' | 'screen'): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().include(part).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), shot).toEqual([]);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${shot} fits ${width} px`).toBeLessThanOrEqual(width);
  const path = join(SHOTS, `${shot}-${width}.png`);
  await (picture === 'part' ? page.locator(part).screenshot({ path }) : page.screenshot({ path }));
}

/** Presses Enter on a control reached from the keyboard. */
async function pressOn(control: Locator): Promise<void> {
  await control.focus();
  await expect(control).toBeFocused();
  await control.page().keyboard.press('Enter');
}

/** Filters the list as a visitor does: a commune and a flat size, then « Filtrer ». */
async function filterList(page: Page): Promise<void> {
  await page.goto('/residences');
  const filters = page.getByRole('form', { name: 'Filtrer les résidences' });
  await filters.getByLabel('Commune').selectOption({ label: 'Anglet' });
  await filters.getByLabel('Typologie').selectOption({ label: 'T3' });
  await filters.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page).toHaveURL(/commune=64024/);
  await expect(page).toHaveURL(/typologie=T3/);
  // The list of the new address is there: the button follows its search.
  await expect(page.getByRole('status').filter({ hasText: /correspondant à vos critères|Aucune résidence/ })).toBeVisible();
}

/** The confirmation e-mail's link to `email`, as a path of the site. */
async function confirmationPath(inbox: SmtpInbox, email: string): Promise<string> {
  const mail = await inbox.waitFor((each) => each.to.includes(email) && each.subject === 'Confirmez votre alerte');
  expect(mail.text).toContain('« Anglet · T3 »');
  return new URL(mail.links.find((url) => url.includes('/alertes/confirmation/'))!).pathname;
}

/** Confirms from the link's page with the keyboard; answers the alert as the API gave it. */
async function confirmFromPage(page: Page): Promise<AlertView> {
  const confirmed = page.waitForResponse((response) => response.url().endsWith('/api/front/alerts/confirm'));
  await pressOn(page.getByRole('button', { name: 'Confirmer mon alerte' }));
  const { alert } = (await (await confirmed).json()) as { alert: AlertView };
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Votre alerte est active.' })).toBeVisible();
  return alert;
}

/** A day as the pages write it (`formatDate`), from its YYYY-MM-DD. */
function frenchDay(day: string): string {
  const months = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date === 1 ? '1er' : date} ${months[month - 1]} ${year}`;
}

test.describe.serial('e-mail alerts', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  for (const { viewport, email } of RUNS) {
    test(`at ${viewport.width} px: a visitor follows a search of the list, confirms it from the e-mail, then keeps it and unsubscribes`, async ({ page }) => {
      // Two pages of links, five axe analyses and an e-mail: longer than one page's journey.
      test.slow();
      await page.setViewportSize(viewport);
      await filterList(page);

      // The dialog, from the keyboard: a bad address is refused under its field, nothing is sent.
      const open = page.getByRole('button', { name: 'Créer une alerte' });
      await open.scrollIntoViewIfNeeded();
      await checked(page, 'main', 'list', 'screen');
      await pressOn(open);
      const dialog = page.getByRole('dialog', { name: 'Créer une alerte' });
      await expect(dialog).toContainText('Votre alerte suit la recherche : Anglet · T3');
      await expect(dialog).toContainText('au plus un e-mail par jour, seulement quand un logement de cette recherche est publié ou se libère');
      await expect(dialog.getByRole('link', { name: 'données personnelles' })).toHaveAttribute('href', '/reglement-general-sur-la-protection-des-donnees-personnelles');
      const address = dialog.getByLabel('Votre adresse e-mail');
      await expect(address).toBeFocused();
      await checked(page, 'dialog[open]', 'form', 'screen');
      await page.keyboard.type('maialen@exemple');
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('L\'adresse e-mail n\'est pas valide.')).toBeVisible();
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await expect(address).toBeFocused();
      await checked(page, 'dialog[open]', 'form-error', 'screen');

      await address.fill(email);
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('status').filter({ hasText: 'Un e-mail de confirmation' })).toHaveText(
        `Information : Un e-mail de confirmation a été envoyé à ${email} : ouvrez-le pour activer votre alerte.`,
      );
      await checked(page, 'dialog[open]', 'form-sent', 'screen');
      // Escape closes the dialog where it was opened from.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();

      // The e-mailed link: its page confirms nothing by itself (mail scanners open links), then the keyboard does.
      const confirmation = await confirmationPath(inbox, email);
      await page.goto(confirmation);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmer mon alerte');
      await expect(page.getByRole('main')).toContainText('Confirmez-le pour activer votre alerte');
      await checked(page, 'main', 'confirmation', 'part');
      const alert = await confirmFromPage(page);
      const facts = page.getByRole('main').getByRole('definition');
      await expect(facts).toHaveText(['Anglet · T3', frenchDay(alert.ends_on!)]);
      await expect(page.getByRole('link', { name: 'Voir les logements de cette recherche' })).toHaveAttribute('href', '/residences?commune=64024&typologie=T3');
      await checked(page, 'main', 'confirmation-done', 'part');

      // Used once, the link confirms no more, and says why it may be.
      await page.reload();
      await pressOn(page.getByRole('button', { name: 'Confirmer mon alerte' }));
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Ce lien' })).toHaveText('Attention : Ce lien ne permet pas de confirmer une alerte.');
      await expect(page.getByRole('main')).toContainText('Il a déjà servi : votre alerte est alors active');
      await checked(page, 'main', 'confirmation-unusable', 'part');

      // The alert's own page, as its e-mails link to it: kept, then unsubscribed, from the keyboard.
      const own = await alertPagePath(alert);
      await page.goto(own);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon alerte');
      await expect(page.getByRole('main').getByRole('definition')).toHaveText(['Anglet · T3', 'Active', frenchDay(alert.ends_on!), 'Aucun pour l’instant']);
      await checked(page, 'main', 'manage', 'part');
      await pressOn(page.getByRole('button', { name: 'Garder cette alerte' }));
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'C’est noté' })).toHaveText(
        /^Information : C’est noté : votre alerte continue jusqu’au \d{1,2}(er)? \S+ \d{4}\.$/,
      );
      await checked(page, 'main', 'manage-renewed', 'part');
      await pressOn(page.getByRole('button', { name: 'Me désinscrire' }));
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Vous ne recevrez plus' })).toHaveText(
        'Information : Vous ne recevrez plus d’e-mail pour cette alerte.',
      );
      await expect(page.getByRole('button', { name: 'Garder cette alerte' })).toHaveCount(0);
      await checked(page, 'main', 'manage-unsubscribed', 'part');
      await page.reload();
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Ce lien' })).toHaveText('Attention : Ce lien ne permet pas de gérer une alerte.');
      await checked(page, 'main', 'manage-unusable', 'part');
    });
  }

  test('a customer finds the alerts of their address in « Mes identifiants », keeps one and deletes another', async ({ page }) => {
    test.slow();
    const customer = emailOf('customer');
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, customer);
    await page.goto('/mes-identifiants');
    const section = page.getByRole('region', { name: 'Mes alertes' });
    await expect(section).toContainText('Vous ne suivez aucune recherche.');
    await expect(section.getByRole('link', { name: 'liste de nos résidences' })).toHaveAttribute('href', '/residences');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await checked(page, 'section[aria-labelledby="credentials-alerts-title"]', 'account-empty', 'part');
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Two alerts asked from the list, the address already written: one confirmed, one left waiting.
    await filterList(page);
    await page.getByRole('button', { name: 'Créer une alerte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une alerte' });
    await expect(dialog.getByLabel('Votre adresse e-mail')).toHaveValue(customer);
    await dialog.getByRole('button', { name: 'Créer mon alerte' }).click();
    await expect(dialog).toContainText(`Un e-mail de confirmation a été envoyé à ${customer}`);
    await page.goto(await confirmationPath(inbox, customer));
    const confirmed = await confirmFromPage(page);
    await page.goto('/residences?disponible=1');
    await page.getByRole('button', { name: 'Créer une alerte' }).click();
    await expect(dialog).toContainText('Votre alerte suit la recherche : Disponibles immédiatement');
    await dialog.getByRole('button', { name: 'Créer mon alerte' }).click();
    await expect(dialog).toContainText(`Un e-mail de confirmation a été envoyé à ${customer}`);

    await page.goto('/mes-identifiants');
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Disponibles immédiatement');
    await expect(items.nth(0)).toContainText('En attente de confirmation');
    await expect(items.nth(1)).toContainText('Anglet · T3');
    await expect(items.nth(1)).toContainText(`Active jusqu’au ${frenchDay(confirmed.ends_on!)}`);
    await expect(items.nth(1)).toContainText('Dernier e-mail : aucun pour l’instant');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await checked(page, 'section[aria-labelledby="credentials-alerts-title"]', 'account', 'part');
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    await pressOn(section.getByRole('button', { name: 'Garder un an de plus l’alerte « Anglet · T3 »' }));
    await expect(section.getByRole('status').filter({ hasText: 'continue jusqu’au' })).toHaveText(/^Information : L’alerte « Anglet · T3 » continue jusqu’au /);
    await checked(page, 'section[aria-labelledby="credentials-alerts-title"]', 'account-renewed', 'part');

    // The deletion asks first (Escape leaves it where it was asked from); the keyboard confirms it, and the list says
    // what went.
    const remove = section.getByRole('button', { name: 'Supprimer l’alerte « Disponibles immédiatement »' });
    const question = page.getByRole('dialog', { name: 'Supprimer cette alerte ?' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await pressOn(remove);
      await expect(question).toContainText('Vous ne recevrez plus d’e-mail pour la recherche « Disponibles immédiatement ».');
      await checked(page, 'dialog[open]', 'account-delete', 'screen');
      await page.keyboard.press('Escape');
      await expect(question).toBeHidden();
      await expect(remove).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await question.getByRole('button', { name: 'Supprimer l’alerte' }).focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('status').filter({ hasText: 'a été supprimée' })).toHaveText(
      'Information : L’alerte « Disponibles immédiatement » a été supprimée : vous ne recevrez plus d’e-mail pour cette recherche.',
    );
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('Anglet · T3');
    await checked(page, 'section[aria-labelledby="credentials-alerts-title"]', 'account-deleted', 'part');
    await page.setViewportSize({ width: 1280, height: 800 });
    await checked(page, 'section[aria-labelledby="credentials-alerts-title"]', 'account-deleted', 'part');
    expect((await (await page.request.post('/api/alerts/mine/list')).json()).data).toHaveLength(1);
  });
});
