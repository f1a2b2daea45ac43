/**
 * A customer's rights on their own data, from « Mes identifiants »: the archive of everything held about them (their
 * information as PDF and JSON, their documents, who consulted their file), then the erasure of their account and file,
 * refused without the right password, confirmed on a page that needs no session; the address then logs in no more.
 * On a desktop and on a phone, the dialog used from the keyboard alone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { E2E_PORT, E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { pdfFile } from '../support/files.ts';
import { expect, test } from '../support/fixtures.ts';
import { inviteAndRegister, type Applicant } from '../support/journeys.ts';

/** Where the journey's pictures go, to be looked at: `<step>-<width>.png`. */
const SHOTS = '/tmp/shots-account-data';

/** One customer of the journey's own per screen size: the erasure takes their account away. */
const RUNS: { viewport: { width: number; height: number }; applicant: Applicant }[] = [
  { viewport: { width: 1280, height: 800 }, applicant: { email: 'ainhoa.larralde@example.org', password: 'Larrun-Azkaine-2026', firstName: 'Ainhoa', lastName: 'Larralde' } },
  { viewport: { width: 390, height: 844 }, applicant: { email: 'eneko.bidegain@example.org', password: 'Baigura-Helette-2026', firstName: 'Eneko', lastName: 'Bidegain' } },
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

/** The files of a downloaded ZIP, by name. */
async function unzipped(path: string): Promise<string[]> {
  return Object.keys(unzipSync(new Uint8Array(readFileSync(path)))).sort();
}

/** Presses Enter on a control reached from the keyboard. */
async function pressOn(control: Locator): Promise<void> {
  await control.focus();
  await expect(control).toBeFocused();
  await control.page().keyboard.press('Enter');
}

test.describe.serial('a customer’s own data', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  for (const { viewport, applicant } of RUNS) {
    test(`at ${viewport.width} px: a customer downloads their data, then erases their account and file`, async ({ page, browser }) => {
      // An invitation, an archive made by a job and read twice, an erasure, three axe analyses.
      test.slow();
      await page.setViewportSize(viewport);
      await inviteAndRegister(browser, page, inbox, applicant);
      const sent = await page.request.post('/api/records/documents/upload', {
        headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
        multipart: { type: 'p1_nat_id', file: pdfFile('carte-identite.pdf') },
      });
      expect(sent.status(), await sent.text()).toBe(201);

      await page.goto('/mes-identifiants');
      const section = page.getByRole('region', { name: 'Mes données personnelles' });
      await expect(section).toContainText(
        'vos informations en PDF et en JSON, vos pièces justificatives telles que nous les conservons, et la liste des consultations de votre dossier par notre équipe',
      );
      await expect(section).toContainText('Son lien reste valable une heure.');
      await checked(page, 'section[aria-labelledby="credentials-data-title"]', 'section', 'part');

      // The archive: prepared by a job, then downloaded by itself; its link downloads it again.
      const status = section.getByRole('status').filter({ hasText: /archive/ });
      const exportButton = section.getByRole('button', { name: 'Télécharger mes données' });
      let downloading = page.waitForEvent('download');
      await pressOn(exportButton);
      await expect(status).toHaveText('Préparation de votre archive…');
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^mes-donnees-hsa-\d{4}-\d{2}-\d{2}\.zip$/);
      const names = await unzipped(await download.path());
      expect(names).toEqual(expect.arrayContaining(['dossier.pdf', 'dossier.json']));
      expect(names.filter((name) => name.startsWith('pieces/'))).toEqual([expect.stringMatching(/^pieces\/01-.*carte-identite\.pdf$/)]);
      await expect(status).toHaveText('Votre archive est prête : son téléchargement a commencé.');
      // The button stayed where the keyboard left it while the archive was made.
      await expect(exportButton).toBeFocused();
      const again = section.getByRole('link', { name: 'Télécharger l’archive (ZIP)' });
      await expect(again).toHaveAttribute('href', /^\/api\/records\/export-mine\/[\w-]+$/);
      await section.screenshot({ path: join(SHOTS, `section-ready-${viewport.width}.png`) });
      downloading = page.waitForEvent('download');
      await again.click();
      expect((await downloading).suggestedFilename()).toBe(download.suggestedFilename());

      // The erasure, from the keyboard: a wrong password is refused beside its field, and nothing is erased.
      const erase = section.getByRole('button', { name: 'Supprimer mon compte et mon dossier' });
      await pressOn(erase);
      const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte et mon dossier' });
      await expect(dialog).toContainText('Votre compte, votre dossier et vos pièces justificatives seront effacés. Cette action est définitive.');
      const password = dialog.getByLabel('Mot de passe');
      await expect(password).toBeFocused();
      await expect(password).toHaveAttribute('autocomplete', 'current-password');
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('Veuillez saisir votre mot de passe actuel.')).toBeVisible();
      await page.keyboard.type('Pas-le-bon-2026');
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Effacer définitivement' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('Le mot de passe est incorrect.')).toBeVisible();
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toBeFocused();
      expect((await page.request.post('/api/users/get-me')).status()).toBe(200);
      await checked(page, 'dialog[open]', 'confirmation-error', 'screen');

      // Escape closes the dialog where it was opened from; opened again, it has forgotten the attempt.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(erase).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(password).toBeFocused();
      await expect(password).toHaveValue('');
      await expect(dialog.getByText('Le mot de passe est incorrect.')).toHaveCount(0);

      // The right one: the confirmation, in place, once the application knows the session has ended.
      await page.keyboard.type(applicant.password);
      const guestPages = page.waitForResponse((response) => response.url().endsWith('/api/auth/get-pages'));
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText('Compte effacé');
      await expect(heading).toBeFocused();
      await guestPages;
      const main = page.getByRole('main');
      await expect(main.getByRole('status')).toHaveText(/Votre compte et votre dossier ont été effacés\./);
      await expect(main.getByRole('list').first().getByRole('listitem')).toContainText(['votre compte', 'votre dossier et toutes vos pièces justificatives']);
      await expect(main.getByRole('heading', { name: 'Ce que nous conservons' })).toHaveCount(0);
      expect((await page.request.post('/api/users/get-me')).status()).toBe(401);
      // Still there once the visitor's pages have come: the guard lets it be read; the header is a visitor's.
      await expect(heading).toHaveText('Compte effacé');
      await page.getByRole('button', { name: 'Mon espace' }).click();
      await expect(page.getByRole('dialog', { name: 'Mon espace' })).toContainText('Vous n\'êtes pas connecté(e).');
      await page.keyboard.press('Escape');
      await checked(page, 'main', 'erased', 'part');

      await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
      await expect(page).toHaveURL('/');

      // The address logs in no more: the login page answers as for any wrong address or password.
      await page.goto('/login');
      const login = page.getByRole('form', { name: 'Connexion' });
      await login.getByLabel('E-mail').fill(applicant.email);
      await login.getByLabel('Mot de passe').fill(applicant.password);
      await login.getByRole('button', { name: 'Connexion' }).click();
      await expect(login.getByText('E-mail ou mot de passe incorrect.')).toBeVisible();
    });
  }
});
