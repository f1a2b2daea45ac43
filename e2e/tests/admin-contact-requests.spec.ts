import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { readFileSync } from 'node:fs';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { alive, emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { sendEligibilityRequest } from '../support/journeys.ts';

test.describe.serial('contact requests in the back office', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('a visitor’s eligibility request reaches an hsa, who reads it, replies, and turns it into a file the applicant registers to', async ({ page, browser }) => {
    // A visitor, a staff member and the applicant, with four accessibility checks: longer than one page's journey.
    test.slow();
    const applicant = { name: 'Maite Irigoyen', email: 'maite.irigoyen@example.org', password: 'Un-mot-de-passe-2026' };

    // The visitor takes the eligibility test and sends the request it prefills.
    await sendEligibilityRequest(page, {
      name: applicant.name,
      email: applicant.email,
      phone: '06 12 34 56 78',
      household: 'Un couple',
      dependants: 1,
      commune: 'Anglet (64600)',
      incomes: ['45 000', '30 000'],
    });

    // The staff e-mail's link leads to the request; the hsa first finds it unread in the list.
    const staffMail = await inbox.waitFor((mail) => mail.subject.startsWith('Nouvelle demande de contact') && mail.text.includes(applicant.email));
    const requestPath = new URL(staffMail.links.find((url) => url.includes('/admin/demandes-de-contact/'))!).pathname;
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, emailOf('hsa'));
    await page.goto('/admin/accueil');
    await alive(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Demandes de contact' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demandes de contact');
    await page.getByLabel('Non lues').selectOption({ label: 'Oui' });
    await page.getByLabel('Rechercher une demande').fill('Irigoyen');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/non-lues=oui/);
    await expect(page).toHaveURL(/recherche=Irigoyen/);
    const table = page.getByRole('table', { name: 'Demandes de contact' });
    const row = table.getByRole('row', { name: new RegExp(applicant.name) });
    await expect(row).toContainText('Non lue : Déposer une nouvelle demande de logement');
    await expect(row).toContainText('Nouveau');
    await expect(row).toContainText('Éligible');
    await page.reload();
    await expect(page.getByLabel('Non lues')).toHaveValue('oui');
    await expect(row).toBeVisible();
    await accessibleAtBothWidths(page, 'contact-requests-list');

    await row.getByRole('link').click();
    await expect(page).toHaveURL(requestPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Déposer une nouvelle demande de logement');
    await expect(page.getByRole('link', { name: applicant.email })).toHaveAttribute('href', `mailto:${applicant.email}`);
    await expect(page.getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:0612345678');
    const eligibility = page.getByRole('region', { name: 'Test d’éligibilité' });
    await expect(eligibility).toContainText(/Éligible : revenus du foyer de 75\s000\s€ pour un plafond de 79\s666\s€ en zone A/);
    await expect(eligibility).toContainText('Couple');
    await expect(eligibility).toContainText('Anglet');
    await expect(page.getByRole('region', { name: 'Historique' })).toContainText('Lue');

    // A reply, checked first, then mailed.
    const reply = page.getByRole('form', { name: 'Répondre par e-mail' });
    await reply.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await expect(reply.getByText('Écrivez votre réponse.')).toBeVisible();
    await reply.getByLabel('Votre réponse').fill('Bonjour,\nNous ouvrons votre dossier : vous allez recevoir un lien pour créer votre compte.');
    await reply.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await expect(page.getByText(`Votre réponse a été envoyée à ${applicant.email}.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Réponses envoyées' })).toContainText('Nous ouvrons votre dossier');
    const replyMail = await inbox.waitFor((mail) => mail.to.includes(applicant.email) && mail.subject === 'Réponse à votre demande : Déposer une nouvelle demande de logement');
    expect(replyMail.text).toContain('Nous ouvrons votre dossier');

    // The file, opened behind a confirmation that says what happens.
    await page.getByRole('button', { name: 'Créer le dossier et inviter le demandeur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer le dossier et inviter le demandeur ?' });
    await expect(dialog).toContainText(`Un compte client est créé pour Maite Irigoyen (${applicant.email})`);
    await dialog.getByRole('button', { name: 'Créer le dossier et inviter' }).click();
    await expect(page.getByText(/^Le dossier DOS-\d{4}-\d{4,} est ouvert/)).toBeVisible();
    const facts = page.getByRole('region', { name: `Demande de ${applicant.name}` });
    await expect(facts).toContainText(/Dossier\s*DOS-\d{4}-\d{4,}/);
    await expect(page.locator('.contact-title')).toContainText('Terminé');
    await expect(page.getByRole('region', { name: 'Historique' })).toContainText(/Transformée en dossier DOS-/);
    await expect(page.getByRole('button', { name: 'Créer le dossier et inviter le demandeur' })).toHaveCount(0);
    await accessibleAtBothWidths(page, 'contact-request');

    // The applicant registers through the e-mailed link and finds the household already filled in.
    const invitation = await inbox.waitFor((mail) => mail.to.includes(applicant.email) && mail.subject === 'Votre accès à HSA Logement intermédiaire');
    const link = invitation.links.find((url) => url.includes('/creation-de-compte/'))!;
    const own = await browser.newContext();
    await own.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
    const ownPage = await own.newPage();
    await ownPage.goto(new URL(link).pathname);
    await alive(ownPage);
    await ownPage.getByLabel('Nouveau mot de passe', { exact: true }).fill(applicant.password);
    await ownPage.getByLabel('Confirmation du mot de passe').fill(applicant.password);
    await ownPage.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(ownPage).toHaveURL('/mon-compte-hsa-lli');
    const mine = await (await ownPage.request.post('/api/records/get-mine')).json();
    expect(mine.my_record).toMatchObject({ situation: 'couple', person_1: { first_name: 'Maite', last_name: 'Irigoyen', tax_income: 45000 }, person_2: { tax_income: 30000 } });
    await expect(facts).toContainText(mine.my_record.reference);
    await own.close();
  });

  test('the same applicant asks to exercise their rights: the hsa sends them their data and erases their account from the request’s page', async ({ page, browser }) => {
    test.slow();
    const applicant = { name: 'Maite Irigoyen', email: 'maite.irigoyen@example.org', password: 'Un-mot-de-passe-2026' };
    await page.goto('/nous-contacter');
    await alive(page);
    const contact = page.getByRole('form', { name: 'Demande de contact' });
    await contact.getByLabel('Objet de votre demande').selectOption({ label: 'Exercer mes droits sur mes données personnelles' });
    await contact.getByLabel('Nom et prénom').fill(applicant.name);
    await contact.getByLabel('E-mail').fill(applicant.email);
    await contact.getByLabel('Message').fill('Bonjour, je souhaite recevoir mes données puis que mon compte soit supprimé.');
    await contact.getByLabel(/J'accepte d'être recontacté/).check();
    await contact.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(page.getByText('Votre demande a bien été envoyée.')).toBeVisible();

    const staffMail = await inbox.waitFor((mail) => mail.subject === 'Nouvelle demande de contact : Exercer mes droits sur mes données personnelles' && mail.text.includes(applicant.email));
    await loginAs(page, emailOf('hsa'));
    await page.goto(new URL(staffMail.links.find((url) => url.includes('/admin/demandes-de-contact/'))!).pathname);
    await alive(page);
    const tools = page.getByRole('region', { name: 'Données personnelles du demandeur' });
    await expect(tools).toContainText(`Compte de ${applicant.name} (${applicant.email}), dossier DOS-`);
    await expect(tools).toContainText('Vérifiez d’abord que la demande vient bien de cette personne');
    await accessibleAtBothWidths(page, 'contact-request-rgpd');

    // Her data, as the ZIP she would download herself.
    const download = page.waitForEvent('download');
    await tools.getByRole('button', { name: 'Télécharger ses données (ZIP)' }).click();
    const zip = await download;
    expect(zip.suggestedFilename()).toMatch(/^mes-donnees-hsa-\d{4}-\d{2}-\d{2}\.zip$/);
    const { unzipSync, strFromU8 } = await import('fflate');
    const entries = unzipSync(new Uint8Array(readFileSync(await zip.path())));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['dossier.pdf', 'dossier.json', 'consultations.json']));
    expect(JSON.parse(strFromU8(entries['dossier.json']!)).account.email).toBe(applicant.email);

    // The erasure, behind a confirmation; the outcome is what staff tell her.
    // Not before saying how her identity was checked.
    await expect(tools.getByRole('button', { name: 'Effacer son compte et son dossier' })).toBeDisabled();
    await tools.getByLabel('Comment avez-vous vérifié son identité ?').fill('Pièce d’identité reçue par e-mail, à l’adresse du compte');
    await tools.getByRole('button', { name: 'Effacer son compte et son dossier' }).click();
    const dialog = page.getByRole('dialog', { name: `Effacer le compte et le dossier de ${applicant.name} ?` });
    await expect(dialog).toContainText('Cette action est définitive.');
    await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
    await expect(tools).toContainText('Effacé : votre compte, votre dossier et toutes vos pièces justificatives, vos demandes de contact, vos alertes et vos visites réservées.');
    await expect(tools).toContainText('Dites-le au demandeur dans votre réponse ci-dessous.');
    await accessibleAtBothWidths(page, 'contact-request-rgpd-erased');
    // The request stays, to answer it; she can no longer log in.
    await expect(page.getByRole('link', { name: applicant.email })).toBeVisible();
    const own = await browser.newContext();
    const ownPage = await own.newPage();
    await ownPage.goto('/login');
    await alive(ownPage);
    const login = ownPage.getByRole('form', { name: 'Connexion' });
    await login.getByLabel('E-mail').fill(applicant.email);
    await login.getByLabel('Mot de passe').fill(applicant.password);
    await login.getByRole('button', { name: 'Connexion' }).click();
    await expect(login.getByText('E-mail ou mot de passe incorrect.')).toBeVisible();
    await own.close();
  });
});
