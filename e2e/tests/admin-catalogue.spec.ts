import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { alive, emailOf, expect, loginAs, test } from '../support/fixtures.ts';

/** A photo as a camera would give it: a JPEG of a few hundred pixels, of one colour. */
async function photo(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function fillResidence(page: Page, residence: { name: string; reference: string }) {
  const form = page.getByRole('form', { name: 'Nouvelle résidence' });
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(residence.name);
  await form.getByRole('textbox', { name: 'Référence', exact: true }).fill(residence.reference);
  await form.getByRole('combobox', { name: 'Commune' }).selectOption({ label: 'Biarritz (64200)' });
  await expect(form.getByText('Zone (selon la commune)').locator('..')).toContainText('A');
  await form.getByRole('textbox', { name: 'Quartier', exact: true }).fill('Saint-Charles');
  await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('3 rue du Helder');
  await form.getByRole('textbox', { name: 'Description de la résidence', exact: true }).fill('Dix-huit appartements lumineux à dix minutes à pied de la Grande Plage.');
  await form.getByRole('checkbox', { name: 'Ascenseur' }).check();
  await form.getByRole('checkbox', { name: "Pas de frais d'agence" }).check();
  return form;
}

// One after the other: the list's journey looks for the residence the first one creates.
test.describe.serial('the catalogue run by a manager', () => {
  test('an hsa creates a residence with photos, publishes it and finds it on the public site', async ({ page, browser }) => {
    test.slow();
    const residence = { name: 'Résidence Les Mimosas', reference: 'RES-BIA-42' };
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/liste-des-residences');
    await page.getByRole('link', { name: 'Nouvelle résidence' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouvelle résidence');

    // A form sent empty says what is missing, field by field, in French.
    const empty = page.getByRole('form', { name: 'Nouvelle résidence' });
    await empty.getByRole('button', { name: 'Créer la résidence' }).click();
    await expect(empty.getByText('Indiquez le nom de la résidence.')).toBeVisible();
    await expect(empty.getByText('Choisissez la commune dans la liste.')).toBeVisible();

    const form = await fillResidence(page, residence);
    // Leaving with unsaved changes asks first.
    await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Équipements' }).click();
    const leave = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Rester sur la page' }).click();
    await expect(form.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue(residence.name);

    await form.getByRole('button', { name: 'Créer la résidence' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(residence.name);
    await expect(page.getByText(`La résidence « ${residence.name} » a été créée.`)).toBeVisible();
    expect(page.url()).toMatch(/\/admin\/liste-des-residences\/\d+$/);

    // Two photos at once, then the second one first, with the keyboard.
    await page.getByLabel('Ajouter des photos').setInputFiles([await photo('facade.jpg', '#c2452d'), await photo('salon.jpg', '#0b4a6f')]);
    await expect(page.getByText('2 photos ont été ajoutées.')).toBeVisible();
    await expect(page.getByText('Photo 2 sur 2')).toBeVisible();
    const second = page.getByRole('button', { name: /^Déplacer avant : .*2/ });
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /déplacée/ })).toBeVisible();
    const history = page.getByRole('region', { name: 'Historique' });
    await expect(history).toContainText('Photos ajoutées (2)');

    // A good in it, offered on the site, with its rent checked against the LLI ceiling of the zone.
    const residenceUrl = page.url();
    await page.getByRole('link', { name: 'Ajouter un bien' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau bien');
    const good = page.getByRole('form', { name: 'Nouveau bien' });
    await expect(good.getByRole('combobox', { name: 'Résidence' })).toHaveValue(residenceUrl.split('/').pop()!);
    await good.getByRole('checkbox', { name: 'Proposer ce bien sur le site' }).check();
    await good.getByRole('textbox', { name: 'Référence', exact: true }).fill('RES-BIA-42-01');
    await good.getByRole('combobox', { name: 'Typologie' }).selectOption('T3');
    await good.getByRole('textbox', { name: 'Surface (m²)' }).fill('64,5');
    await good.getByRole('textbox', { name: 'Loyer mensuel charges comprises' }).fill('1 050');
    await good.getByRole('textbox', { name: 'Dont charges mensuelles' }).fill('90');
    await good.getByRole('textbox', { name: /Consommation d’énergie/ }).fill('95');
    await good.getByRole('textbox', { name: /Émissions de gaz/ }).fill('12');
    await good.getByRole('textbox', { name: 'Description du bien', exact: true }).fill('Trois pièces traversant au deuxième étage, balcon plein sud.');
    // 960 € without its charges, over the 934,83 € of zone A for 64,5 m²: said as it is typed, and refused on the rent.
    await expect(good.getByText(/ne peut pas être loué à ce prix, ni proposé sur le site/)).toBeVisible();
    await good.getByRole('button', { name: 'Créer le bien' }).click();
    await expect(good.getByText(/^Le loyer hors charges \(960,00\s€\) dépasse le plafond LLI \d{4} de la zone A pour 64,5\sm² \(934,83\s€\)/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau bien');
    await good.getByRole('textbox', { name: 'Loyer mensuel charges comprises' }).fill('1 020');
    await good.getByRole('button', { name: 'Créer le bien' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('RES-BIA-42-01');
    await page.getByLabel('Ajouter des photos').setInputFiles([await photo('sejour.jpg', '#1f7a3d')]);
    await expect(page.getByText('La photo a été ajoutée.')).toBeVisible();
    await accessibleAtBothWidths(page, 'good');
    await page.goto(residenceUrl);

    // Publication: the residence appears on the public site, with its photos and its good.
    await page.getByRole('radio', { name: 'Publiée' }).check();
    await page.getByRole('button', { name: 'Enregistrer' }).first().click();
    await expect(page.getByText('Les modifications ont été enregistrées.')).toBeVisible();
    await expect(history).toContainText('Publication');
    await accessibleAtBothWidths(page, 'residence');

    const visitor = await browser.newPage();
    await visitor.goto('/residences');
    await alive(visitor);
    await visitor.getByRole('link', { name: new RegExp(residence.name) }).first().click();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(residence.name);
    await expect(visitor.getByRole('img', { name: /Les Mimosas/ }).first()).toBeVisible();
    await visitor.getByRole('link', { name: /T3/ }).first().click();
    await expect(visitor.getByRole('heading', { level: 1 })).toContainText('T3');
    await expect(visitor.getByText(/1\s020,00\s€/).first()).toBeVisible();
    await visitor.close();
  });

  test('the residences list keeps its filters, sort and page in the address, through a reload', async ({ page }) => {
    // Many reloads of the list: near 30 s on a loaded machine.
    test.slow();
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/liste-des-residences');
    const table = page.getByRole('table', { name: 'Résidences' });
    await page.getByLabel('Statut').selectOption({ label: 'Publiée' });
    await expect(page).toHaveURL(/statut=published/);
    await table.getByRole('button', { name: /Commune/ }).click();
    await expect(page).toHaveURL(/tri=city/);
    await page.getByLabel('Rechercher une résidence').fill('Mimosas');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.reload();
    await expect(page.getByLabel('Statut')).toHaveValue('published');
    await expect(page.getByLabel('Rechercher une résidence')).toHaveValue('Mimosas');
    await expect(table.getByRole('columnheader', { name: /Commune/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('row').nth(1)).toContainText('Résidence Les Mimosas');
    await page.getByLabel('Statut').selectOption({ label: 'Brouillon' });
    await expect(table).toContainText('Aucun résultat pour cette recherche et ces filtres.');
    await page.getByRole('button', { name: 'Tout afficher' }).click();
    await expect(page).not.toHaveURL(/statut=/);
    await accessibleAtBothWidths(page, 'residences');
  });
});

// Journeys that need nothing from the ones above: a failure there must not leave them unrun.
test.describe('the catalogue’s lists and forms', () => {
  test('the goods and equipments lists and pages work on a phone, with the keyboard and without axe violations', async ({ page }) => {
    test.slow();
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/liste-des-biens');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biens');
    // The address speaks French; the list asks the API with the spec's names.
    await page.getByLabel('Typologie').selectOption('T3');
    await expect(page).toHaveURL(/typologie=T3/);
    const goods = page.getByRole('table', { name: 'Biens' });
    await expect(goods.getByRole('row').nth(1)).toContainText('T3');
    for (const row of await goods.getByRole('row').all()) if ((await row.getByRole('cell').count()) > 0) await expect(row).toContainText('T3');
    await accessibleAtBothWidths(page, 'goods');
    await page.goto('/admin/liste-des-equipements?type=residence');
    const table = page.getByRole('table', { name: 'Équipements' });
    await expect(table.getByRole('row').nth(1)).toContainText('Équipement de résidence');
    await accessibleAtBothWidths(page, 'equipments');
    // From the list to an equipment's page with the keyboard alone.
    const first = table.getByRole('link').first();
    const name = await first.textContent();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!);
    await expect(page.getByText(/Utilisé par/)).toBeVisible();
    await accessibleAtBothWidths(page, 'equipment');
  });

  test('a form whose lists of choices cannot be read says so in their place, and « Réessayer » brings them', async ({ page }) => {
    await loginAs(page, emailOf('hsa'));
    // The API cannot be reached for the residences and the equipments, then can again.
    let down = true;
    for (const path of ['**/api/residences/get-options', '**/api/equipments/list']) {
      await page.route(path, (route) => (down ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service indisponible"}' }) : route.continue()));
    }
    await page.goto('/admin/liste-des-biens/nouveau');
    const form = page.getByRole('form', { name: 'Nouveau bien' });
    await expect(form.getByRole('alert').filter({ hasText: 'La liste des résidences n’a pas pu être chargée. Service indisponible' })).toBeVisible();
    await expect(form.getByRole('alert').filter({ hasText: 'La liste des équipements du logement n’a pas pu être chargée. Service indisponible' })).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Résidence' })).toHaveCount(0);
    // Nothing to send without a residence to place the good in.
    await expect(form.getByRole('button', { name: 'Créer le bien' })).toBeDisabled();
    // What was typed stays while the lists are read again; the focus goes from « Réessayer » to the field it brings.
    await form.getByRole('textbox', { name: 'Référence', exact: true }).fill('RES-001-99');
    down = false;
    await form.getByRole('button', { name: 'Réessayer de charger la liste des résidences' }).click();
    await expect(form.getByRole('combobox', { name: 'Résidence' })).toBeFocused();
    await expect(form.getByRole('button', { name: 'Créer le bien' })).toBeEnabled();
    await form.getByRole('button', { name: 'Réessayer de charger la liste des équipements du logement' }).press('Enter');
    await expect(form.getByRole('group', { name: 'Équipements du logement' }).getByRole('checkbox').first()).toBeFocused();
    await expect(form.getByRole('textbox', { name: 'Référence', exact: true })).toHaveValue('RES-001-99');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await accessibleAtBothWidths(page, 'new-good-options');
  });
});
