import type { Browser, Page } from '@playwright/test';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { E2E_PORT, E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { onePagePdf } from '../support/files.ts';
import { alive, emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { sendEligibilityRequest } from '../support/journeys.ts';
import { withPdfViewer } from '../support/browsers.ts';

// Copies and receipts open in Chromium's PDF viewer, which only the full browser has.
test.use(withPdfViewer);

interface Applicant {
  first_name: string;
  last_name: string;
  email: string;
  commune: string;
  income: string;
}

/** Chooses the option of a list whose text matches, whatever its value. */
async function chooseOption(page: Page, label: string, text: RegExp): Promise<void> {
  const select = page.getByLabel(label);
  const labels = await select.locator('option').allTextContents();
  const option = labels.find((each) => text.test(each));
  expect(option, `an option ${text} among ${labels.join(' | ')}`).toBeDefined();
  await select.selectOption({ label: option! });
}

/**
 * From first contact to the committee, as one staff member does it: a visitor's eligibility request reaches them, they
 * turn it into a file and invite the applicant, who registers and sends their documents; they review the documents
 * (refusing one), record an interview and a visit, and move the file to « Présenté en comité ».
 */
async function fromRequestToCommittee(browser: Browser, inbox: SmtpInbox, role: 'hsa' | 'coordinator', applicant: Applicant): Promise<void> {
  const name = `${applicant.first_name} ${applicant.last_name}`;

  // The visitor's request, and the e-mail that tells the team.
  const visitor = await browser.newContext();
  await visitor.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
  await sendEligibilityRequest(await visitor.newPage(), {
    name,
    email: applicant.email,
    phone: '06 98 76 54 32',
    household: 'Une personne seule',
    dependants: 0,
    commune: applicant.commune,
    incomes: [applicant.income],
  });
  await visitor.close();
  const staffMail = await inbox.waitFor((mail) => mail.subject.startsWith('Nouvelle demande de contact') && mail.text.includes(applicant.email));

  // The staff member opens it from the e-mail and turns it into a file, which invites the applicant.
  const staff = await browser.newContext();
  await staff.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
  const page = await staff.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, emailOf(role));
  await page.goto(new URL(staffMail.links.find((url) => url.includes('/admin/demandes-de-contact/'))!).pathname);
  await alive(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Déposer une nouvelle demande de logement');
  await page.getByRole('button', { name: 'Créer le dossier et inviter le demandeur' }).click();
  await page.getByRole('dialog', { name: 'Créer le dossier et inviter le demandeur ?' }).getByRole('button', { name: 'Créer le dossier et inviter' }).click();
  const opened = page.getByText(/^Le dossier DOS-\d{4}-\d{4,} est ouvert/);
  await expect(opened).toBeVisible();
  const reference = /DOS-\d{4}-\d{4,}/.exec((await opened.textContent())!)![0];

  // The applicant registers through the invitation, says they are salaried and sends each required document.
  const invitation = await inbox.waitFor((mail) => mail.to.includes(applicant.email) && mail.subject === 'Votre accès à HSA Logement intermédiaire');
  const own = await browser.newContext();
  await own.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
  const ownPage = await own.newPage();
  await ownPage.goto(new URL(invitation.links.find((url) => url.includes('/creation-de-compte/'))!).pathname);
  await ownPage.getByLabel('Nouveau mot de passe', { exact: true }).fill('Lapurdi-Nafarroa-2026');
  await ownPage.getByLabel('Confirmation du mot de passe').fill('Lapurdi-Nafarroa-2026');
  await ownPage.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(ownPage).toHaveURL('/mon-compte-hsa-lli');
  const updated = await ownPage.request.post('/api/records/update-mine', { data: { person_1: { pro_situation: 'cdi', employer: 'Clinique Belharra' } } });
  expect(updated.status()).toBe(200);
  const required: string[] = (await updated.json()).my_record.required_documents;
  expect(required).toContain('p1_tax_notices');
  for (const type of required) {
    // A form's post names its origin, as the browser's own would.
    const sent = await ownPage.request.post('/api/records/documents/upload', {
      headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
      multipart: { type, file: { name: `${type.slice(3)}.pdf`, mimeType: 'application/pdf', buffer: onePagePdf(`${name} ${type}`) } },
    });
    expect(sent.status(), `${type}: ${await sent.text()}`).toBe(201);
  }

  // The staff member finds the file in the list and opens it.
  await page.getByRole('navigation').getByRole('link', { name: 'Dossiers' }).first().click();
  await page.getByLabel('Rechercher un dossier').fill(applicant.last_name);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.getByRole('table').getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Dossier ${reference}`);
  await expect(page.locator('.record-lead')).toContainText(name);
  const documents = page.getByRole('region', { name: 'Pièces justificatives' });
  await expect(documents).toContainText(`${required.length} pièces sur ${required.length} fournies, 0 validée.`);

  // The review: a copy read in the viewer, every document validated but the tax notice, refused with a reason.
  await documents.getByRole('button', { name: 'nat_id.pdf : voir la copie filigranée' }).click();
  const viewer = page.getByRole('dialog', { name: 'Copie filigranée : nat_id.pdf' });
  await expect(viewer.locator('iframe')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  for (const type of required) {
    const file = `${type.slice(3)}.pdf`;
    await documents.getByRole('button', { name: `${type === 'p1_tax_notices' ? 'Refuser' : 'Valider'} ${file}`, exact: true }).click();
  }
  await documents.getByLabel('Motif du refus de tax_notices.pdf').selectOption({ label: 'Document illisible ou flou' });
  await documents.getByLabel('Précisions pour le demandeur sur tax_notices.pdf').fill('La deuxième page manque aussi.');
  await documents.getByRole('button', { name: 'Enregistrer l’examen' }).click();
  await expect(page.getByText(new RegExp(`^L’examen est enregistré : ${required.length - 1} pièces validées, 1 refusée\\.`))).toBeVisible();
  await expect(documents).toContainText(`${required.length - 1} pièces sur ${required.length} fournies, ${required.length - 1} validées.`);
  const told = await inbox.waitFor((mail) => mail.to.includes(applicant.email) && mail.subject === 'Une pièce de votre dossier est à remplacer');
  expect(told.text).toContain('Document illisible ou flou. La deuxième page manque aussi.');

  // An interview at the office, then a visit of a good.
  const eventForm = page.getByRole('form', { name: 'Enregistrer un événement' });
  await eventForm.getByLabel('Type d’événement').selectOption({ label: 'Entretien' });
  await eventForm.getByLabel('Motif').selectOption({ label: 'À l’agence' });
  await eventForm.getByLabel('Date et heure').fill('2026-11-18T10:00');
  await eventForm.getByLabel('Issue').selectOption({ label: 'Réalisé' });
  await eventForm.getByLabel('Commentaire').fill('Projet clair, garant disponible.');
  await eventForm.getByRole('button', { name: 'Enregistrer l’événement' }).click();
  await expect(page.getByText('L’événement « Entretien » est enregistré.')).toBeVisible();
  await eventForm.getByLabel('Type d’événement').selectOption({ label: 'Visite d’un logement' });
  await eventForm.getByLabel('Motif').selectOption({ label: 'Sur place' });
  await eventForm.getByLabel('Logement concerné').selectOption({ label: 'Un autre logement…' });
  await chooseOption(page, 'Résidence du logement', /^Villa Itsasoa/);
  await eventForm.getByLabel('Logement de la résidence').selectOption({ index: 1 });
  await eventForm.getByLabel('Date et heure').fill('2026-11-20T14:30');
  await eventForm.getByLabel('Issue').selectOption({ label: 'Intéressé(e)' });
  await eventForm.getByRole('button', { name: 'Enregistrer l’événement' }).click();
  await expect(page.getByText('L’événement « Visite d’un logement » est enregistré.')).toBeVisible();
  const events = page.getByRole('list', { name: 'Événements, du plus récent au plus ancien' });
  await expect(events.getByRole('listitem')).toHaveCount(2);
  await expect(events.getByRole('listitem').first()).toContainText('Visite d’un logement');
  await expect(events.getByRole('listitem').first()).toContainText('Villa Itsasoa');
  await expect(events.getByRole('listitem').last()).toContainText('Projet clair, garant disponible.');

  // Complete, examined, presented to the committee: one move at a time. Its documents are not all validated yet, so
  // « Complet » is forced, with its reason.
  const stage = page.getByRole('region', { name: 'Stade du dossier', exact: true });
  for (const next of ['Complet', 'En instruction', 'Présenté en comité']) {
    await stage.getByRole('radiogroup', { name: 'Passer au stade' }).getByLabel(next, { exact: true }).check();
    await stage.getByRole('button', { name: 'Changer de stade' }).click();
    if (next === 'Complet') {
      await stage.getByLabel('Raison du passage forcé').fill('Pièces vues en entretien, leur vérification suivra.');
      await stage.getByRole('button', { name: 'Forcer le passage au stade « Complet »' }).click();
    }
    await expect(page.getByText(`Le dossier est passé au stade « ${next} ».`)).toBeVisible();
  }
  await expect(page.locator('.record-title')).toContainText('Présenté en comité');

  // The list says so, and the applicant reads the refusal on their own page.
  await page.getByRole('link', { name: '← Tous les dossiers' }).click();
  await page.getByLabel('Rechercher un dossier').fill(applicant.last_name);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const row = page.getByRole('table').getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Présenté en comité');
  await expect(row).toContainText('Visite d’un logement');
  await ownPage.goto('/mon-compte-hsa-lli/mon-dossier');
  await expect(ownPage.getByRole('article', { name: "Avis d'imposition", exact: true })).toContainText('Document illisible ou flou. La deuxième page manque aussi.');
  await own.close();
  await staff.close();
}

test.describe.serial('a file from first contact to the committee', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('an hsa takes a visitor’s eligibility request to the committee', async ({ browser }) => {
    test.slow();
    await fromRequestToCommittee(browser, inbox, 'hsa', { first_name: 'Aitor', last_name: 'Harismendy', email: 'aitor.harismendy@example.org', commune: 'Anglet (64600)', income: '31 000' });
  });

  test('a coordinator does the same with another one', async ({ browser }) => {
    test.slow();
    await fromRequestToCommittee(browser, inbox, 'coordinator', { first_name: 'Leire', last_name: 'Goyhenetche', email: 'leire.goyhenetche@example.org', commune: 'Capbreton (40130)', income: '27 500' });
  });
});
