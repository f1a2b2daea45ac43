import type { Browser, Locator, Page } from '@playwright/test';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { alive, emailOf, expect, loginAs, personPage, test } from '../support/fixtures.ts';
import { withTestData } from '../support/test-data.ts';

/**
 * Two goods no other journey changes, three files of the journey's own for each, in instruction. The first two
 * applicants of the first good have an account: the committee ranks them, the first refuses the offer and the second
 * accepts it.
 */
const GOODS = ['RES-006-02', 'RES-006-03'] as const;
const FILES = [
  { good: 0, reference: 'DOS-2026-9101', firstName: 'Maialen', lastName: 'Etxeberria', taxIncome: 31_000, email: 'maialen.etxeberria@exemple.fr' },
  { good: 0, reference: 'DOS-2026-9102', firstName: 'Beñat', lastName: 'Larralde', taxIncome: 27_500, email: 'benat.larralde@exemple.fr' },
  { good: 0, reference: 'DOS-2026-9103', firstName: 'Garazi', lastName: 'Elissalde', taxIncome: 34_200 },
  { good: 1, reference: 'DOS-2026-9104', firstName: 'Ximun', lastName: 'Harriet', taxIncome: 52_000 },
  { good: 1, reference: 'DOS-2026-9105', firstName: 'Oihana', lastName: 'Bidart', taxIncome: 24_800 },
  { good: 1, reference: 'DOS-2026-9106', firstName: 'Manex', lastName: 'Iriarte', taxIncome: 29_900 },
] as const;
const [ACCEPTING, DECLINING] = FILES;
/** A second member of the committee, of the journey's own. */
const SECOND_MEMBER = { email: 'xabier.oyharcabal@exemple.fr', firstName: 'Xabier', lastName: 'Oyharçabal' };
const REFUSAL = 'Le logement est trop loin de mon travail.';

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
/** A good's part of the session's page. */
const goodPart = (page: Page, good: number) => page.getByRole('region', { name: new RegExp(`^${GOODS[good]}`) });

type Opinion = 'Favorable' | 'Défavorable' | 'Réservé' | 'conflict';

/** Gives an opinion on a candidate, with its reason when it needs one. */
async function opine(candidate: Locator, opinion: Opinion, reason?: string) {
  if (opinion === 'conflict') await candidate.getByLabel('Je déclare un conflit d’intérêts et m’abstiens').check();
  else await candidate.getByLabel(opinion, { exact: true }).check();
  if (reason) await candidate.getByLabel('Motif').fill(reason);
  await candidate.getByRole('button', { name: 'Enregistrer mon avis' }).click();
  await expect(candidate.getByRole('button', { name: 'Modifier mon avis' })).toBeVisible();
  await expect(candidate.getByRole('status')).toHaveText(/^Avis enregistré le \d+ \S+ \d{4} à \d+\sh\s\d+\.$/);
}

/** A person's own browser, logged in, on a page. */
async function browserOf(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await personPage(browser);
  await loginAs(page, email);
  await page.goto(path);
  await alive(page);
  return page;
}

test.describe.serial('the allocation committee, from the session to the offer accepted', () => {
  let inbox: SmtpInbox;
  let sessionId = 0;

  test.beforeAll(async () => {
    // Opening the server's database beside it takes a while on a busy machine.
    test.setTimeout(90_000);
    inbox = await startInbox(E2E_SMTP_PORT);
    await withTestData(async (data) => {
      const goods = await Promise.all(GOODS.map((reference) => data.goodId(reference)));
      const { passwordHash } = (await data.user(emailOf('customer')))!;
      if ((await data.user(SECOND_MEMBER.email)) === null) await data.users([{ ...SECOND_MEMBER, passwordHash, roles: ['member'] }]);
      for (const file of FILES) {
        if ((await data.recordId(file.reference)) !== null) continue;
        const email = 'email' in file ? file.email : null;
        const [user] = email ? await data.users([{ email, passwordHash, roles: ['customer'], firstName: file.firstName, lastName: file.lastName }]) : [];
        await data.files([
          {
            reference: file.reference,
            stage: 'under_review',
            situation: 'alone',
            ...(user ? { user } : {}),
            wishedGoods: [goods[file.good]!],
            persons: [{ position: 1, firstName: file.firstName, lastName: file.lastName, email, proSituation: 'cdi', housingSituation: 'loc_prive', taxIncome: file.taxIncome }],
          },
        ]);
      }
    });
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('staff program a session of two goods and three candidates each, then open it: its members are e-mailed', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/comites');
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
    const members = page.getByRole('group', { name: /Membres de la séance/ });
    for (const label of [/comité\)$/, /^Amaia .* \(membre\)$/, `${SECOND_MEMBER.firstName} ${SECOND_MEMBER.lastName} (membre)`]) await members.getByLabel(label).check();
    for (const good of GOODS) await pick(page.getByRole('group', { name: /Logements examinés/ }), good, 'Logement à ajouter', 'Ajouter ce logement');
    await page.getByRole('button', { name: 'Programmer la séance' }).click();
    await expect(page.getByText('Le lien de la visioconférence doit commencer par https://', { exact: false })).toBeVisible();
    await page.getByLabel('Lien de la visioconférence').fill('https://visio.exemple.fr/comite');
    await page.getByRole('button', { name: 'Programmer la séance' }).click();
    await expect(page).toHaveURL(/\/admin\/comites\/\d+$/);
    sessionId = Number(page.url().split('/').at(-1));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Séance du 3 décembre 2026 à 18 h 00');
    await expect(page.getByText('Programmé', { exact: true })).toBeVisible();

    // Candidates added one by one: fewer than the usual three, the page says so until the third.
    for (const [index] of GOODS.entries()) {
      const good = goodPart(page, index);
      await good.getByText('Ajouter un candidat').click();
      for (const file of FILES.filter((each) => each.good === index)) await pick(good, file.lastName, `Dossier candidat pour ${GOODS[index]}`, 'Ajouter ce candidat');
      await expect(good.getByRole('button', { name: /^Retirer Candidat C — / })).toBeVisible();
      await expect(good.getByText(/Moins de trois candidats/)).toHaveCount(0);
    }
    await expect(goodPart(page, 0).getByRole('button', { name: 'Retirer Candidat B — Beñat Larralde' })).toBeVisible();
    await accessibleAtBothWidths(page, 'committee-session-staff');

    await page.getByRole('button', { name: 'Ouvrir la séance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ouvrir la séance ?' });
    await expect(dialog).toContainText('Chaque membre de la séance (3 membres) recevra un e-mail');
    await dialog.getByRole('button', { name: 'Ouvrir et prévenir les membres' }).click();
    await expect(page.getByText('Ouvert', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ouvrir la séance' })).toHaveCount(0);
    for (const email of [emailOf('member'), emailOf('comitee'), SECOND_MEMBER.email]) await inbox.waitFor((message) => message.to.includes(email));
  });

  test('two members, each in their own browser, read the candidates without their names and give their opinions; one declares a conflict', async ({ browser }) => {
    test.slow();
    const first = await browserOf(browser, emailOf('member'), '/gestion/recommandations');
    await expect(first.getByRole('heading', { level: 1 })).toHaveText('Recommandations');
    const row = first.getByRole('table', { name: 'Recommandations' }).getByRole('row', { name: /3 décembre 2026 à 18 h 00/ });
    await expect(row).toContainText('À donner');
    await row.getByRole('link', { name: '3 décembre 2026 à 18 h 00' }).click();
    await expect(first).toHaveURL(`/gestion/recommandations/${sessionId}`);
    await expect(first.getByRole('heading', { level: 1 })).toHaveText('Séance du 3 décembre 2026 à 18 h 00');
    await expect(first.getByText('Etxeberria')).toHaveCount(0);
    await expect(first.getByRole('link', { name: /Fiche de synthèse/ })).toHaveCount(0);

    // A reason is asked unless favourable, by its field.
    const a = goodPart(first, 0).getByRole('article', { name: /^Candidat A$/ });
    await a.getByLabel('Défavorable').check();
    await a.getByRole('button', { name: 'Enregistrer mon avis' }).click();
    await expect(a.getByText('Donnez le motif de votre avis.')).toBeVisible();
    await expect(a.getByLabel('Motif')).toBeFocused();
    await a.getByLabel('Motif').fill('Le loyer pèse trop sur ce revenu.');
    await a.getByRole('button', { name: 'Enregistrer mon avis' }).click();
    await expect(a.getByRole('button', { name: 'Modifier mon avis' })).toBeVisible();
    // The others' opinions wait until every candidate of the good has this member's.
    await expect(a.getByText('Les avis des autres membres s’affichent une fois votre avis donné sur chaque candidat de ce logement.')).toBeVisible();
    await opine(goodPart(first, 0).getByRole('article', { name: /^Candidat B$/ }), 'Favorable');
    await opine(goodPart(first, 0).getByRole('article', { name: /^Candidat C$/ }), 'Réservé', 'Ressources proches du plafond de la zone.');
    await expect(goodPart(first, 0).getByRole('article', { name: /^Candidat B$/ })).toContainText('Favorable : 1');
    for (const label of ['A', 'B', 'C']) await opine(goodPart(first, 1).getByRole('article', { name: new RegExp(`^Candidat ${label}$`) }), 'Défavorable', 'Logement trop grand pour le foyer.');
    await accessibleAtBothWidths(first, 'committee-session-member');

    // The second member knows the first candidate: they abstain on that one, and read the others' opinions once they gave theirs.
    const second = await browserOf(browser, SECOND_MEMBER.email, `/gestion/recommandations/${sessionId}`);
    const known = goodPart(second, 0).getByRole('article', { name: /^Candidat A$/ });
    await opine(known, 'conflict');
    await expect(known.getByLabel('Je déclare un conflit d’intérêts et m’abstiens')).toBeChecked();
    await expect(goodPart(second, 0).getByRole('heading', { name: 'Avis des membres' })).toHaveCount(0);
    await opine(goodPart(second, 0).getByRole('article', { name: /^Candidat B$/ }), 'Favorable');
    await opine(goodPart(second, 0).getByRole('article', { name: /^Candidat C$/ }), 'Défavorable', 'Taux d’effort trop élevé.');
    const tally = goodPart(second, 0).getByRole('article', { name: /^Candidat B$/ });
    await expect(tally).toContainText('Favorable : 2');
    await expect(goodPart(second, 0).getByRole('article', { name: /^Candidat A$/ })).toContainText('Le loyer pèse trop sur ce revenu.');
    for (const label of ['A', 'B', 'C']) await opine(goodPart(second, 1).getByRole('article', { name: new RegExp(`^Candidat ${label}$`) }), 'Réservé', 'Pièces à compléter.');
    await accessibleAtBothWidths(second, 'committee-session-second-member');
    await Promise.all([first.context().close(), second.context().close()]);
  });

  test('the comitee role reads the names, gives its opinions, discusses, then closes the session with the keyboard alone', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('comitee'));
    await page.goto(`/gestion/recommandations/${sessionId}`);
    const a = card(page, /^Candidat A — Maialen Etxeberria$/);
    await expect(a.getByRole('link', { name: 'Fiche de synthèse de Candidat A (PDF)' })).toBeVisible();
    await opine(a, 'Favorable');
    await opine(card(page, /^Candidat B — Beñat Larralde$/), 'Favorable');
    await opine(card(page, /^Candidat C — Garazi Elissalde$/), 'Défavorable', 'Ressources au-dessus du plafond de la zone.');
    await expect(card(page, /^Candidat B — Beñat Larralde$/)).toContainText('Favorable : 3');
    for (const name of ['Ximun Harriet', 'Oihana Bidart', 'Manex Iriarte']) await opine(card(page, new RegExp(`^Candidat [ABC] — ${name}$`)), 'Défavorable', 'Logement trop grand pour le foyer.');

    const thread = page.getByRole('form', { name: `Écrire sur ${GOODS[0]}` });
    await thread.getByLabel('Votre message').fill('Le dossier B est complet, je propose de le retenir, puis A.');
    await thread.getByRole('button', { name: 'Publier le message' }).click();
    await expect(page.getByText('Le dossier B est complet, je propose de le retenir, puis A.')).toBeVisible();

    // Everything from here with the keyboard: submitting empty puts the focus on the first decision.
    const close = page.getByRole('form', { name: 'Décisions du comité' });
    const key = (name: string) => page.keyboard.press(name);
    await close.getByRole('button', { name: 'Clore la séance' }).focus();
    await key('Enter');
    const [firstDecision, secondDecision] = await close.getByRole('combobox', { name: 'Décision' }).all();
    await expect(firstDecision!).toBeFocused();
    await key('ArrowDown');
    await key('ArrowDown');
    await expect(firstDecision!).toHaveValue('allocated_ranked');
    // B first, then A: each « Classer » puts the candidate at the end, and the focus stays with them.
    await key('Tab');
    await expect(close.getByRole('button', { name: 'Classer Candidat A — Maialen Etxeberria' })).toBeFocused();
    await key('Tab');
    await key('Enter');
    await expect(close.getByRole('button', { name: 'Retirer du classement : Candidat B — Beñat Larralde' })).toBeFocused();
    await expect(close.getByRole('status').filter({ hasText: 'classé' })).toHaveText('Candidat B — Beñat Larralde est classé premier, retenu.');
    await key('Tab');
    await expect(close.getByRole('button', { name: 'Classer Candidat A — Maialen Etxeberria' })).toBeFocused();
    await key('Enter');
    await expect(close.getByRole('button', { name: 'Monter : Candidat A — Maialen Etxeberria' })).toBeFocused();
    await expect(close.getByRole('status').filter({ hasText: 'classé' })).toHaveText('Candidat A — Maialen Etxeberria est classé en position 2.');
    // Past « Retirer du classement » and « Classer » C, its reason.
    for (let step = 0; step < 3; step += 1) await key('Tab');
    await expect(close.getByLabel('Motif pour Candidat C — Garazi Elissalde, non retenu')).toBeFocused();
    await page.keyboard.type('Ressources au-dessus du plafond de la zone.');
    // The second good: not allocated, a reason for each candidate.
    await key('Tab');
    await expect(secondDecision!).toBeFocused();
    for (let step = 0; step < 4; step += 1) await key('ArrowDown');
    await expect(secondDecision!).toHaveValue('not_allocated');
    for (const name of ['Ximun Harriet', 'Oihana Bidart', 'Manex Iriarte']) {
      await key('Tab');
      await expect(close.getByLabel(new RegExp(`^Motif pour Candidat [ABC] — ${name}, non retenu`))).toBeFocused();
      await page.keyboard.type('Le logement est trop grand pour ce foyer.');
    }
    await accessibleAtBothWidths(page, 'committee-close');
    await key('Tab');
    await expect(close.getByRole('button', { name: 'Clore la séance' })).toBeFocused();
    await key('Enter');
    const dialog = page.getByRole('dialog', { name: 'Clore la séance ?' });
    const confirm = dialog.getByRole('button', { name: 'Clore la séance' });
    while (!(await confirm.evaluate((button) => button === document.activeElement))) await key('Tab');
    await key('Enter');

    await expect(page.getByText('Clos', { exact: true })).toBeVisible();
    await expect(goodPart(page, 0)).toContainText('Attribution avec classement des candidats');
    await expect(goodPart(page, 0).getByRole('listitem').filter({ hasText: /^Candidat B — Beñat Larralde$/ })).toBeVisible();
    await expect(goodPart(page, 1)).toContainText('Non-attribution');
    await expect(page.getByRole('form', { name: 'Décisions du comité' })).toHaveCount(0);
    // The minutes: printed by the API's PDF job, then downloaded.
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Télécharger le procès-verbal' }).click();
    expect((await download).suggestedFilename()).toMatch(/^proces-verbal-.*\.pdf$/);
    await expect(page.getByText(/^Le procès-verbal « proces-verbal-.*\.pdf » est téléchargé\.$/)).toBeVisible();
    await accessibleAtBothWidths(page, 'committee-session-closed-comitee');
  });

  test('the first-ranked applicant refuses the offer in their space, with the keyboard, and reads it in their timeline', async ({ page }) => {
    test.slow();
    await inbox.waitFor((mail) => mail.to.includes(DECLINING.email) && mail.subject === 'Un logement vous est proposé');
    await loginAs(page, DECLINING.email);
    await page.goto('/mon-compte-hsa-lli/mon-dossier');
    const offer = page.getByRole('region', { name: 'Un logement vous est proposé' });
    await expect(offer).toContainText(/Répondez avant le \d+ \S+ \d{4} à \d+\sh\s\d+\. Il vous reste 10 jours pour répondre\./);
    const timeline = page.getByRole('region', { name: 'Où en est mon dossier' });
    await expect(timeline).toContainText('Logement proposé');
    await expect(timeline).toContainText('Décision du comité d’attributionLe comité vous a retenu pour');

    // Refusing asks for the reason, by its field, before asking again.
    await offer.getByRole('button', { name: 'Refuser', exact: true }).focus();
    await page.keyboard.press('Enter');
    const reason = offer.getByLabel('Pourquoi refusez-vous ce logement ?');
    await expect(reason).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(offer.getByRole('button', { name: 'Refuser ce logement' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(offer.getByText('Dites-nous pourquoi vous refusez ce logement.')).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toBeFocused();
    await accessibleAtBothWidths(page, 'offer-decline-reason');
    await page.keyboard.type(REFUSAL);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Refuser ce logement ?' });
    await expect(confirm).toContainText('le logement sera proposé à un autre candidat');
    await confirm.getByRole('button', { name: 'Oui, je refuse ce logement' }).click();

    await expect(page.getByText('Votre réponse est enregistrée : vous avez refusé ce logement.')).toBeVisible();
    await expect(page.locator('.my-offer__told')).toBeFocused();
    await expect(offer).toHaveCount(0);
    const past = page.getByRole('region', { name: 'Propositions précédentes' });
    await expect(past).toContainText('Refusée le');
    await expect(past).toContainText(`(${REFUSAL})`);
    await expect(timeline.getByRole('listitem').first()).toContainText('Proposition refusée');
    await expect(timeline.getByRole('listitem').first()).toContainText(REFUSAL);
    await accessibleAtBothWidths(page, 'offer-refused');
  });

  test('the good passes to the second-ranked applicant, who accepts it: the site no longer offers it', async ({ page }) => {
    test.slow();
    await inbox.waitFor((mail) => mail.to.includes(ACCEPTING.email) && mail.subject === 'Un logement vous est proposé');
    await page.setViewportSize({ width: 390, height: 900 });
    await loginAs(page, ACCEPTING.email);
    await page.goto('/mon-compte-hsa-lli/mon-dossier');
    const offer = page.getByRole('region', { name: 'Un logement vous est proposé' });
    await offer.getByRole('button', { name: 'Accepter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Accepter ce logement ?' });
    await expect(confirm).toContainText('Votre réponse est définitive');
    await confirm.getByRole('button', { name: 'Oui, j’accepte ce logement' }).click();
    await expect(page.getByText('Votre réponse est enregistrée : vous avez accepté ce logement.')).toBeVisible();
    await expect(page.locator('.my-offer__told')).toBeFocused();
    const accepted = page.getByRole('region', { name: 'Vous avez accepté ce logement' });
    await expect(accepted).toContainText(/Vous avez accepté cette proposition le \d+ \S+ \d{4}/);
    const timeline = page.getByRole('region', { name: 'Où en est mon dossier' });
    await expect(timeline.getByRole('listitem').first()).toContainText('Proposition acceptée');
    await expect(timeline).toContainText('Le comité vous a classé en position 2');
    await accessibleAtBothWidths(page, 'offer-accepted');

    // The flat is taken: its public page no longer says « Disponible ».
    await accepted.getByRole('link', { name: 'Voir la fiche du logement' }).click();
    await alive(page);
    await expect(page.getByText('Déjà loué').first()).toBeVisible();
  });

  test('staff read the closed session, which no form changes any more', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('admin'));
    await page.goto(`/admin/comites/${sessionId}`);
    await expect(page.getByText('Clos', { exact: true })).toBeVisible();
    await expect(page.locator('dl.committee-facts')).toContainText('Close le');
    await expect(page.getByRole('form')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Retirer/ })).toHaveCount(0);
    await expect(goodPart(page, 0)).toContainText('Attribution avec classement des candidats');
    await expect(goodPart(page, 1)).toContainText('Non-attribution');
    await accessibleAtBothWidths(page, 'committee-session-closed');
  });
});
