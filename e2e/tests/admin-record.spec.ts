import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import type { Locator, Page } from '@playwright/test';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { fileUrl, INVITED, LIMITED, seed, unseed } from '../support/admin-record-files.ts';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { DEMO_PASSWORD, emailOf, expect, loginAs, test } from '../support/fixtures.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Chooses the option of a list whose text matches, whatever its value. */
async function chooseOption(select: Locator, text: RegExp): Promise<void> {
  const labels = await select.locator('option').allTextContents();
  const label = labels.find((each) => text.test(each));
  expect(label, `an option ${text} among ${labels.join(' | ')}`).toBeDefined();
  await select.selectOption({ label: label! });
}

test.describe.serial('a file’s page in the back office', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    await seed();
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await unseed();
    await inbox?.stop();
  });

  test('an hsa reads a household, moves its file, records its events and notes, follows it and sees who consulted it', async ({ page }) => {
    // A whole day's work on one file, with two accessibility checks at two widths.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('hsa'));
    // Opened from the list, as staff do.
    await page.goto('/admin/liste-des-dossiers?recherche=Etxeberria');
    await page.getByRole('table', { name: 'Dossiers' }).getByRole('link', { name: 'DOS-2026-7001' }).click();
    await expect(page).toHaveURL(fileUrl('DOS-2026-7001'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dossier DOS-2026-7001');
    await expect(page.locator('.record-lead')).toHaveText('Ane Etxeberria et Mikel Garat · Couple, 1 enfant');

    // The household, each person, the dependants.
    const household = region(page, 'Foyer');
    await expect(household).toContainText('Couple, 1 enfant');
    await expect(household).toContainText('Pacsé(e)');
    await expect(household).toContainText('Mon employeur ou Action Logement');
    const ane = household.getByRole('region', { name: /Ane Etxeberria/ });
    await expect(ane).toContainText('14 mai 1990');
    await expect(ane.getByRole('link', { name: INVITED.email })).toHaveAttribute('href', `mailto:${INVITED.email}`);
    await expect(ane.getByRole('link', { name: '06 11 22 33 44' })).toHaveAttribute('href', 'tel:0611223344');
    await expect(ane).toContainText('12 rue des Pêcheurs, 64100 Bayonne');
    await expect(ane).toContainText('Salarié(e) en CDI');
    await expect(ane).toContainText('Dassault Aviation');
    await expect(ane).toContainText('Locataire du parc privé');
    await expect(ane).toContainText(/Revenu fiscal de référence\s*34\s000\s€/);
    const mikel = household.getByRole('region', { name: /Mikel Garat/ });
    await expect(mikel).toContainText('Salarié(e) en CDD');
    await expect(mikel).toContainText('Hébergé(e)');
    await expect(mikel).toContainText(/Téléphone\s*Non renseigné/);
    await expect(household).toContainText('Maddi, enfant, né(e) le 2 mars 2018');

    // Wishes, and the incomes against the ceilings of zone A (79 666 €) and B1 (58 043 €) for a couple with a child.
    const wishes = region(page, 'Souhaits');
    await expect(wishes).toContainText(/Résidence Les Hortensias — Anglet.*, Résidence Arrosa — Bayonne/);
    await expect(wishes).toContainText(/T3 de \d+ m² — Résidence Les Hortensias, 971,00\s€ par mois/);
    await expect(wishes).toContainText(/1\s100\s€ par mois, charges comprises/);
    const eligibility = region(page, 'Éligibilité au LLI et taux d’effort');
    await expect(eligibility).toContainText('Éligible au LLI en zone A.');
    await expect(eligibility).toContainText(/Revenus du foyer : 60\s000\s€ \(revenu fiscal de référence 2024 des deux demandeurs\)/);
    const ceilings = eligibility.getByRole('table', { name: 'Plafonds de ressources des zones souhaitées' });
    await expect(ceilings.getByRole('row', { name: /^A / })).toContainText(/79\s666\s€\s*Dans le plafond \(19\s666\s€ de marge\)/);
    await expect(ceilings.getByRole('row', { name: /^B1 / })).toContainText(/58\s043\s€\s*Au-dessus du plafond de 1\s957\s€/);
    // 971 € a month out of 5 000 €.
    const ratios = eligibility.getByRole('table', { name: 'Part des revenus consacrée au loyer' });
    await expect(ratios.getByRole('row', { name: /T3/ })).toContainText(/19,4\s%, sous le tiers des revenus/);

    // The applicant's account waits for its password: a new invitation is mailed.
    const account = region(page, 'Compte client');
    await expect(account).toContainText('Invitation envoyée, compte pas encore créé');
    await account.getByRole('button', { name: 'Renvoyer l’invitation' }).click();
    await expect(page.getByText(`Une nouvelle invitation a été envoyée à ${INVITED.email}.`)).toBeVisible();
    const invitation = await inbox.waitFor((mail) => mail.to.includes(INVITED.email) && mail.subject === 'Votre accès à HSA Logement intermédiaire');
    expect(invitation.links.some((url) => url.includes('/creation-de-compte/'))).toBe(true);

    // The stage: only the moves that make sense are offered.
    const stage = region(page, 'Stade du dossier');
    const moves = stage.getByRole('radiogroup', { name: 'Passer au stade' });
    await expect(stage).toContainText('Au stade En constitution depuis le 1er octobre 2026.');
    await expect(moves.getByRole('radio')).toHaveCount(3);
    await expect(moves.getByLabel('Complet')).toBeVisible();
    await expect(moves.getByLabel('Refusé')).toBeVisible();
    await expect(moves.getByLabel('Abandonné')).toBeVisible();
    await expect(moves.getByLabel('En instruction')).toHaveCount(0);
    await stage.getByRole('button', { name: 'Changer de stade' }).click();
    await expect(stage.getByText('Choisissez un stade de la liste.')).toBeVisible();
    await moves.getByLabel('Complet').check();
    await stage.getByLabel('Commentaire').fill('Toutes les pièces sont arrivées.');
    await stage.getByRole('button', { name: 'Changer de stade' }).click();
    // Its documents are not all validated: « Complet » is refused, unless forced with a reason, kept with the move.
    await expect(stage.getByRole('alert')).toHaveText(/Toutes les pièces justificatives requises ne sont pas encore validées/);
    await expect(page.locator('.record-title')).toContainText('En constitution');
    await stage.getByLabel('Raison du passage forcé').fill('Originaux vus à l’agence, le scan suivra.');
    await stage.getByRole('button', { name: 'Forcer le passage au stade « Complet »' }).click();
    await expect(page.getByText('Le dossier est passé au stade « Complet ».')).toBeVisible();
    await expect(page.locator('.record-title')).toContainText('Complet');
    const stageHistory = stage.getByRole('listitem').filter({ hasText: 'En constitution → Complet' });
    await expect(stageHistory).toContainText('par Peio Larralde');
    await expect(stageHistory).toContainText('Passage forcé, pièces non toutes validées : Originaux vus à l’agence, le scan suivra.');
    await expect(stageHistory).toContainText('Toutes les pièces sont arrivées.');
    await expect(stage.getByLabel('Raison du passage forcé')).toHaveCount(0);
    await expect(moves.getByRole('radio')).toHaveCount(4);

    // A colleague moves the file meanwhile: the refused move says why, and the page offers the moves of its stage now.
    const id = Number(fileUrl('DOS-2026-7001').split('/').pop());
    expect((await page.request.post('/api/records/stage', { data: { id, stage: 'under_review' } })).status()).toBe(200);
    await moves.getByLabel('En instruction').check();
    await stage.getByRole('button', { name: 'Changer de stade' }).click();
    await expect(stage.getByRole('alert')).toHaveText(/Le dossier est déjà au stade « En instruction »\./);
    await expect(page.locator('.record-title')).toContainText('En instruction');
    await expect(moves.getByLabel('Présenté en comité')).toBeVisible();
    await expect(moves.getByLabel('Complet')).toHaveCount(0);

    // Follow-up events: what is missing is said next to its field, nothing typed is lost.
    const events = region(page, 'Événements de suivi');
    const eventForm = events.getByRole('form', { name: 'Enregistrer un événement' });
    await eventForm.getByRole('button', { name: 'Enregistrer l’événement' }).click();
    await expect(eventForm.getByText('Choisissez un type d’événement de la liste.')).toBeVisible();
    await eventForm.getByLabel('Type d’événement').selectOption({ label: 'Visite d’un logement' });
    await eventForm.getByLabel('Commentaire').fill('Très intéressés par la terrasse.');
    await eventForm.getByRole('button', { name: 'Enregistrer l’événement' }).click();
    await expect(eventForm.getByText('Choisissez le motif de l’événement.')).toBeVisible();
    await expect(eventForm.getByText('Choisissez le logement concerné.')).toBeVisible();
    await expect(eventForm.getByLabel('Commentaire')).toHaveValue('Très intéressés par la terrasse.');
    await eventForm.getByLabel('Motif').selectOption({ label: 'Sur place' });
    // The household's own wish comes first.
    await chooseOption(eventForm.getByLabel('Logement concerné'), /^T3 de \d+ m² — Résidence Les Hortensias$/);
    await eventForm.getByLabel('Date et heure').fill('2026-11-19T14:30');
    await eventForm.getByLabel('Issue').selectOption({ label: 'Intéressé(e)' });
    await eventForm.getByRole('button', { name: 'Enregistrer l’événement' }).click();
    await expect(page.getByText('L’événement « Visite d’un logement » est enregistré.')).toBeVisible();
    await expect(eventForm.getByLabel('Type d’événement')).toHaveValue('');

    await eventForm.getByLabel('Type d’événement').selectOption({ label: 'Entretien' });
    await eventForm.getByLabel('Motif').selectOption({ label: 'À l’agence' });
    await eventForm.getByLabel('Date et heure').fill('2026-11-18T10:00');
    await eventForm.getByLabel('Issue').selectOption({ label: 'Réalisé' });
    await eventForm.getByRole('button', { name: 'Enregistrer l’événement' }).click();
    await expect(page.getByText('L’événement « Entretien » est enregistré.')).toBeVisible();

    // An offer of a good the household did not wish, found in its residence.
    await eventForm.getByLabel('Type d’événement').selectOption({ label: 'Proposition d’un logement' });
    await eventForm.getByLabel('Logement concerné').selectOption({ label: 'Un autre logement…' });
    await chooseOption(eventForm.getByLabel('Résidence du logement'), /^Villa Itsasoa/);
    await eventForm.getByLabel('Logement de la résidence').selectOption({ index: 1 });
    const offered = (await eventForm.getByLabel('Logement de la résidence').locator('option:checked').textContent())!;
    expect(offered).toMatch(/^RES-002-\d+ — .+ m² — Villa Itsasoa$/);
    await eventForm.getByLabel('Date et heure').fill('2026-11-20T09:15');
    await eventForm.getByRole('button', { name: 'Enregistrer l’événement' }).click();
    await expect(page.getByText('L’événement « Proposition d’un logement » est enregistré.')).toBeVisible();

    // Newest first, each with its type, sub-reason, good, date, outcome, comment and author.
    const list = events.getByRole('list', { name: 'Événements, du plus récent au plus ancien' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').nth(0)).toContainText('Proposition d’un logement · 20 novembre 2026 à 9 h 15');
    await expect(list.getByRole('listitem').nth(0)).toContainText(/Logement : .+ — Villa Itsasoa/);
    const visit = list.getByRole('listitem').nth(1);
    await expect(visit).toContainText('Visite d’un logement · Sur place · 19 novembre 2026 à 14 h 30');
    await expect(visit).toContainText(/Logement : T3 de \d+ m² — Résidence Les Hortensias/);
    await expect(visit).toContainText('Issue : Intéressé(e)');
    await expect(visit).toContainText('Très intéressés par la terrasse.');
    await expect(visit).toContainText('Saisi par Peio Larralde');
    await expect(list.getByRole('listitem').nth(2)).toContainText('Entretien · À l’agence · 18 novembre 2026 à 10 h 00');
    await expect(list.getByRole('listitem').nth(2)).toContainText('Issue : Réalisé');

    // One's own event taken back, behind a confirmation.
    await list.getByRole('listitem').nth(0).getByRole('button', { name: /^Retirer l’événement « Proposition d’un logement »/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Retirer cet événement ?' });
    await expect(dialog).toContainText('« Proposition d’un logement » du 20 novembre 2026 à 9 h 15 sera retiré du dossier');
    await dialog.getByRole('button', { name: 'Retirer l’événement' }).click();
    await expect(page.getByText('L’événement est retiré du dossier.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);

    // Private notes.
    const notes = region(page, 'Notes privées');
    await expect(notes).toContainText('Visibles par l’équipe uniquement');
    await notes.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(notes.getByText('Écrivez la note.')).toBeVisible();
    await notes.getByLabel('Nouvelle note').fill('Garant : les parents de Mikel, à confirmer.');
    await notes.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(page.getByText('La note est ajoutée au dossier.')).toBeVisible();
    await expect(notes.getByRole('listitem').first()).toContainText('Garant : les parents de Mikel, à confirmer.');
    await expect(notes.getByRole('listitem').first()).toContainText('Peio Larralde, le');
    await expect(notes.getByLabel('Nouvelle note')).toHaveValue('');

    // The follower: oneself in one click, nobody, then a colleague.
    const follower = region(page, 'Suivi du dossier');
    await expect(follower).toContainText('Personne ne suit ce dossier pour le moment.');
    await follower.getByRole('button', { name: 'Me l’attribuer' }).click();
    await expect(page.getByText('Le dossier est désormais suivi par Peio Larralde.')).toBeVisible();
    await expect(follower).toContainText('Suivi par Peio Larralde.');
    await expect(page.locator('.record-summary')).toContainText(/Suivi par\s*Peio Larralde/);
    await expect(follower.getByRole('button', { name: 'Me l’attribuer' })).toHaveCount(0);
    await follower.getByLabel('Suivi par').selectOption({ label: 'Personne' });
    await follower.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Plus personne ne suit ce dossier.')).toBeVisible();
    await follower.getByLabel('Suivi par').selectOption({ label: 'Sophie Dufau' });
    await follower.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le dossier est désormais suivi par Sophie Dufau.')).toBeVisible();

    // Everything above is what the page shows when opened again; the changes made, then the opening itself, join the
    // audit trail (a run of changes shown once).
    const consultations = region(page, 'Consultations du dossier').getByRole('listitem');
    const before = await consultations.count();
    await page.reload();
    await expect(consultations.first()).toContainText('Peio L. (Gestionnaire) : a consulté le dossier');
    await expect(consultations.nth(1)).toContainText('Peio L. (Gestionnaire) : a mis à jour le suivi du dossier');
    expect(await consultations.count()).toBeGreaterThan(before + 1);
    await expect(page.locator('.record-title')).toContainText('En instruction');
    await expect(region(page, 'Suivi du dossier')).toContainText('Suivi par Sophie Dufau.');
    await expect(region(page, 'Événements de suivi').getByRole('list', { name: /^Événements/ }).getByRole('listitem')).toHaveCount(2);
    await expect(region(page, 'Notes privées')).toContainText('Garant : les parents de Mikel');
    await accessibleAtBothWidths(page, 'record-page');

    // The list shows the same file as it now stands.
    await page.getByRole('link', { name: '← Tous les dossiers' }).click();
    await page.getByLabel('Rechercher un dossier').fill('Etxeberria');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const row = page.getByRole('table', { name: 'Dossiers' }).getByRole('row', { name: /DOS-2026-7001/ });
    await expect(row).toContainText('En instruction');
    await expect(row).toContainText('Sophie Dufau');
    await expect(row).toContainText('Visite d’un logement');

    // A file that does not exist is the not-found page.
    await page.goto('/admin/liste-des-dossiers/987654');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });

  test('a coordinator works on a file too, and cannot take back an event another staff member recorded', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('coordinator'));
    await page.goto(fileUrl('DOS-2026-7002'));
    // 30 000 € a year: 745 € is 29,8 % of it, 971 € is 38,8 %.
    const eligibility = region(page, 'Éligibilité au LLI et taux d’effort');
    await expect(eligibility).toContainText('Éligible au LLI en zone A.');
    const ratios = eligibility.getByRole('table', { name: 'Part des revenus consacrée au loyer' });
    await expect(ratios.getByRole('row', { name: /T2/ })).toContainText(/29,8\s%, sous le tiers des revenus/);
    await expect(ratios.getByRole('row', { name: /T3/ })).toContainText(/38,8\s%, au-dessus du tiers des revenus/);
    await expect(region(page, 'Compte client')).toContainText('Aucun compte client n’est rattaché à ce dossier.');

    // A visit of one of the goods the household wished, offered first, before any other.
    const eventForm = page.getByRole('form', { name: 'Enregistrer un événement' });
    await eventForm.getByLabel('Type d’événement').selectOption({ label: 'Visite d’un logement' });
    await eventForm.getByLabel('Motif').selectOption({ label: 'Visite virtuelle' });
    await expect(eventForm.getByLabel('Logement concerné').locator('option')).toHaveText([
      'Choisissez un logement',
      /^T2 de \d+ m² — Résidence Les Hortensias$/,
      /^T3 de \d+ m² — Résidence Les Hortensias$/,
      'Un autre logement…',
    ]);
    await eventForm.getByLabel('Logement concerné').selectOption({ index: 1 });
    await eventForm.getByLabel('Date et heure').fill('2026-11-21T11:00');
    await eventForm.getByRole('button', { name: 'Enregistrer l’événement' }).click();
    await expect(page.getByText('L’événement « Visite d’un logement » est enregistré.')).toBeVisible();
    const visit = page.getByRole('list', { name: /^Événements/ }).getByRole('listitem').first();
    await expect(visit).toContainText('Saisi par Sophie Dufau');
    await expect(visit.getByRole('button', { name: /^Retirer/ })).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Passer au stade' }).getByLabel('Abandonné').check();
    await page.getByRole('button', { name: 'Changer de stade' }).click();
    await expect(page.locator('.record-title')).toContainText('Abandonné');
    // Reopened only.
    await expect(page.getByRole('radiogroup', { name: 'Passer au stade' }).getByRole('radio')).toHaveCount(1);
    await expect(page.getByRole('radiogroup', { name: 'Passer au stade' }).getByLabel('En constitution')).toBeVisible();

    // The hsa's events on another file are the hsa's to take back.
    await page.goto(fileUrl('DOS-2026-7001'));
    const events = page.getByRole('list', { name: /^Événements/ }).getByRole('listitem');
    await expect(events.first()).toContainText('Saisi par Peio Larralde');
    await expect(page.getByRole('list', { name: /^Événements/ }).getByRole('button', { name: /^Retirer/ })).toHaveCount(0);
    await expect(region(page, 'Consultations du dossier').getByRole('listitem').first()).toContainText('Sophie D. (Coordinateur) : a consulté le dossier');

    // What cannot be told yet is said.
    await page.goto(fileUrl('DOS-2026-7003'));
    const unknown = region(page, 'Éligibilité au LLI et taux d’effort');
    await expect(unknown).toContainText('L’éligibilité ne peut pas encore être calculée.');
    await expect(unknown).toContainText('Le revenu fiscal de référence de Jon Irigoyen n’est pas renseigné.');
    await expect(unknown).toContainText('Le foyer n’a choisi aucune résidence ni aucun logement');
    await expect(unknown).toContainText('Le foyer n’a choisi aucun logement précis.');
    await accessibleAtBothWidths(page, 'record-page-incomplete');
  });

  test('the event form works with the keyboard alone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('hsa'));
    await page.goto(fileUrl('DOS-2026-7002'));
    const eventForm = page.getByRole('form', { name: 'Enregistrer un événement' });
    await eventForm.getByLabel('Type d’événement').focus();
    // A closed list takes the first letters of a choice.
    await page.keyboard.type('Appel');
    await expect(eventForm.getByLabel('Type d’événement')).toHaveValue('call');
    await page.keyboard.press('Tab');
    await expect(eventForm.getByLabel('Motif')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(eventForm.getByLabel('Motif')).toHaveValue('incoming');
    await page.keyboard.press('Tab');
    // The time of the call: now, unless changed (the order of its day, month and year is the browser's language's).
    await expect(eventForm.getByLabel('Date et heure')).toBeFocused();
    await expect(eventForm.getByLabel('Date et heure')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const typedAt = await eventForm.getByLabel('Date et heure').evaluate((input: HTMLInputElement) => new Date(input.value).getTime());
    // Tab goes through the day, month, year, hours and minutes before leaving the field.
    const issue = eventForm.getByLabel('Issue');
    for (let presses = 0; presses < 8 && !(await issue.evaluate((select) => select === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(issue).toBeFocused();
    await page.keyboard.type('Sans');
    await expect(eventForm.getByLabel('Issue')).toHaveValue('no_answer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Rappelle demain matin.');
    await page.keyboard.press('Tab');
    await expect(eventForm.getByRole('button', { name: 'Enregistrer l’événement' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('L’événement « Appel téléphonique » est enregistré.')).toBeVisible();
    const call = page.getByRole('list', { name: /^Événements/ }).getByRole('listitem').filter({ hasText: 'Appel téléphonique' });
    await expect(call).toContainText('Appel téléphonique · Appel reçu · ');
    // The minute shown in the field, as the instant it names on the staff member's clock.
    expect(Date.parse((await call.locator('time').first().getAttribute('datetime'))!)).toBe(typedAt);
    await expect(call).toContainText('Issue : Sans réponse');
    await expect(call).toContainText('Rappelle demain matin.');
  });

  test('a staff member over their daily limit of files is told so, until an administrator raises it', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, LIMITED.email, DEMO_PASSWORD);
    await page.goto(fileUrl('DOS-2026-7002'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultation impossible');
    await expect(page.getByRole('status').filter({ hasText: 'Vous avez consulté' })).toHaveText(
      /Vous avez consulté 200 dossiers ces dernières 24 heures, le maximum permis\. Pour en consulter d’autres, demandez à un administrateur de relever votre limite\./,
    );
    await expect(page.getByRole('link', { name: '← Tous les dossiers' })).toBeVisible();
    await accessibleAtBothWidths(page, 'record-page-limit');

    // An administrator allows one more file.
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await loginAs(adminPage, emailOf('admin'));
    const listed = await (await adminPage.request.post('/api/users/list', { data: { search: LIMITED.email } })).json();
    expect((await adminPage.request.post('/api/records/record-views/allow', { data: { id: listed.data[0].id, extra: 1 } })).status()).toBe(200);
    await admin.close();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dossier DOS-2026-7002');
    await expect(region(page, 'Consultations du dossier').getByRole('listitem').first()).toContainText('Irati H. (Coordinateur) : a consulté le dossier');
  });
});
