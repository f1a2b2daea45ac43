import { readFile } from 'node:fs/promises';
import type { NewFile } from '../../api/src/test-data/types.ts';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { alive, emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { withTestData } from '../support/test-data.ts';

/**
 * Files of their own, twelve so that a search for them has a second page of ten: written into the server's database
 * through the API's entities. Other journeys open files too, so the counts below never rest on the whole list.
 */
const EXTRA = Array.from({ length: 12 }, (_, index) => ({ reference: `DOS-2026-8${String(index + 1).padStart(2, '0')}`, lastName: `Etchegaray ${index + 1}` }));

test.describe.serial('the application files staff work from', () => {
  test.beforeAll(async () => {
    await withTestData(async (data) => {
      const missing: typeof EXTRA = [];
      for (const extra of EXTRA) if ((await data.recordId(extra.reference)) === null) missing.push(extra);
      const createdAt = new Date('2026-01-05T10:00:00Z');
      await data.files(
        missing.map((extra): NewFile => ({
          reference: extra.reference,
          stage: 'abandoned',
          situation: 'alone',
          dependants: 0,
          createdAt,
          updatedAt: createdAt,
          persons: [{ position: 1, firstName: 'Ellande', lastName: extra.lastName }],
        })),
      );
    });
  });

  test('an hsa filters, searches, sorts and pages the files, and finds the same list after a reload', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/accueil');
    await alive(page);
    // The menu's first entry after the home page.
    const menu = page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link');
    await expect(menu.nth(1)).toHaveText('Dossiers');
    await menu.nth(1).click();
    await expect(page).toHaveURL('/admin/liste-des-dossiers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dossiers');
    const table = page.getByRole('table', { name: 'Dossiers' });
    const mendiburu = table.getByRole('row', { name: /Ainhoa et Thomas Mendiburu/ });
    await expect(mendiburu).toContainText('DOS-2026-0002');
    await expect(mendiburu).toContainText('Couple, 1 enfant');
    await expect(mendiburu).toContainText('T2 de 47 m² — Résidence Les Hortensias');
    await expect(mendiburu).toContainText('En instruction');
    await expect(mendiburu).toContainText('0/12');
    // The reference leads to the file's page.
    await expect(mendiburu.getByRole('link', { name: 'DOS-2026-0002' })).toHaveAttribute('href', /^\/admin\/liste-des-dossiers\/\d+$/);
    // On a computer every column is in sight: the table does not scroll sideways (it does on a phone).
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBe(0);
    await accessibleAtBothWidths(page, 'records-list');

    // Ten files a page: the twelve files of the search end on a second page of two.
    await page.getByLabel('Rechercher un dossier').fill('Etchegaray');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByLabel('Lignes par page').selectOption('10');
    await expect(table.getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: /suivante/i }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(table.getByRole('row')).toHaveCount(3);

    // Sorted by reference, from the last.
    await page.getByRole('button', { name: /^Référence/ }).click();
    await expect(page).toHaveURL(/tri=reference/);
    await page.getByRole('button', { name: /^Référence/ }).click();
    await expect(page).toHaveURL(/ordre=desc/);
    await expect(table.getByRole('row').nth(1)).toContainText('DOS-2026-812');
    await page.getByRole('button', { name: 'Tout afficher' }).click();

    // A stage and a flat size.
    await page.getByLabel('Stade').selectOption({ label: 'En instruction' });
    await expect(page).toHaveURL(/stade=under_review/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByLabel('Typologie').selectOption({ label: 'T2' });
    await expect(page).toHaveURL(/typologie=T2/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByLabel('Typologie').selectOption({ label: 'T3' });
    await expect(table.getByText('Aucun résultat pour cette recherche et ces filtres.')).toBeVisible();
    await page.getByRole('button', { name: 'Tout afficher' }).click();

    // A residence, then one of its goods.
    const optionOf = async (label: string, text: string) => (await page.getByLabel(label, { exact: true }).locator('option', { hasText: text }).getAttribute('value'))!;
    await page.getByLabel('Résidence', { exact: true }).selectOption(await optionOf('Résidence', 'Résidence Arrosa'));
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Lucas Bergeret');
    // Lucas Bergeret wishes the studio of Résidence Arrosa.
    await page.getByLabel('Bien', { exact: true }).selectOption(await optionOf('Bien', 'Studio'));
    await expect(page).toHaveURL(/bien=\d+/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByLabel('Bien', { exact: true }).selectOption(await optionOf('Bien', 'T3'));
    await expect(table.getByText('Aucun résultat pour cette recherche et ces filtres.')).toBeVisible();
    await page.getByRole('button', { name: 'Tout afficher' }).click();

    // Eligibility, documents, follower.
    await page.getByLabel('Éligibilité LLI').selectOption({ label: 'Non éligibles' });
    await expect(table.getByText('Aucun résultat pour cette recherche et ces filtres.')).toBeVisible();
    await page.getByLabel('Éligibilité LLI').selectOption({ label: 'Éligibles' });
    await expect(table.getByRole('row')).toHaveCount(5);
    await page.getByLabel('Pièces justificatives').selectOption({ label: 'Dossiers incomplets' });
    await expect(page).toHaveURL(/pieces=incompletes/);
    await expect(table.getByRole('row')).toHaveCount(5);
    await page.getByLabel('Suivi').selectOption({ label: 'Suivis par moi' });
    await expect(page).toHaveURL(/suivi=moi/);
    await expect(table.getByText('Aucun résultat pour cette recherche et ces filtres.')).toBeVisible();
    await page.getByRole('button', { name: 'Tout afficher' }).click();

    // A search by name, kept with the sort through a reload.
    await page.getByLabel('Rechercher un dossier').fill('haramburu');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/recherche=haramburu/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Michèle Haramburu');
    await page.getByLabel('Stade').selectOption({ label: 'Présenté en comité' });
    await page.reload();
    await expect(page.getByLabel('Rechercher un dossier')).toHaveValue('haramburu');
    await expect(page.getByLabel('Stade')).toHaveValue('committee');
    await expect(page).toHaveURL(/tri=reference&ordre=desc/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('DOS-2026-0003');
    await accessibleAtBothWidths(page, 'records-list-filtered');

    // The list as it is filtered now, exported: the file holds the same file, in French, for a French spreadsheet.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^dossiers-.*\.csv$/);
    const text = (await readFile(await file.path())).toString('utf8');
    expect(text.startsWith('\uFEFF"Référence";"Demandeurs"')).toBe(true);
    expect(text).toContain('"DOS-2026-0003";"Michèle Haramburu"');
    expect(text.trim().split('\r\n')).toHaveLength(2);
  });

  test('a coordinator sees the list too', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('coordinator'));
    await page.goto('/admin/liste-des-dossiers');
    await alive(page);
    const table = page.getByRole('table', { name: 'Dossiers' });
    await expect(table.getByRole('row', { name: /Julien et Claire Darrigrand/ })).toContainText('Complet');
    // The demo's files and this journey's twelve, whatever other journeys opened meanwhile.
    await page.getByLabel('Rechercher un dossier').fill('Etchegaray');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(table.getByRole('row')).toHaveCount(13);
    await accessibleAtBothWidths(page, 'records-list-coordinator');
  });
});
