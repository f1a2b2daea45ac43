import AxeBuilder from '@axe-core/playwright';
import { alive, expect, test } from '../support/fixtures.ts';

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width} px: the residences on the « Carte des résidences », moved by the filters, reached by the keyboard`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await page.goto('/residences');
    await alive(page);
    const map = page.getByRole('figure', { name: 'Carte des résidences' });
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('img')).toHaveJSProperty('complete', true);
    const cards = page.locator('.residence-list > li');
    const pins = map.getByRole('link');
    // A pin for each commune of the list, which is the map's text alternative.
    const cities = new Set((await page.locator('.residence-card__body p:first-of-type').allTextContents()).map((place) => place.replace(/ \(.*$/, '')));
    await expect(pins).toHaveCount(cities.size);
    await expect(map).toContainText(`Les ${await cards.count()} résidences de la carte sont décrites dans la liste de la page.`);
    await expect(map).toContainText('Contours des communes : IGN, ADMIN EXPRESS COG 2018 (Licence ouverte), via france-geojson.');
    // Nothing from a map service: every request stays on the site.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).origin));
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`residences-map-${viewport.width}.png`) });
    await map.screenshot({ path: testInfo.outputPath(`residences-map-figure-${viewport.width}.png`) });

    // The filters move the list and the map together.
    await page.getByRole('form', { name: 'Filtrer les résidences' }).getByLabel('Commune').selectOption({ label: 'Bayonne' });
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/commune=64102/);
    await expect(cards).toHaveCount(1);
    await expect(pins).toHaveCount(1);
    const name = (await cards.first().getByRole('heading').textContent())!;
    await expect(pins.first()).toHaveAccessibleName(`${name}, à Bayonne`);

    // By the keyboard: a pin shows its name when focused, and opens its residence.
    const first = pins.first();
    await first.focus();
    await expect(first.locator('.residences-map__label')).toBeVisible();
    await page.keyboard.press('Enter');
    await alive(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const place = page.getByRole('figure', { name: 'Situation de la résidence' });
    await place.scrollIntoViewIfNeeded();
    await expect(place.getByRole('img', { name: `${name}, à Bayonne` })).toBeVisible();
    await expect(place.getByRole('link')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await place.screenshot({ path: testInfo.outputPath(`residence-place-${viewport.width}.png`) });
    expect(requests.filter((origin) => origin !== new URL(page.url()).origin)).toEqual([]);
  });
}
