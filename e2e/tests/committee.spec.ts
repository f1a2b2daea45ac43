import type { Locator, Page } from '@playwright/test';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { alive, emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { withTestData } from '../support/test-data.ts';

/** Two files of the journey's own, in instruction: other journeys count on the demo's files staying where they are. */
const FILES = [
  { reference: 'DOS-2026-9101', firstName: 'Maialen', lastName: 'Etxeberria', taxIncome: 31_000 },
  { reference: 'DOS-2026-9102', firstName: 'Beñat', lastName: 'Larralde', taxIncome: 27_500 },
];
/** A good no other journey changes. */
const GOOD = 'RES-006-02';

/** Picks an item in a committee picker: searched for, then chosen in the list of matches, then added. */
async function pick(scope: Locator, search: string, list: string, add: string) {
  await scope.getByLabel('Rechercher').fill(search);
  const choice = scope.getByLabel(list).locator('option', { hasText: search });
  await expect(choice).toHaveCount(1);
  await scope.getByLabel(list).selectOption((await choice.getAttribute('value'))!);
  await scope.getByRole('button', { name: add }).click();
}

/** The card of a candidate on the session's page. */
const card = (page: Page, name: RegExp) => page.getByRole('article', { name });

test.describe.serial('the allocation committee', () => {
  let inbox: SmtpInbox;
  let sessionId = 0;

  test.beforeAll(async () => {
    // Opening the server's database beside it takes a while on a busy machine.
    test.setTimeout(90_000);
    inbox = await startInbox(E2E_SMTP_PORT);
    await withTestData(async (data) => {
      const good = await data.goodId(GOOD);
      const missing = [];
      for (const file of FILES) if ((await data.recordId(file.reference)) === null) missing.push(file);
      await data.files(
        missing.map((file) => ({
          reference: file.reference,
          stage: 'under_review' as const,
          situation: 'alone' as const,
          wishedGoods: [good],
          persons: [{ position: 1, firstName: file.firstName, lastName: file.lastName, proSituation: 'cdi' as const, housingSituation: 'loc_prive' as const, taxIncome: file.taxIncome }],
        })),
      );
    });
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('staff program a session, put two files to it and open it: its members are e-mailed', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/comites');
    await alive(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comités');
    await page.getByRole('link', { name: 'Nouvelle séance' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouvelle séance');

    // Nothing filled: each field says what it lacks, and the focus is on the first one.
    await page.getByRole('button', { name: 'Programmer la séance' }).click();
    await expect(page.getByText('Indiquez la date et l’heure de la séance.')).toBeVisible();
    await expect(page.getByText('Choisissez au moins un logement à examiner.')).toBeVisible();
    await expect(page.getByLabel('Date et heure de la séance')).toBeFocused();
    await accessibleAtBothWidths(page, 'committee-new');

    await page.getByLabel('Date et heure de la séance').fill('2026-12-03T18:00');
    await page.getByLabel('Lieu').fill('Agence de Bayonne, salle du conseil');
    await page.getByLabel('Lien de la visioconférence').fill('visio.exemple.fr/comite');
    await page.getByRole('group', { name: /Membres de la séance/ }).getByLabel(/comité\)$/).check();
    await page.getByRole('group', { name: /Membres de la séance/ }).getByLabel(/membre\)$/).check();
    await pick(page.getByRole('group', { name: /Logements examinés/ }), GOOD, 'Logement à ajouter', 'Ajouter ce logement');
    await page.getByRole('button', { name: 'Programmer la séance' }).click();
    await expect(page.getByText('Le lien de la visioconférence doit commencer par https://', { exact: false })).toBeVisible();
    await page.getByLabel('Lien de la visioconférence').fill('https://visio.exemple.fr/comite');
    await page.getByRole('button', { name: 'Programmer la séance' }).click();
    await expect(page).toHaveURL(/\/admin\/comites\/\d+$/);
    sessionId = Number(page.url().split('/').at(-1));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Séance du 3 décembre 2026 à 18 h 00');
    await expect(page.getByText('Programmé', { exact: true })).toBeVisible();

    // Two candidates: fewer than the usual three, which the page says.
    const good = page.getByRole('region', { name: new RegExp(`^${GOOD}`) });
    await good.getByText('Ajouter un candidat').click();
    for (const file of FILES) await pick(good, file.lastName, `Dossier candidat pour ${GOOD}`, 'Ajouter ce candidat');
    await expect(good.getByRole('button', { name: 'Retirer Candidat B — Beñat Larralde' })).toBeVisible();
    await expect(good.getByText('Moins de trois candidats pour ce logement (2 candidats).')).toBeVisible();
    await accessibleAtBothWidths(page, 'committee-session-staff');

    await page.getByRole('button', { name: 'Ouvrir la séance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ouvrir la séance ?' });
    await expect(dialog).toContainText('Chaque membre de la séance (2 membres) recevra un e-mail');
    await dialog.getByRole('button', { name: 'Ouvrir et prévenir les membres' }).click();
    await expect(page.getByText('Ouvert', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ouvrir la séance' })).toHaveCount(0);
    await inbox.waitFor((message) => message.to.includes(emailOf('member')));
  });

  test('a member reads the candidates without their names, and gives an opinion on each', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('member'));
    await page.goto('/gestion/recommandations');
    await alive(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recommandations');
    const row = page.getByRole('table', { name: 'Recommandations' }).getByRole('row', { name: /3 décembre 2026 à 18 h 00/ });
    await expect(row).toContainText('À donner');
    await row.getByRole('link', { name: '3 décembre 2026 à 18 h 00' }).click();
    await expect(page).toHaveURL(`/gestion/recommandations/${sessionId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Séance du 3 décembre 2026 à 18 h 00');
    await expect(page.getByText('Etxeberria')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Fiche de synthèse/ })).toHaveCount(0);

    const first = card(page, /^Candidat A$/);
    await first.getByLabel('Défavorable').check();
    await first.getByRole('button', { name: 'Enregistrer mon avis' }).click();
    await expect(first.getByText('Donnez le motif de votre avis.')).toBeVisible();
    await expect(first.getByLabel('Motif')).toBeFocused();
    await first.getByLabel('Motif').fill('Le loyer pèse trop sur ce revenu.');
    await first.getByRole('button', { name: 'Enregistrer mon avis' }).click();
    await expect(first.getByRole('button', { name: 'Modifier mon avis' })).toBeVisible();
    // The others' opinions wait until every candidate of the good has this member's.
    await expect(first.getByText('Les avis des autres membres s’affichent une fois votre avis donné sur chaque candidat de ce logement.')).toBeVisible();
    const second = card(page, /^Candidat B$/);
    await second.getByLabel('Favorable', { exact: true }).check();
    await second.getByRole('button', { name: 'Enregistrer mon avis' }).click();
    await expect(second.getByRole('heading', { name: 'Avis des membres' })).toBeVisible();
    await expect(second).toContainText('Favorable : 1');
    await accessibleAtBothWidths(page, 'committee-session-member');
  });

  test('the comitee role reads the names, gives its opinions, then closes the session with a ranking', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('comitee'));
    await page.goto(`/gestion/recommandations/${sessionId}`);
    await alive(page);
    const first = card(page, /^Candidat A — Maialen Etxeberria$/);
    await expect(first.getByRole('link', { name: 'Fiche de synthèse de Candidat A (PDF)' })).toBeVisible();
    await first.getByLabel('Je déclare un conflit d’intérêts et m’abstiens').check();
    await first.getByRole('button', { name: 'Enregistrer mon avis' }).click();
    await expect(first.getByRole('button', { name: 'Modifier mon avis' })).toBeVisible();
    const second = card(page, /^Candidat B — Beñat Larralde$/);
    await second.getByLabel('Favorable', { exact: true }).check();
    await second.getByRole('button', { name: 'Enregistrer mon avis' }).click();
    await expect(second).toContainText('Favorable : 2');

    const thread = page.getByRole('form', { name: `Écrire sur ${GOOD}` });
    await thread.getByLabel('Votre message').fill('Le dossier B est complet, je propose de le retenir.');
    await thread.getByRole('button', { name: 'Publier le message' }).click();
    await expect(page.getByText('Le dossier B est complet, je propose de le retenir.')).toBeVisible();

    const close = page.getByRole('form', { name: 'Décisions du comité' });
    await close.getByRole('button', { name: 'Clore la séance' }).click();
    await expect(close.getByRole('combobox', { name: 'Décision' })).toBeFocused();
    await close.getByRole('combobox', { name: 'Décision' }).selectOption({ label: 'Attribution avec classement des candidats' });
    await close.getByRole('button', { name: 'Classer Candidat A — Maialen Etxeberria' }).click();
    await close.getByRole('button', { name: 'Classer Candidat B — Beñat Larralde' }).click();
    // With the keyboard: B goes up to the first place, and the focus stays with it.
    await close.getByRole('button', { name: 'Monter : Candidat B — Beñat Larralde' }).press('Enter');
    await expect(close.getByRole('button', { name: 'Descendre : Candidat B — Beñat Larralde' })).toBeFocused();
    await expect(close.getByRole('status').filter({ hasText: 'classé' })).toHaveText('Candidat B — Beñat Larralde est classé premier, retenu.');
    await accessibleAtBothWidths(page, 'committee-close');
    await close.getByRole('button', { name: 'Clore la séance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clore la séance ?' });
    await dialog.getByRole('button', { name: 'Clore la séance' }).click();
    await expect(page.getByText('Clos', { exact: true })).toBeVisible();
    const decision = page.getByRole('region', { name: new RegExp(`^${GOOD}`) });
    await expect(decision).toContainText('Attribution avec classement des candidats');
    await expect(decision.getByRole('listitem').filter({ hasText: /^Candidat B — Beñat Larralde$/ })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Décisions du comité' })).toHaveCount(0);
    // The minutes: printed by the API's PDF job, then downloaded.
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Télécharger le procès-verbal' }).click();
    expect((await download).suggestedFilename()).toMatch(/^proces-verbal-.*\.pdf$/);
    await expect(page.getByText(/^Le procès-verbal « proces-verbal-.*\.pdf » est téléchargé\.$/)).toBeVisible();
  });

  test('staff read the closed session, which no form changes any more', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('admin'));
    await page.goto(`/admin/comites/${sessionId}`);
    await alive(page);
    await expect(page.getByText('Clos', { exact: true })).toBeVisible();
    await expect(page.locator('dl.committee-facts')).toContainText('Close le');
    await expect(page.getByRole('form')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Retirer/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: new RegExp(`^${GOOD}`) })).toContainText('Attribution avec classement des candidats');
    await accessibleAtBothWidths(page, 'committee-session-closed');
  });
});
