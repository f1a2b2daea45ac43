import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { pdfFile } from '../support/files.ts';
import { emailOf, expect, loginAs, test } from '../support/fixtures.ts';


test.describe('an applicant, from the invitation to a refused document replaced', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('is invited, opens their file, uploads, reads staff’s refusal and its reason, and replaces the document', async ({ page, browser }) => {
    test.slow();
    const applicant = { email: 'ainara.sorhouet@example.org', password: 'Zuberoa-Maule-2026' };

    // Staff invite the applicant (the contact-request screen will do it in one step).
    const staff = await browser.newContext();
    const staffPage = await staff.newPage();
    await loginAs(staffPage, emailOf('hsa'));
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await loginAs(adminPage, emailOf('admin'));
    const invited = await adminPage.request.post('/api/users/create', { data: { email: applicant.email, first_name: 'Ainara', last_name: 'Sorhouet', role: 'customer' } });
    expect(invited.status()).toBe(201);
    await admin.close();

    // The applicant registers through the e-mailed link and lands on their new file.
    const mail = await inbox.waitFor((message) => message.to.includes(applicant.email));
    await page.goto(new URL(mail.links.find((url) => url.includes('/creation-de-compte/'))!).pathname);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Création de votre compte');
    await expect(page.getByText('Votre espace vous permettra de compléter votre demande de logement')).toBeVisible();
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(applicant.password);
    await page.getByLabel('Confirmation du mot de passe').fill(applicant.password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL('/mon-compte-hsa-lli');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes informations');

    // Their information: already named by the invitation; a salaried situation adds payslips and the contract.
    const me = page.getByRole('region', { name: 'Vous', exact: true });
    await expect(me.getByLabel('Prénom')).toHaveValue('Ainara');
    await expect(me.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Sorhouet');
    await me.getByLabel('Situation professionnelle').selectOption({ label: 'Salarié(e) en CDI' });
    await me.getByLabel('Revenu fiscal de référence').fill('29 800');
    await me.getByLabel('Revenu fiscal de référence').press('Tab');
    await expect(me.getByRole('status').first()).toHaveText('Enregistré');

    // Their documents: what is required, and one uploaded.
    await page.getByRole('button', { name: 'Mon espace' }).click();
    await page.getByRole('dialog', { name: 'Mon espace' }).getByRole('link', { name: 'Mes pièces justificatives' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes pièces justificatives');
    const progress = page.getByRole('region', { name: 'Avancement de mes pièces' });
    await expect(progress).toContainText('0 pièce sur 6 fournie, 0 validée.');
    const identity = page.getByRole('article', { name: "Pièce d'identité", exact: true });
    await identity.getByLabel('Ajouter le fichier').setInputFiles(pdfFile('carte-identite-floue.pdf'));
    await expect(identity.getByRole('link', { name: /^carte-identite-floue\.pdf/ })).toBeVisible();
    await expect(progress).toContainText('1 pièce sur 6 fournie, 0 validée.');

    // Staff read the watermarked copy and refuse it, with a reason (through the API until their screen exists).
    const file = await (await page.request.post('/api/records/get-mine')).json();
    const document = file.my_record.documents.find((entry: { type: string }) => entry.type === 'p1_nat_id');
    const copy = await staffPage.request.get(`/api/records/documents/${document.id}/file`);
    expect(copy.status()).toBe(200);
    const original = await page.request.get(`/api/records/documents/${document.id}/file`);
    expect(Buffer.compare(await copy.body(), await original.body())).not.toBe(0);
    const reason = 'La photo est floue : les informations de la carte ne se lisent pas.';
    const review = await staffPage.request.post('/api/records/documents/review', { data: { record_id: file.my_record.id, reviews: [{ id: document.id, status: 'declined', reason }] } });
    expect(review.status()).toBe(200);
    const told = await inbox.waitFor((message) => message.to.includes(applicant.email) && message.subject === 'Une pièce de votre dossier est à remplacer');
    expect(told.text).toContain(reason);
    await staff.close();

    // The applicant sees the refusal, its reason and who looked; then replaces the file.
    await page.reload();
    await expect(identity.getByText('Refusé').first()).toBeVisible();
    await expect(identity).toContainText(reason);
    await expect(progress).toContainText('0 pièce sur 6 fournie, 0 validée.');
    await expect(page.getByRole('region', { name: 'Qui a consulté mon dossier' })).toContainText('Peio L. (Gestionnaire)');
    const replacing = page.waitForEvent('filechooser');
    await identity.getByRole('button', { name: 'Remplacer carte-identite-floue.pdf' }).click();
    await (await replacing).setFiles(pdfFile('carte-identite-nette.pdf'));
    await expect(identity.getByRole('link', { name: /^carte-identite-nette\.pdf/ })).toBeVisible();
    await expect(identity.getByRole('link', { name: /^carte-identite-floue\.pdf/ })).toHaveCount(0);
    await expect(identity.getByText('À traiter').first()).toBeVisible();
    await expect(progress).toContainText('1 pièce sur 6 fournie, 0 validée.');
  });
});
