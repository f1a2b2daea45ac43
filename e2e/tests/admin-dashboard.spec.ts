import type { NewFile } from '../../api/src/test-data/types.ts';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { alive, emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { withTestData } from '../support/test-data.ts';

/**
 * A year of follow-up in 2025, written into the server's database through the API's entities on files of its own
 * (other journeys work on the demo's files): its figures are stated below by hand. The server counts them at its next
 * computation, which the page's « Actualiser les statistiques » asks for.
 */
const FILES = ['DOS-2025-9001', 'DOS-2025-9002', 'DOS-2025-9003'] as const;

/** A time in UTC, as the old rows were written. */
const at = (text: string) => new Date(`${text}Z`);

async function seed2025(): Promise<void> {
  await withTestData(async (data) => {
    if ((await data.recordId(FILES[0])) !== null) return;
    const [a, b] = (await data.publishedResidences()).slice(0, 2).map((residence) => residence.goods[0]!) as [number, number];
    const event = (type: 'visit' | 'refusal_by_applicant' | 'interview', reason: string, good: number | null, when: string, outcome: 'done' | 'not_done' | null) => ({
      type,
      reason,
      good,
      at: at(when),
      outcome,
      actorName: 'Test',
      createdAt: at('2025-01-01T10:00:00'),
    });
    const move = (from: 'allocated' | 'lease_signed', to: 'lease_signed' | 'moved_in', when: string) => ({ from, to, actorName: 'Test', at: at(when) });
    await data.transaction(() =>
      data.files(
        FILES.map((reference, index): NewFile => {
          const createdAt = at(`2025-0${index + 2}-10T10:00:00`);
          return {
            reference,
            stage: index === 0 ? 'moved_in' : 'abandoned',
            situation: 'alone',
            dependants: 0,
            createdAt,
            updatedAt: createdAt,
            persons: [],
            // Visits: two in March, one in April (two at A, one at B); a visit that did not happen; refusals; an interview.
            events: [
              [
                event('visit', 'on_site', a, '2025-03-12T09:00:00', 'done'),
                event('visit', 'virtual', a, '2025-03-20T09:00:00', null),
                event('interview', 'office', null, '2025-02-20T09:00:00', 'done'),
              ],
              [
                event('visit', 'open_day', b, '2025-04-05T09:00:00', null),
                event('visit', 'on_site', b, '2025-04-06T09:00:00', 'not_done'),
                event('refusal_by_applicant', 'rent', b, '2025-05-02T09:00:00', null),
              ],
              [],
            ][index],
            stageChanges: index === 0 ? [move('allocated', 'lease_signed', '2025-06-10T10:00:00'), move('lease_signed', 'moved_in', '2025-07-01T10:00:00')] : [],
          };
        }),
      ),
    );
  });
}

test.describe.serial('the dashboard', () => {
  test.beforeAll(seed2025);

  test('loads its chart library on its own page only', async ({ page, request }) => {
    const scripts: string[] = [];
    page.on('request', (each) => {
      if (each.resourceType() === 'script') scripts.push(each.url());
    });
    const charting = async () => {
      const found: string[] = [];
      for (const url of scripts.splice(0)) if ((await (await request.get(url)).text()).includes('recharts-surface')) found.push(url);
      return found;
    };
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/liste-des-dossiers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dossiers');
    expect(await charting()).toEqual([]);
    await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Accueil' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
    expect(await charting()).toHaveLength(1);
  });

  test('an hsa reads a year’s figures, their change, the monthly chart and the bars, each with its table', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/accueil');
    await alive(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
    // The figures written above are counted once the server computes them again.
    await page.getByRole('button', { name: 'Actualiser les statistiques' }).click();
    await expect(page.locator('.shell-messages').getByText('Les statistiques sont à jour.')).toBeVisible();

    await page.getByLabel('Période', { exact: true }).selectOption('Année 2025');
    await expect(page).toHaveURL('/admin/accueil?du=2025-01&au=2025-12');
    await expect(page.getByText('Statistiques de janvier 2025 à décembre 2025 ; chaque évolution est comparée à la période précédente (de janvier 2024 à décembre 2024).', { exact: false })).toBeVisible();
    await expect(page.getByText(/Calculées le \d+/)).toBeVisible();

    const figure = (label: string) => page.locator('.dashboard-figure').filter({ has: page.getByText(label, { exact: true }) });
    await expect(figure('Visites').locator('.dashboard-figure__value')).toHaveText('3');
    await expect(figure('Visites')).toContainText('▲ +3 par rapport à la période précédente');
    await expect(figure('Entretiens').locator('.dashboard-figure__value')).toHaveText('1');
    await expect(figure('Refus').locator('.dashboard-figure__value')).toHaveText('1');
    await expect(figure('Baux signés').locator('.dashboard-figure__value')).toHaveText('1');
    await expect(figure('Entrées dans les lieux').locator('.dashboard-figure__value')).toHaveText('1');
    await expect(figure('Dossiers ouverts').locator('.dashboard-figure__value')).toHaveText('3');
    // One of the three files opened in 2025 moved in.
    await expect(figure('Dossiers ayant abouti à une entrée').locator('.dashboard-figure__value')).toHaveText('33,3 %');

    // The monthly chart, and what it says as a table.
    const monthly = page.getByRole('figure', { name: /mois par mois/ });
    await expect(monthly.locator('.recharts-line-curve')).toHaveCount(3);
    await monthly.getByText('Voir les données').click();
    const months = monthly.getByRole('table');
    await expect(months.getByRole('row', { name: /mars 2025/ })).toHaveText(/mars 2025\s*2\s*0\s*0/);
    await expect(months.getByRole('row', { name: /juin 2025/ })).toHaveText(/juin 2025\s*0\s*1\s*0/);
    await expect(months.getByRole('row', { name: /juillet 2025/ })).toHaveText(/juillet 2025\s*0\s*0\s*1/);
    await expect(months.getByRole('row')).toHaveCount(13);

    const byResidence = page.getByRole('figure', { name: 'Visites par résidence' });
    await expect(byResidence.locator('.recharts-bar-rectangle')).toHaveCount(2);
    await byResidence.getByText('Voir les données').click();
    await expect(byResidence.getByRole('row')).toHaveCount(3);
    const refusals = page.getByRole('figure', { name: 'Refus par résidence' });
    await refusals.getByText('Voir les données').click();
    await expect(refusals.getByRole('row')).toHaveCount(2);
    await accessibleAtBothWidths(page, 'dashboard-2025');
  });

  test('the period: months of one’s own, a wrong choice refused in French, a wrong address shown as the last twelve months', async ({ page }) => {
    await loginAs(page, emailOf('coordinator'));
    await page.goto('/admin/accueil?du=2025-03&au=2025-04');
    await alive(page);
    await expect(page.getByLabel('Période', { exact: true })).toHaveValue('personnalisee');
    await expect(page.getByText('Statistiques de mars 2025 à avril 2025', { exact: false })).toBeVisible();
    await expect(page.locator('.dashboard-figure').filter({ hasText: /^Visites/ }).locator('.dashboard-figure__value')).toHaveText('3');

    // By keyboard: the months, then « Afficher ».
    await page.getByLabel('Du mois').fill('2025-05');
    await page.getByLabel('Au mois').fill('2025-04');
    await page.getByLabel('Au mois').press('Enter');
    await expect(page.getByText('Le mois de début doit précéder le mois de fin.')).toBeVisible();
    await expect(page).toHaveURL(/du=2025-03&au=2025-04/);
    await page.getByLabel('Au mois').fill('2025-05');
    await page.getByRole('button', { name: 'Afficher' }).click();
    await expect(page).toHaveURL(/du=2025-05&au=2025-05/);
    await expect(page.getByText('Statistiques en mai 2025', { exact: false })).toBeVisible();
    await expect(page.locator('.dashboard-figure').filter({ hasText: /^Refus/ }).first().locator('.dashboard-figure__value')).toHaveText('1');

    await page.goto('/admin/accueil?du=2025-13&au=hier');
    await expect(page.getByText("La période demandée dans l'adresse n'est pas valide : voici les 12 derniers mois.")).toBeVisible();
    await expect(page.getByLabel('Période', { exact: true })).toHaveValue('');
    // A period the API refuses says why.
    await page.goto('/admin/accueil?du=2000-01&au=2100-12');
    await expect(page.getByText("Les statistiques n'ont pas pu être chargées. La période ne peut pas dépasser 50 ans.")).toBeVisible();
  });
});
