import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { emailOf, expect, loginAs, test } from '../support/fixtures.ts';

const DEMO_GOOD_ID = 1;

/**
 * Presses « Télécharger le PDF », sees its progress, and keeps the downloaded file: its first bytes, its text (poppler's
 * pdftotext) and a picture of each page (pdftoppm) in the test's output folder, `<name>-<page>.png`, to be looked at.
 */
async function downloadThroughButton(page: Page, name: string): Promise<{ head: string; text: string; pictures: string[] }> {
  const downloaded = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Préparation du PDF…' })).toBeVisible();
  const download = await downloaded;
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  await expect(page.getByText(`Le PDF « ${download.suggestedFilename()} » est téléchargé.`)).toBeVisible();
  const pictures = test.info().outputPath(name);
  execFileSync('pdftoppm', ['-png', '-r', '80', file, pictures]);
  return {
    head: readFileSync(file).subarray(0, 5).toString('latin1'),
    text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '),
    pictures: readdirSync(test.info().outputPath()).filter((entry) => entry.startsWith(name) && entry.endsWith('.png')),
  };
}

test.describe('the printable PDFs', () => {
  // The first PDF starts the API's Chromium, which is also prerendering the public pages the API just started with.
  test.setTimeout(120_000);

  test('an hsa opens the executive note from the good’s page and downloads its PDF', async ({ page }) => {
    await loginAs(page, emailOf('hsa'));
    await page.goto(`/admin/liste-des-biens/${DEMO_GOOD_ID}`);
    await page.getByRole('link', { name: 'Note de direction (PDF)' }).click();
    await expect(page).toHaveURL(`/PDF/note-de-direction/${DEMO_GOOD_ID}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Loyer et plafond LLI' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Diagnostic de performance énergétique' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Dossiers candidats/ })).toBeVisible();
    await accessibleAtBothWidths(page, 'note-de-direction');

    const reference = (await page.locator('.pdf-header__meta strong').textContent())!;
    const pdf = await downloadThroughButton(page, 'note-de-direction');
    expect(pdf.head).toBe('%PDF-');
    expect(pdf.text).toContain(reference);
    expect(pdf.text).toContain('Loyer et plafond LLI');
    // The button is the page's, never the paper's.
    expect(pdf.text).not.toContain('Télécharger');
    expect(pdf.pictures.length).toBeGreaterThan(0);
  });

  test('an hsa opens the applicant summary from the file’s page and downloads its PDF', async ({ page }) => {
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/liste-des-dossiers');
    const first = page.getByRole('table').getByRole('link').first();
    const reference = (await first.textContent())!.trim();
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
    await page.getByRole('link', { name: 'Fiche de synthèse (PDF)' }).click();
    await expect(page).toHaveURL(/\/PDF\/fiche-synthese-demandeur\/\d+$/);
    for (const section of ['Foyer', 'Ressources et plafonds LLI', 'Pièces justificatives', 'Historique du suivi']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    const applicants = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await accessibleAtBothWidths(page, 'fiche-de-synthese');

    const pdf = await downloadThroughButton(page, 'fiche-de-synthese');
    expect(pdf.head).toBe('%PDF-');
    expect(pdf.text).toContain(reference);
    expect(pdf.text).toContain(applicants);
    expect(pdf.text).not.toContain('Télécharger');
  });

  test('the button explains in French when the server cannot print, or when printing failed', async ({ page }) => {
    await loginAs(page, emailOf('hsa'));
    await page.goto(`/PDF/note-de-direction/${DEMO_GOOD_ID}`);
    await page.route('**/api/goods/*/PDF/executive.pdf', (route) =>
      route.fulfill({
        status: 503,
        json: { error: 'Le serveur ne dispose pas du navigateur Chromium qui imprime les PDF : le document ne peut pas être préparé. Prévenez l’équipe technique (variable CHROMIUM_PATH).' },
      }),
    );
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'ne dispose pas du navigateur Chromium' })).toBeVisible();

    await page.unroute('**/api/goods/*/PDF/executive.pdf');
    const job = { id: 'executive-1-x', queue: 'pdf', name: 'print', result: null };
    await page.route('**/api/goods/*/PDF/executive.pdf', (route) => route.fulfill({ status: 202, json: { job: { ...job, state: 'waiting', failed_reason: null } } }));
    await page.route('**/api/goods/*/PDF/executive/jobs/*', (route) =>
      route.fulfill({
        json: { job: { ...job, state: 'failed', failed_reason: 'Le PDF n’a pas pu être préparé. Réessayez dans quelques instants ; si cela se reproduit, prévenez l’équipe technique.' } },
      }),
    );
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /Le PDF n’a pas pu être préparé\. Réessayez/ })).toBeVisible();
  });

  test('a staff member at their daily number of files is told so on the summary sheet, as on the file’s page', async ({ page }) => {
    await loginAs(page, emailOf('coordinator'));
    const limit = 'Vous avez consulté 200 dossiers ces dernières 24 heures, le maximum permis.';
    await page.route('**/api/records/*/PDF/summary', (route) => route.fulfill({ status: 429, json: { error: limit } }));
    await page.goto('/PDF/fiche-synthese-demandeur/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultation impossible');
    await expect(page.getByText(limit)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Télécharger le PDF' })).toHaveCount(0);
  });

  test('the summary sheet is closed to a committee member, who is told so', async ({ page }) => {
    await loginAs(page, emailOf('member'));
    await page.goto('/PDF/fiche-synthese-demandeur/1');
    await expect(page.getByText('Cette page ne vous est pas accessible.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Télécharger le PDF' })).toHaveCount(0);
  });
});
