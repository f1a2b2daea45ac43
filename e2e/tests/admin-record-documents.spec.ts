import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { E2E_PORT, E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { onePagePdf, pdfFile, photo } from '../support/files.ts';
import { alive, emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { inviteAndRegister } from '../support/journeys.ts';
import { withPdfViewer } from '../support/browsers.ts';

// Copies and receipts open in Chromium's PDF viewer, which only the full browser has.
test.use(withPdfViewer);

/**
 * No axe-core violation in this journey's parts of the file's page (its other panels are another journey's), nothing
 * of them wider than the screen, at the desktop width and on a phone, with a picture of each part (`<name>-<width>-<n>.png`).
 */
async function partsAccessible(page: Page, name: string, parts: string[]): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await parts.reduce((builder, part) => builder.include(part), new AxeBuilder({ page })).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `${name} at ${width} px`).toEqual([]);
    for (const [index, part] of parts.entries()) {
      const shown = page.locator(part);
      const { right, inner, outer } = await shown.evaluate((element) => ({ right: element.getBoundingClientRect().right, inner: element.scrollWidth, outer: element.clientWidth }));
      expect(right, `${name} (${part}) within ${width} px`).toBeLessThanOrEqual(width);
      expect(inner, `${name} (${part}) has nothing wider than itself at ${width} px`).toBeLessThanOrEqual(outer);
      await shown.screenshot({ path: test.info().outputPath(`${name}-${width}-${index + 1}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// This journey's parts, by the page's own names for them (axe-core takes CSS selectors).
const DOCUMENTS = '.record-docs';
const LINKS = '.record-upload-links';
const VIEWER = 'dialog[open]';

/** An applicant of this journey alone: invited by an admin, registered through the e-mailed link. */
const applicant = { email: 'garazi.olhagaray@example.org', password: 'Xiberoa-Larrau-2026', firstName: 'Garazi', lastName: 'Olhagaray', name: 'Garazi Olhagaray' };
const REFUSAL = 'Document trop ancien ou expiré. Merci de déposer l’avis d’imposition 2025, sur les revenus de 2024.';

const documentsOf = (page: Page) => page.getByRole('region', { name: 'Pièces justificatives' });
const item = (part: Locator, name: string) => part.getByRole('article', { name, exact: true });
const fileRow = (part: Locator, fileName: string) => part.getByRole('listitem').filter({ has: part.page().getByRole('button', { name: `${fileName} : voir la copie filigranée` }) });

test.describe.serial('the documents of a file, as staff review them', () => {
  let inbox: SmtpInbox;
  let recordId = 0;

  test.beforeAll(async () => {
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('an applicant invited by an admin registers and sends four documents, one of them a photo', async ({ page, browser }) => {
    test.slow();
    await inviteAndRegister(browser, page, inbox, applicant);

    await page.goto('/mon-compte-hsa-lli/mon-dossier');
    const upload = async (kind: string, file: { name: string; mimeType: string; buffer: Buffer }, field = 'Ajouter le fichier') => {
      const article = page.getByRole('article', { name: kind, exact: true });
      await article.getByLabel(field).setInputFiles(file);
      await expect(article.getByRole('link', { name: new RegExp(`^${file.name.replace('.', '\\.')}`) })).toBeVisible();
    };
    await upload("Pièce d'identité", pdfFile('carte-identite.pdf'));
    await upload('Acte de naissance', pdfFile('acte-naissance.pdf'));
    await upload('Quittances de loyer', await photo(page, 'quittance-mars.jpg', 'Quittance de loyer'), 'Ajouter des fichiers');
    await upload("Avis d'imposition", pdfFile('avis-imposition-2021.pdf'), 'Ajouter des fichiers');
    await expect(page.getByRole('region', { name: 'Avancement de mes pièces' })).toContainText('4 pièces sur 4 fournies, 0 validée.');
    recordId = (await (await page.request.post('/api/records/get-mine')).json()).my_record.id;
  });

  test('an hsa reads the watermarked copies, validates two, refuses one with a reason, and saves once: one e-mail', async ({ page }) => {
    test.slow();
    await loginAs(page, emailOf('hsa'));
    await page.goto(`/admin/liste-des-dossiers/${recordId}`);
    const documents = documentsOf(page);
    await expect(documents).toContainText('4 pièces sur 4 fournies, 0 validée.');
    await expect(documents.getByRole('heading', { level: 3 })).toHaveText([`Demandeur : ${applicant.name}`]);
    const identity = item(documents, "Pièce d'identité");
    await expect(identity.getByText('À traiter').first()).toBeVisible();
    await expect(identity).toContainText('PDF de 1 page');
    await expect(identity).toContainText('déposé par le demandeur le');
    // No antivirus runs beside the journeys' server: staff are told, file by file.
    await expect(identity.getByText('Non analysé')).toBeVisible();
    await expect(documents.getByRole('status').filter({ hasText: 'n’ont pas été analysés par un antivirus' })).toBeVisible();

    // The PDF's copy in the viewer: the browser's PDF viewer in a frame, the file named, the copy's own address to open.
    await documents.getByRole('button', { name: 'carte-identite.pdf : voir la copie filigranée' }).click();
    const viewer = page.getByRole('dialog', { name: 'Copie filigranée : carte-identite.pdf' });
    await expect(viewer.locator('iframe[title="Copie filigranée de carte-identite.pdf"]')).toBeVisible({ timeout: 30_000 });
    const frame = page.frames().find((each) => /\/api\/records\/documents\/\d+\/file$/.test(each.url()))!;
    expect(await frame.evaluate(() => document.contentType)).toBe('application/pdf');
    const newTab = viewer.getByRole('link', { name: /^Ouvrir dans un nouvel onglet/ });
    await expect(newTab).toHaveAttribute('target', '_blank');
    await expect(newTab).toHaveAttribute('href', new URL(frame.url()).pathname);
    await viewer.getByRole('button', { name: 'Valider carte-identite.pdf' }).click();
    await expect(viewer.getByRole('button', { name: 'Valider carte-identite.pdf' })).toHaveAttribute('aria-pressed', 'true');

    // The next files from the viewer itself: the birth certificate validated, the photo shown as a picture.
    await viewer.getByRole('button', { name: 'Fichier suivant' }).click();
    const birth = page.getByRole('dialog', { name: 'Copie filigranée : acte-naissance.pdf' });
    await expect(birth.locator('iframe')).toBeVisible({ timeout: 30_000 });
    await birth.getByRole('button', { name: 'Valider acte-naissance.pdf' }).click();
    await birth.getByRole('button', { name: 'Fichier suivant' }).click();
    const receipt = page.getByRole('dialog', { name: 'Copie filigranée : quittance-mars.jpg' });
    const picture = receipt.getByRole('img', { name: 'Copie filigranée de quittance-mars.jpg' });
    await expect(picture).toBeVisible({ timeout: 30_000 });
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(600);
    await expect(receipt).toContainText('Fichier 3 sur 4');
    await partsAccessible(page, 'record-document-viewer', [VIEWER]);
    await page.keyboard.press('Escape');
    await expect(receipt).toBeHidden();

    // A decision taken back.
    const photoRow = fileRow(documents, 'quittance-mars.jpg');
    await photoRow.getByRole('button', { name: 'Valider quittance-mars.jpg' }).click();
    const bar = documents.getByText(/décisions? à enregistrer/);
    await expect(bar).toHaveText('3 décisions à enregistrer : 3 validations, 0 refus.');
    await photoRow.getByRole('button', { name: 'Annuler la décision sur quittance-mars.jpg' }).click();
    await expect(photoRow.getByRole('button', { name: 'Valider quittance-mars.jpg' })).toBeFocused();
    await expect(photoRow.getByRole('button', { name: 'Valider quittance-mars.jpg' })).toHaveAttribute('aria-pressed', 'false');

    // A refusal needs its reason: none, then « Autre motif » without words, then a reason of the catalogue with words.
    const taxRow = fileRow(documents, 'avis-imposition-2021.pdf');
    await taxRow.getByRole('button', { name: 'Refuser avis-imposition-2021.pdf' }).click();
    await expect(bar).toHaveText('3 décisions à enregistrer : 2 validations, 1 refus.');
    await expect(documents).toContainText(`Garazi Olhagaray recevra à ${applicant.email} un seul e-mail listant la pièce refusée et son motif.`);
    const save = documents.getByRole('button', { name: 'Enregistrer l’examen' });
    await expect(save).toHaveAccessibleDescription(/3 décisions à enregistrer/);
    await save.click();
    const reason = taxRow.getByLabel('Motif du refus de avis-imposition-2021.pdf');
    await expect(taxRow.getByText('Choisissez le motif du refus : il sera transmis au demandeur.')).toBeVisible();
    await expect(reason).toBeFocused();
    await expect(documents.getByRole('alert')).toHaveText(/Chaque refus a besoin d’un motif/);
    await reason.selectOption({ label: 'Autre motif' });
    await save.click();
    const details = taxRow.getByLabel('Précisions pour le demandeur sur avis-imposition-2021.pdf');
    await expect(taxRow.getByText('Écrivez le motif du refus : avec « Autre motif », le demandeur ne lira que vos mots.')).toBeVisible();
    await expect(details).toBeFocused();
    await reason.selectOption({ label: 'Document trop ancien ou expiré' });
    await details.fill('Merci de déposer l’avis d’imposition 2025, sur les revenus de 2024.');
    await expect(taxRow).toContainText(`Le demandeur lira : « ${REFUSAL} »`);
    await expect(documents.getByRole('alert')).toHaveCount(0);
    await partsAccessible(page, 'record-documents-review', [DOCUMENTS]);

    await save.click();
    await expect(page.getByText(`L’examen est enregistré : 2 pièces validées, 1 refusée. ${applicant.name} en est prévenu(e) par e-mail.`)).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect(documents).toContainText('3 pièces sur 4 fournies, 2 validées.');
    await expect(item(documents, "Pièce d'identité").getByText('Validé').first()).toBeVisible();
    await expect(item(documents, 'Acte de naissance').getByText('Validé').first()).toBeVisible();
    await expect(item(documents, "Avis d'imposition").getByText('Refusé').first()).toBeVisible();
    await expect(taxRow).toContainText(`Motif du refus envoyé : ${REFUSAL}`);

    // One e-mail, listing the refused file and its reason.
    const told = await inbox.waitFor((message) => message.to.includes(applicant.email) && message.subject === 'Une pièce de votre dossier est à remplacer');
    expect(told.text).toContain(`« Avis d'imposition », fichier « avis-imposition-2021.pdf » : ${REFUSAL}`);
    expect(inbox.messages.filter((message) => message.to.includes(applicant.email) && message.subject.includes('à remplacer'))).toHaveLength(1);
  });

  test('the review works from the keyboard alone, a file already reviewed included', async ({ page }) => {
    test.slow();
    await loginAs(page, emailOf('hsa'));
    await page.goto(`/admin/liste-des-dossiers/${recordId}`);
    const documents = documentsOf(page);
    const photoButton = documents.getByRole('button', { name: 'quittance-mars.jpg : voir la copie filigranée' });
    await photoButton.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Copie filigranée : quittance-mars.jpg' });
    await expect(viewer.getByRole('img')).toBeVisible({ timeout: 30_000 });
    await expect(viewer.getByRole('button', { name: 'Fermer' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(viewer.getByRole('button', { name: 'Valider quittance-mars.jpg' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(viewer.getByRole('button', { name: 'Valider quittance-mars.jpg' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(photoButton).toBeFocused();

    // The validated identity card refused after all, its reason chosen and written with the keyboard.
    const identityRow = fileRow(documents, 'carte-identite.pdf');
    await identityRow.getByRole('button', { name: 'carte-identite.pdf : voir la copie filigranée' }).focus();
    await page.keyboard.press('Tab');
    await expect(identityRow.getByRole('button', { name: 'Valider carte-identite.pdf' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(identityRow.getByRole('button', { name: 'Refuser carte-identite.pdf' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Tab');
    await expect(identityRow.getByRole('button', { name: 'Annuler la décision sur carte-identite.pdf' })).toBeFocused();
    await page.keyboard.press('Tab');
    const reason = identityRow.getByLabel('Motif du refus de carte-identite.pdf');
    await expect(reason).toBeFocused();
    await reason.press('ArrowDown');
    await expect(reason).toHaveValue('unreadable');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Le verso de la carte manque.');
    await expect(identityRow).toContainText('Le demandeur lira : « Document illisible ou flou. Le verso de la carte manque. »');

    // On to « Enregistrer l’examen » with Tab alone.
    const save = documents.getByRole('button', { name: 'Enregistrer l’examen' });
    for (let presses = 0; presses < 30 && !(await save.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`L’examen est enregistré : 1 pièce validée, 1 refusée. ${applicant.name} en est prévenu(e) par e-mail.`)).toBeVisible();
    await expect(fileRow(documents, 'carte-identite.pdf')).toContainText('Motif du refus envoyé : Document illisible ou flou. Le verso de la carte manque.');
    await expect(fileRow(documents, 'quittance-mars.jpg').getByText('Validé')).toBeVisible();
  });

  test('the applicant reads the refusals and their reasons, and sees the reads of their documents', async ({ page }) => {
    await loginAs(page, applicant.email, applicant.password);
    await page.goto('/mon-compte-hsa-lli/mon-dossier');
    const tax = page.getByRole('article', { name: "Avis d'imposition", exact: true });
    await expect(tax.getByText('Refusé').first()).toBeVisible();
    await expect(tax).toContainText(`Motif du refus : ${REFUSAL}`);
    await expect(page.getByRole('article', { name: "Pièce d'identité", exact: true })).toContainText('Motif du refus : Document illisible ou flou. Le verso de la carte manque.');
    await expect(page.getByRole('region', { name: 'Qui a consulté mon dossier' })).toContainText('Peio L. (Gestionnaire) : A ouvert une pièce justificative');
  });

  test('a file its owner removes meanwhile, and a session that ended: the viewer and the review say so in French', async ({ page, browser }) => {
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await loginAs(ownerPage, applicant.email, applicant.password);
    const sent = await ownerPage.request.post('/api/records/documents/upload', {
      headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
      multipart: { type: 'p1_tax_notices', file: { name: 'avis-imposition-2025.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Avis 2025') } },
    });
    expect(sent.status()).toBe(201);
    const { document } = await sent.json();

    await loginAs(page, emailOf('hsa'));
    await page.goto(`/admin/liste-des-dossiers/${recordId}`);
    const documents = documentsOf(page);
    const row = fileRow(documents, 'avis-imposition-2025.pdf');
    await row.getByRole('button', { name: 'Valider avis-imposition-2025.pdf' }).click();
    expect((await ownerPage.request.post('/api/records/documents/delete', { data: { id: document.id } })).status()).toBe(200);
    await owner.close();

    await row.getByRole('button', { name: 'avis-imposition-2025.pdf : voir la copie filigranée' }).click();
    const viewer = page.getByRole('dialog', { name: 'Copie filigranée : avis-imposition-2025.pdf' });
    await expect(viewer.getByRole('alert')).toHaveText(/Ce fichier n’est plus dans le dossier : le demandeur l’a peut-être remplacé ou supprimé\. Rechargez le dossier\./);
    await expect(viewer.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await viewer.getByRole('button', { name: 'Fermer' }).click();

    await documents.getByRole('button', { name: 'Enregistrer l’examen' }).click();
    await expect(documents.getByRole('alert')).toHaveText(/Un fichier a été remplacé ou supprimé par le demandeur entre-temps : rechargez le dossier\./);
    await documents.getByRole('button', { name: 'Recharger le dossier' }).click();
    await expect(row).toHaveCount(0);
    await expect(documents.getByText(/décisions? à enregistrer/)).toHaveCount(0);
    await expect(documents.getByRole('alert')).toHaveCount(0);

    // The session closed elsewhere: neither a PDF's copy nor a photo's is shown, and the viewer says why.
    expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
    for (const fileName of ['acte-naissance.pdf', 'quittance-mars.jpg']) {
      await documents.getByRole('button', { name: `${fileName} : voir la copie filigranée` }).click();
      const closed = page.getByRole('dialog', { name: `Copie filigranée : ${fileName}` });
      await expect(closed.getByRole('alert')).toHaveText(/Votre connexion a expirée, connectez-vous pour accéder à cette ressource\./);
      await expect(closed.getByRole('link', { name: 'Page de connexion' })).toBeVisible();
      await expect(closed.locator('iframe, img')).toHaveCount(0);
      await closed.getByRole('button', { name: 'Fermer' }).click();
    }
  });

  test('staff create a shared upload link, copy it, e-mail another, and withdraw both', async ({ page, browser }) => {
    test.slow();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginAs(page, emailOf('hsa'));
    await page.goto(`/admin/liste-des-dossiers/${recordId}`);
    const links = page.getByRole('region', { name: 'Liens de dépôt' });
    await expect(links.getByText('Aucun lien en cours.')).toBeVisible();

    await links.getByRole('button', { name: 'Créer un lien de dépôt' }).click();
    const address = links.getByRole('textbox', { name: 'Lien de dépôt', exact: true });
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`/deversement-de-pieces/${recordId}/[^/]+$`));
    await links.getByRole('button', { name: 'Copier le lien' }).click();
    await expect(links.getByText('Le lien est copié.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(links.getByRole('listitem')).toHaveCount(1);
    await expect(links.getByRole('listitem')).toContainText('par Peio L.');

    // A wrong address stays beside its field; a right one gets the link by e-mail.
    await links.getByLabel('E-mail de la personne (facultatif)').fill('pas-une-adresse');
    await links.getByRole('button', { name: 'Créer un lien de dépôt' }).click();
    await expect(links.getByText("L'adresse e-mail n'est pas valide.")).toBeVisible();
    await links.getByLabel('E-mail de la personne (facultatif)').fill('rh.olhagaray@example.org');
    await links.getByRole('button', { name: 'Créer un lien de dépôt' }).click();
    await expect(links.getByText('Le lien est créé et a été envoyé à rh.olhagaray@example.org.', { exact: false })).toBeVisible();
    await expect(links.getByRole('listitem')).toHaveCount(2);
    const mail = await inbox.waitFor((message) => message.to.includes('rh.olhagaray@example.org'));
    expect(mail.subject).toBe('Des pièces justificatives à déposer pour une demande de logement');
    const mailed = mail.links.find((link) => link.includes('/deversement-de-pieces/'))!;
    await partsAccessible(page, 'record-upload-links', [LINKS]);

    // The e-mailed link opens the shared page until it is withdrawn.
    const visitorContext = await browser.newContext();
    await visitorContext.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
    const visitor = await visitorContext.newPage();
    await visitor.goto(new URL(mailed).pathname);
    await alive(visitor);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Déposer des pièces justificatives');

    await links.getByRole('button', { name: /^Retirer le lien créé le/ }).first().click();
    await expect(links.getByRole('listitem')).toHaveCount(1);
    await links.getByRole('button', { name: /^Retirer le lien créé le/ }).click();
    await expect(links.getByText('Aucun lien en cours.')).toBeVisible();
    await visitor.goto(new URL(mailed).pathname);
    await alive(visitor);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await visitorContext.close();
  });
});
