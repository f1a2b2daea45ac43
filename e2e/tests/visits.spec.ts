/**
 * Visits booked online (issue 25, point 2): staff publish slots on a good's page (a slot without its place, then one
 * already past, refused under their fields first) and withdraw one, which says its bookers will be e-mailed and does
 * so; a visitor books a slot on the good's public page from the keyboard (a bad phone refused under its field first),
 * gets the confirmation e-mail with its calendar file, opens the link, moves the visit then cancels it; a slot filled
 * meanwhile is told and shown full; the day's page lists the slots with their bookings, the good and the file; staff
 * give a visit's outcome on the file's page once it took place. On a desktop and on a phone, axe-clean, with a picture
 * of each screen in /tmp/visits-shots.
 */
import AxeBuilder from '@axe-core/playwright';
import { request as requests, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startInbox, type ReceivedMail, type SmtpInbox } from '@hsa-lli/common/testing';
import { E2E_PORT, E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { DEMO_PASSWORD, emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { withTestData } from '../support/test-data.ts';

/** Where the journey's pictures go, to be looked at: `<step>-<width>.png`. */
const SHOTS = '/tmp/visits-shots';
/** A good no other journey changes. */
const GOOD = 'RES-004-01';
/** An applicant of the journey's own, whose file a booking of theirs and a past visit belong to. */
const APPLICANT = { email: 'irati.garat@exemple.fr', reference: 'DOS-2026-9301', firstName: 'Irati', lastName: 'Garat' };
const DAY = 24 * 60 * 60_000;
const ON_SITE = '12 avenue de la Plage, Anglet — devant le hall';

const RUNS = [
  { viewport: { width: 1280, height: 900 }, name: 'Ainhoa Etxeberria', email: 'ainhoa.etxeberria@exemple.fr' },
  { viewport: { width: 390, height: 844 }, name: 'Peio Arrieta', email: 'peio.arrieta@exemple.fr' },
];

/** A day ('YYYY-MM-DD') and time on France's clocks, `days` from now, as the slot form takes it. */
function localAt(days: number, time: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + days * DAY));
  return `${day}T${time}`;
}

/** « 18 h 00 » as the pages write it (no-break spaces). */
const hour = (time: string) => new RegExp(time.replace(':', '\\s+h\\s+'));

/**
 * No axe-core violation in `part` (a CSS selector), nothing wider than the screen, and a picture: of the part itself,
 * or of the screen (a dialog over the page).
 */
async function checked(page: Page, part: string, shot: string, picture: 'part' | 'screen' = 'part'): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().include(part).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), shot).toEqual([]);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${shot} fits ${width} px`).toBeLessThanOrEqual(width);
  const path = join(SHOTS, `${shot}-${width}.png`);
  await (picture === 'part' ? page.locator(part).first().screenshot({ path }) : page.screenshot({ path }));
}

/** The same check at 1280 px and on a phone, back to 1280 px after. */
async function checkedAtBothWidths(page: Page, part: string, shot: string, picture: 'part' | 'screen' = 'part'): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await checked(page, part, shot, picture);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Presses a key on a control reached from the keyboard. */
async function pressOn(control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await expect(control).toBeFocused();
  await control.page().keyboard.press(key);
}

/** A visitor's booking through the API, as the good's page sends it. */
/** A booking made without the page; `signedIn`: by the account of that address, logged in (its file then has the visit). */
async function bookThroughApi(slotId: number, name: string, email: string, { signedIn = false } = {}): Promise<void> {
  const context = await requests.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  if (signedIn) expect((await context.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } })).ok()).toBe(true);
  const answer = await context.post('/api/front/visits/book', { data: { slot_id: slotId, name, email, phone: '06 11 22 33 44' } });
  expect(answer.status(), await answer.text()).toBe(201);
  await context.dispose();
}

const linkOf = (mail: ReceivedMail) => new URL(mail.links.find((url) => url.includes('/visites/'))!).pathname;

test.describe.serial('visits booked online', () => {
  let inbox: SmtpInbox;
  let good: { id: number; path: string };
  let recordId = 0;
  /** The slots staff publish: the first two for the visitors, the last (one place) to fill meanwhile. */
  const slots = { first: localAt(4, '18:00'), second: localAt(5, '10:30'), single: localAt(6, '17:15') };
  const ids: Record<keyof typeof slots, number> = { first: 0, second: 0, single: 0 };

  test.beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    inbox = await startInbox(E2E_SMTP_PORT);
    ({ good, recordId } = await withTestData(async (data) => {
      const id = await data.goodId(GOOD);
      const { passwordHash } = (await data.user(emailOf('customer')))!;
      if ((await data.recordId(APPLICANT.reference)) === null) {
        const [account] = await data.users([{ email: APPLICANT.email, passwordHash, roles: ['customer'], firstName: APPLICANT.firstName, lastName: APPLICANT.lastName }]);
        const person = { position: 1, firstName: APPLICANT.firstName, lastName: APPLICANT.lastName, email: APPLICANT.email, proSituation: 'cdi', housingSituation: 'loc_prive', taxIncome: 29_000 } as const;
        // A visit booked online two days ago, recorded as a booking records it: no outcome yet.
        const visit = { type: 'visit', reason: 'on_site', good: id, at: new Date(Date.now() - 2 * DAY), outcome: null, comment: 'Réservée en ligne', actorId: null, actorName: 'La plateforme (automatique)' } as const;
        await data.files([{ reference: APPLICANT.reference, stage: 'under_review', situation: 'alone', user: account, wishedGoods: [id], persons: [person], events: [visit] }]);
      }
      return { good: { id, path: '' }, recordId: (await data.recordId(APPLICANT.reference))! };
    }));
    const context = await requests.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
    const details = await context.post('/api/front/goods/details', { data: { id: good.id } });
    expect(details.ok(), `${GOOD} is on the site`).toBe(true);
    const { good: shown } = (await details.json()) as { good: { slug: string; _residence: { slug: string } } };
    good.path = `/residences/${shown._residence.slug}/${shown.slug}/${good.id}`;
    await context.dispose();
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('staff publish slots on a good’s page, refused first under their fields, and withdraw one, whose booker is e-mailed', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('hsa'));
    await page.goto(`/admin/liste-des-biens/${good.id}`);
    const section = page.getByRole('region', { name: 'Visites' });
    await expect(section).toContainText('Aucun créneau publié pour le moment.');
    const form = section.getByRole('form', { name: 'Publier un créneau de visite' });
    await expect(form.getByLabel('Durée (minutes)')).toHaveValue('30');
    await expect(form.getByRole('radio', { name: 'Sur place' })).toBeChecked();

    // No place for a visit on site: refused under the field, nothing sent.
    await form.getByLabel('Date et heure').fill(slots.first);
    await form.getByLabel('Nombre de places').fill('2');
    await form.getByRole('button', { name: 'Publier le créneau' }).click();
    const place = form.getByLabel('Lieu du rendez-vous');
    await expect(form.getByText('Indiquez le lieu du rendez-vous (adresse ou point de rencontre).')).toBeVisible();
    await expect(place).toHaveAttribute('aria-invalid', 'true');
    await checkedAtBothWidths(page, 'section[aria-labelledby="good-visits-title"]', 'admin-slot-refused');

    // A time already past: the API's refusal under the date and time.
    await place.fill(ON_SITE);
    await form.getByLabel('Date et heure').fill(localAt(-1, '10:00'));
    await form.getByRole('button', { name: 'Publier le créneau' }).click();
    await expect(form.getByText('Ce créneau est déjà passé : choisissez une date à venir.')).toBeVisible();
    await expect(form.getByLabel('Date et heure')).toHaveAttribute('aria-invalid', 'true');

    // Published: listed with its places; the form keeps what the next slot shares.
    await form.getByLabel('Date et heure').fill(slots.first);
    await form.getByRole('button', { name: 'Publier le créneau' }).click();
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(hour('18:00'));
    await expect(cards.first()).toContainText(`30 min · Sur place : ${ON_SITE}`);
    await expect(cards.first()).toContainText('2 places, aucune réservée');
    await expect(form.getByLabel('Date et heure')).toHaveValue('');
    await expect(place).toHaveValue(ON_SITE);

    // A virtual one, then one of a single place.
    await form.getByLabel('Date et heure').fill(slots.second);
    await form.getByRole('radio', { name: 'Visite virtuelle' }).check();
    await form.getByLabel('Lien de la visite virtuelle').fill('https://visite.exemple.fr/t3');
    await form.getByRole('button', { name: 'Publier le créneau' }).click();
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText('Visite virtuelle : https://visite.exemple.fr/t3');
    await form.getByRole('radio', { name: 'Sur place' }).check();
    await form.getByLabel('Date et heure').fill(slots.single);
    await form.getByLabel('Nombre de places').fill('1');
    await form.getByRole('button', { name: 'Publier le créneau' }).click();
    await expect(cards).toHaveCount(3);
    const listed = (await (await page.request.post('/api/visits/slots/list', { data: { good_id: good.id } })).json()) as { data: { id: number; starts_at: string }[] };
    [ids.first, ids.second, ids.single] = listed.data.map((slot) => slot.id) as [number, number, number];
    await checkedAtBothWidths(page, 'section[aria-labelledby="good-visits-title"]', 'admin-slots');

    // A fourth, booked by someone: withdrawing it says the booker will be e-mailed, and they are.
    await form.getByLabel('Date et heure').fill(localAt(7, '09:00'));
    await form.getByRole('button', { name: 'Publier le créneau' }).click();
    await expect(cards).toHaveCount(4);
    const fourth = ((await (await page.request.post('/api/visits/slots/list', { data: { good_id: good.id } })).json()) as { data: { id: number }[] }).data.at(-1)!.id;
    await bookThroughApi(fourth, 'Xabi Lafitte', 'xabi.lafitte@exemple.fr');
    await page.reload();
    await expect(cards.nth(3)).toContainText('Xabi Lafitte');
    await expect(cards.nth(3)).toContainText('Sans dossier');
    await pressOn(cards.nth(3).getByRole('button', { name: /^Retirer le créneau/ }));
    const question = page.getByRole('dialog', { name: 'Retirer ce créneau ?' });
    await expect(question).toContainText('Sa réservation sera annulée : chaque personne inscrite recevra un e-mail d’annulation');
    await checkedAtBothWidths(page, 'dialog[open]', 'admin-slot-withdraw', 'screen');
    await question.getByRole('button', { name: 'Retirer le créneau' }).click();
    await expect(cards).toHaveCount(3);
    await expect(page.getByRole('status').filter({ hasText: 'est retiré' })).toContainText('Les personnes inscrites (1) ont reçu un e-mail d’annulation.');
    const told = await inbox.waitFor((mail) => mail.to.includes('xabi.lafitte@exemple.fr') && mail.subject === 'Votre visite est annulée');
    expect(told.text).toContain('Nous devons annuler votre visite');
  });

  for (const { viewport, name, email } of RUNS) {
    test(`at ${viewport.width} px: a visitor books a slot from the keyboard, refused first, then moves and cancels the visit from the e-mail’s link`, async ({ page }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await page.goto(good.path);
      const section = page.getByRole('region', { name: 'Réserver une visite' });
      // Read once the page is alive: never part of the prerendered page.
      await expect(section).toBeVisible();
      const choices = section.getByRole('radiogroup', { name: 'Choisissez un créneau' });
      await expect(choices.getByRole('radio')).toHaveCount(3);
      const first = choices.getByRole('radio', { name: hour('18:00') });
      await expect(first).toHaveAccessibleName(/30 min · Sur place : 12 avenue de la Plage, Anglet — devant le hall \d places? restantes?/);
      await expect(section.getByRole('textbox')).toHaveCount(0);
      await checked(page, 'section[aria-labelledby="visit-booking-title"]', 'booking-slots');

      // From the keyboard: Space chooses the slot, the form opens under it; a bad phone is refused under its field.
      await pressOn(first, 'Space');
      await expect(first).toBeChecked();
      const form = section.getByRole('form', { name: 'Réserver une visite' });
      await expect(form).toContainText(/Créneau choisi : le \S+ \d+/);
      await form.getByLabel('Nom et prénom').fill(name);
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Téléphone').fill('12');
      await form.getByLabel('Téléphone').press('Enter');
      await expect(form.getByText('Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.')).toBeVisible();
      await expect(form.getByLabel('Téléphone')).toBeFocused();
      await expect(form.getByLabel('Téléphone')).toHaveAttribute('aria-invalid', 'true');
      await checked(page, 'section[aria-labelledby="visit-booking-title"]', 'booking-refused');

      await form.getByLabel('Téléphone').fill('06 12 34 56 78');
      await pressOn(form.getByRole('button', { name: 'Réserver ce créneau' }));
      const done = section.getByRole('status').filter({ hasText: 'Votre visite est réservée' });
      await expect(done).toContainText(/Votre visite est réservée le \S+ \d+(er)? \S+ \d{4} de 18\s+h\s+00 à 18\s+h\s+30 \(sur place : 12 avenue de la Plage/);
      await expect(done).toContainText('Un e-mail de confirmation vous a été envoyé avec le fichier à ajouter à votre agenda');
      await checked(page, 'section[aria-labelledby="visit-booking-title"]', 'booking-done');

      // The e-mail, its calendar file and its link.
      const mail = await inbox.waitFor((each) => each.to.includes(email) && each.subject === 'Votre visite est réservée');
      expect(mail.attachments.map((file) => file.filename)).toEqual(['visite.ics']);
      expect(mail.attachments[0]!.content).toContain('BEGIN:VEVENT');
      const link = linkOf(mail);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ma visite');
      const facts = page.getByRole('main').getByRole('definition');
      await expect(facts.nth(3)).toHaveText(ON_SITE);
      await expect(facts.nth(4)).toHaveText(name);
      await expect(page.getByRole('main').locator(`a[href="${good.path}"]`)).toHaveText(/^T2 de 48\s*m² — Les Terrasses de la Nivelle$/);
      await checked(page, 'main', 'visit');

      // Moved to the virtual slot: the choice lists the other slots with places, and the page shows the new one.
      const move = page.getByRole('button', { name: 'Déplacer ma visite' });
      await pressOn(move);
      await expect(move).toHaveAttribute('aria-expanded', 'true');
      const others = page.getByRole('radiogroup', { name: 'Choisissez un autre créneau' });
      await expect(others.getByRole('radio', { name: hour('18:00') })).toHaveCount(0);
      await pressOn(others.getByRole('radio', { name: hour('10:30') }), 'Space');
      await checked(page, 'main', 'visit-move');
      await pressOn(page.getByRole('button', { name: 'Confirmer le déplacement' }));
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Votre visite est déplacée' })).toContainText(/de 10\s+h\s+30 à 11\s+h\s+00/);
      await expect(page.getByRole('main').getByRole('link', { name: 'https://visite.exemple.fr/t3 (nouvel onglet)' })).toBeVisible();
      await checked(page, 'main', 'visit-moved');
      await inbox.waitFor((each) => each.to.includes(email) && each.subject === 'Votre visite est déplacée');

      // Cancelled after the question, which « Garder ma visite » leaves unanswered.
      const cancel = page.getByRole('button', { name: 'Annuler ma visite' });
      await pressOn(cancel);
      const question = page.getByRole('dialog', { name: 'Annuler votre visite ?' });
      await expect(question).toContainText('sera annulée et sa place proposée à quelqu’un d’autre');
      await checked(page, 'dialog[open]', 'visit-cancel', 'screen');
      await question.getByRole('button', { name: 'Garder ma visite' }).click();
      await expect(question).toBeHidden();
      await pressOn(cancel);
      await question.getByRole('button', { name: 'Oui, annuler ma visite' }).click();
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Votre visite est annulée.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Déplacer ma visite' })).toHaveCount(0);
      await checked(page, 'main', 'visit-cancelled');
      await inbox.waitFor((each) => each.to.includes(email) && each.subject === 'Votre visite est annulée');
      // Opened again, the link says so.
      await page.reload();
      await expect(page.getByRole('main')).toContainText('Cette visite est annulée.');
      await expect(page.getByRole('main').getByRole('link', { name: 'la page du logement' })).toHaveAttribute('href', good.path);

      // A link cut short opens nothing, and says why it may be.
      await page.goto(`${link.slice(0, -6)}AAAAAA`);
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Ce lien' })).toHaveText('Attention : Ce lien ne permet pas d’afficher une visite.');
      await checked(page, 'main', 'visit-unusable');
    });
  }

  test('a slot filled meanwhile is told, shown full and no longer chosen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(good.path);
    const section = page.getByRole('region', { name: 'Réserver une visite' });
    const single = section.getByRole('radio', { name: hour('17:15') });
    await single.check();
    await section.getByLabel('Nom et prénom').fill('Amaia Bidegain');
    await section.getByLabel('E-mail').fill('amaia.bidegain@exemple.fr');
    await section.getByLabel('Téléphone').fill('06 98 76 54 32');
    await bookThroughApi(ids.single, 'Someone Faster', 'faster@exemple.fr');
    await section.getByRole('button', { name: 'Réserver ce créneau' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'complet' })).toHaveText('Attention : Ce créneau est complet : choisissez-en un autre.');
    await expect(single).toBeDisabled();
    await expect(single).not.toBeChecked();
    await expect(single).toHaveAccessibleName(/Complet$/);
    await expect(section.getByLabel('Nom et prénom')).toHaveCount(0);
    await checkedAtBothWidths(page, 'section[aria-labelledby="visit-booking-title"]', 'booking-full');
  });

  test('the day’s page lists every good’s slots with their bookings, the good and the file, and moves from day to day', async ({ page }) => {
    // The file's applicant, signed in, books the first slot: their booking names their file.
    await bookThroughApi(ids.first, `${APPLICANT.firstName} ${APPLICANT.lastName}`, APPLICANT.email, { signedIn: true });
    await loginAs(page, emailOf('hsa'));
    const day = slots.first.slice(0, 10);
    await page.goto(`/admin/visites?jour=${day}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visites');
    const dayField = page.getByLabel('Jour', { exact: true });
    await expect(dayField).toHaveValue(day);
    // The demo's slots may fall on the same days: the journey reads its good's own.
    await expect(page.getByRole('status').filter({ hasText: 'créneau' })).toHaveText(/^\d+ créneaux?, (\d+ réservations?|aucune réservation)\.$/);
    const card = page.getByRole('article').filter({ hasText: 'Les Terrasses de la Nivelle' });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(hour('18:00'));
    await expect(card).toContainText('2 places : 1 réservée, 1 restante');
    await expect(card.locator(`a[href="/admin/liste-des-biens/${good.id}"]`)).toHaveText(/^T2 de 48\s*m² — Les Terrasses de la Nivelle$/);
    await expect(card.getByRole('link', { name: `Dossier ${APPLICANT.reference}` })).toHaveAttribute('href', `/admin/liste-des-dossiers/${recordId}`);
    await expect(card.getByRole('link', { name: APPLICANT.email })).toHaveAttribute('href', `mailto:${APPLICANT.email}`);
    await checkedAtBothWidths(page, 'main', 'day');

    // The next day, and back.
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    await expect(dayField).toHaveValue(slots.second.slice(0, 10));
    await expect(page).toHaveURL(`/admin/visites?jour=${slots.second.slice(0, 10)}`);
    await expect(card).toContainText(hour('10:30'));
    await expect(card).toContainText('2 places, aucune réservée');
    await page.getByRole('button', { name: 'Jour précédent' }).click();
    await expect(dayField).toHaveValue(day);
    await expect(card).toContainText(hour('18:00'));

    // A day beyond every slot, typed in the field.
    const empty = localAt(60, '12:00').slice(0, 10);
    await dayField.fill(empty);
    await expect(page).toHaveURL(`/admin/visites?jour=${empty}`);
    await expect(page.getByRole('status').filter({ hasText: 'visite' })).toHaveText('Aucune visite ce jour-là.');
    await checkedAtBothWidths(page, 'main', 'day-empty');
    await page.getByRole('button', { name: 'Aujourd’hui' }).click();
    await expect(page).toHaveURL(/\/admin\/visites$/);
    await expect(page.getByRole('heading', { level: 2 })).toContainText('(aujourd’hui)');
  });

  test('staff give a past visit booked online its outcome on the file’s page, once', async ({ page }) => {
    await loginAs(page, emailOf('hsa'));
    await page.goto(`/admin/liste-des-dossiers/${recordId}`);
    const events = page.locator('#evenements');
    const outcome = events.getByRole('form', { name: /^Issue de la visite du / });
    await expect(outcome).toHaveCount(1);
    await outcome.getByRole('button', { name: 'Enregistrer l’issue' }).click();
    await expect(outcome.getByText('Choisissez une issue de la liste.')).toBeVisible();
    await outcome.scrollIntoViewIfNeeded();
    await checkedAtBothWidths(page, '#evenements', 'file-outcome-refused');
    await outcome.getByLabel('Issue de la visite').selectOption({ label: 'Intéressé(e)' });
    await outcome.getByRole('button', { name: 'Enregistrer l’issue' }).click();
    await expect(outcome).toHaveCount(0);
    await expect(events.getByRole('listitem').filter({ hasText: 'Issue : Intéressé(e)' })).toContainText('Réservée en ligne');
    await checkedAtBothWidths(page, '#evenements', 'file-outcome');
  });
});
