import type { Locator, Page } from '@playwright/test';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { pdfFile, photo } from '../support/files.ts';
import { alive, emailOf, expect, loginAs, test, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { withPdfViewer } from '../support/browsers.ts';

// Copies and receipts open in Chromium's PDF viewer, which only the full browser has.
test.use(withPdfViewer);

/** Holds the uploads back a little, so that their progress bars can be seen. */
async function slowUploads(page: Page, path: string) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
}

const documentItem = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const status = (part: Locator) => part.getByRole('status').first();

test.describe.serial('the customer’s own file', () => {
  test('information is saved as it is typed, errors stay beside their field, and the eligibility follows', async ({ page }) => {
    test.slow();
    await loginAs(page, emailOf('customer'));
    await page.goto('/mon-compte-hsa-lli');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes informations');
    const me = page.getByRole('region', { name: 'Vous', exact: true });
    await expect(me.getByLabel('Prénom')).toHaveValue('Lucas');

    // A wrong phone number: its error under the field, nothing lost of what is saved.
    await me.getByLabel('Téléphone').fill('12');
    await me.getByLabel('Commune').fill('Bayonne');
    await me.getByLabel('Commune').press('Tab');
    await expect(me.getByText('Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.')).toBeVisible();
    await expect(me.getByLabel('Téléphone')).toHaveAttribute('aria-invalid', 'true');
    await expect(status(me)).toHaveText('Une réponse est à corriger : elle n’est pas enregistrée.');
    await me.getByLabel('Téléphone').fill('06 12 34 56 78');
    await me.getByLabel('Téléphone').press('Tab');
    await expect(status(me)).toHaveText('Enregistré');
    await expect(me.getByText('Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.')).toBeHidden();
    await me.getByLabel('Code postal').fill('64100');

    // The revenu fiscal de référence: the eligibility is worked out again by the server.
    const outlook = page.getByRole('region', { name: 'Votre éligibilité' });
    await expect(me.getByLabel('Revenu fiscal de référence')).toHaveValue('31200');
    await expect(outlook).toContainText('Vos revenus (31\u00a0200\u00a0€) sont sous le plafond du logement intermédiaire en zone');
    await me.getByLabel('Revenu fiscal de référence').fill('38 400');
    await me.getByLabel('Revenu fiscal de référence').press('Tab');
    await expect(outlook).toContainText('Vos revenus (38\u00a0400\u00a0€)');

    // A dependant, the discovery source, what the household looks for.
    const household = page.getByRole('region', { name: 'Votre foyer' });
    await household.getByRole('button', { name: 'Ajouter une personne à charge' }).click();
    const child = household.getByRole('group', { name: 'Personne à charge 1' });
    await expect(child.getByLabel('Prénom')).toBeFocused();
    await child.getByLabel('Prénom').fill('Nora');
    await child.getByLabel('Date de naissance').fill('2020-03-15');
    await child.getByLabel('Prénom').press('Tab');
    await expect(status(household)).toHaveText('Enregistré');
    const discovery = page.getByRole('region', { name: 'Comment nous avez-vous connus ?' });
    await discovery.getByLabel('Par quel moyen ?').selectOption({ label: 'Réseaux sociaux' });
    await expect(status(discovery)).toHaveText('Enregistré');
    const wishes = page.getByRole('region', { name: 'Ce que vous recherchez' });
    await wishes.getByRole('checkbox', { name: 'T3', exact: true }).check();
    await expect(status(wishes)).toHaveText('Enregistré');
    await expect(outlook.getByText(/représenterait \d+\u00a0% de vos revenus/).first()).toBeVisible();

    await accessibleAtBothWidths(page, 'my-information');

    // All of it is there again after a reload.
    await page.reload();
    await expect(me.getByLabel('Téléphone')).toHaveValue('06 12 34 56 78');
    await expect(me.getByLabel('Commune')).toHaveValue('Bayonne');
    await expect(me.getByLabel('Code postal')).toHaveValue('64100');
    await expect(me.getByLabel('Revenu fiscal de référence')).toHaveValue('38400');
    await expect(household.getByRole('group', { name: 'Personne à charge 1' }).getByLabel('Prénom')).toHaveValue('Nora');
    await expect(discovery.getByLabel('Par quel moyen ?')).toHaveValue('social_network');
    await expect(wishes.getByRole('checkbox', { name: 'T3', exact: true })).toBeChecked();
  });

  test('documents: chosen, photographed, refused then retried, replaced and removed, on a computer and on a phone', async ({ page }) => {
    test.slow();
    await loginAs(page, emailOf('customer'));
    await page.goto('/mon-compte-hsa-lli/mon-dossier');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes pièces justificatives');
    const progress = page.getByRole('region', { name: 'Avancement de mes pièces' });
    await expect(progress).toContainText('0 pièce sur 6 fournie, 0 validée.');
    await expect(progress.getByRole('listitem')).toHaveText([
      '« Pièce d\'identité »',
      '« Acte de naissance »',
      '« Quittances de loyer »',
      '« Avis d\'imposition »',
      '« Bulletins de salaire »',
      '« Contrat de travail »',
    ]);

    // A PDF chosen, its progress shown while it goes.
    await slowUploads(page, '/api/records/documents/upload');
    const identity = documentItem(page, "Pièce d'identité");
    await expect(identity.getByText('À fournir')).toBeVisible();
    await expect(identity.getByLabel('Ajouter le fichier')).toHaveAccessibleDescription(/Mettez le recto et le verso dans un même PDF, ou sur une même photo\./);
    await identity.getByLabel('Ajouter le fichier').setInputFiles(pdfFile('carte-identite.pdf'));
    await expect(identity.getByRole('progressbar', { name: 'Envoi de carte-identite.pdf' })).toBeVisible();
    await expect(identity.getByRole('link', { name: /^carte-identite\.pdf/ })).toBeVisible();
    await expect(identity.getByRole('progressbar')).toHaveCount(0);
    await expect(identity.getByText('À traiter').first()).toBeVisible();
    await expect(identity).toContainText('PDF de 1 page');
    await expect(progress).toContainText('1 pièce sur 6 fournie, 0 validée.');

    // A photo from the camera button.
    const payslips = documentItem(page, 'Bulletins de salaire');
    const chooser = page.waitForEvent('filechooser');
    await payslips.getByRole('button', { name: /^Prendre une photo/ }).click();
    await (await chooser).setFiles(await photo(page, 'bulletin-mars.jpg', 'Bulletin de salaire'));
    await expect(payslips.getByRole('progressbar', { name: 'Envoi de bulletin-mars.jpg' })).toBeVisible();
    await expect(payslips.getByRole('link', { name: /^bulletin-mars\.jpg/ })).toBeVisible();
    await expect(payslips).toContainText('Photo,');
    await page.unroute('**/api/records/documents/upload');

    // A text file named .pdf is refused with its French reason; « Réessayer » sends it again; removed, a real one goes.
    const receipts = documentItem(page, 'Quittances de loyer');
    await receipts.getByLabel('Ajouter des fichiers').setInputFiles({ name: 'quittance.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Ceci est un simple texte, pas un PDF.\n') });
    const refusal = receipts.getByRole('alert');
    await expect(refusal).toBeVisible();
    const reason = (await refusal.textContent()) ?? '';
    expect(reason.length).toBeGreaterThan(10);
    await receipts.getByRole('button', { name: 'Réessayer l’envoi de quittance.pdf' }).click();
    await expect(receipts.getByRole('alert')).toHaveText(reason);
    await receipts.getByRole('button', { name: 'Retirer quittance.pdf' }).click();
    await expect(receipts.getByRole('alert')).toHaveCount(0);
    await receipts.getByLabel('Ajouter des fichiers').setInputFiles([pdfFile('quittance-janvier.pdf'), pdfFile('quittance-fevrier.pdf')]);
    await expect(receipts.getByRole('link')).toHaveCount(2);

    // The photo replaced by a PDF.
    const replacing = page.waitForEvent('filechooser');
    await payslips.getByRole('button', { name: 'Remplacer bulletin-mars.jpg' }).click();
    await (await replacing).setFiles(pdfFile('bulletin-mars-scan.pdf'));
    await expect(payslips.getByRole('link', { name: /^bulletin-mars-scan\.pdf/ })).toBeVisible();
    await expect(payslips.getByRole('link', { name: /^bulletin-mars\.jpg/ })).toHaveCount(0);

    // A file removed, after a confirmation.
    await identity.getByRole('button', { name: 'Supprimer carte-identite.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer ce fichier ?' });
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(identity.getByRole('link')).toHaveCount(0);
    await expect(identity.getByText('À fournir')).toBeVisible();
    await expect(progress).toContainText('2 pièces sur 6 fournies, 0 validée.');

    // The owner opens their own file.
    const opened = page.waitForEvent('popup');
    await receipts.getByRole('link', { name: /^quittance-janvier\.pdf/ }).click();
    const tab = await opened;
    await expect.poll(() => tab.url()).toMatch(/\/api\/records\/documents\/\d+\/file$/);
    await tab.close();

    const consultations = page.getByRole('region', { name: 'Qui a consulté mon dossier' });
    await expect(consultations).toBeVisible();
    await accessibleAtBothWidths(page, 'my-documents');

    // On a phone: the same upload, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await identity.getByLabel('Ajouter le fichier').setInputFiles(pdfFile('identite-telephone.pdf'));
    await expect(identity.getByRole('link', { name: /^identite-telephone\.pdf/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('a shared link lets someone without an account add a document, and nothing else; withdrawn, it leads nowhere', async ({ page, browser }) => {
    test.slow();
    await loginAs(page, emailOf('customer'));
    await page.goto('/mon-compte-hsa-lli/mon-dossier');
    const sharing = page.getByRole('region', { name: 'Faire déposer des pièces par quelqu’un d’autre' });
    await expect(sharing.getByText('Aucun lien en cours.')).toBeVisible();
    await sharing.getByRole('button', { name: 'Créer un lien de dépôt' }).click();
    const url = await sharing.getByRole('textbox', { name: 'Lien de dépôt', exact: true }).inputValue();
    expect(url).toMatch(/\/deversement-de-pieces\/\d+\/[^/]+$/);
    await expect(sharing.getByRole('listitem')).toHaveCount(1);
    await expect(sharing.getByRole('listitem')).toContainText('valable jusqu’au');

    // Another browser, without a session.
    const context = await browser.newContext();
    const violations = await watchContentSecurityPolicy(context);
    await context.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
    const visitor = await context.newPage();
    const path = new URL(url).pathname;
    await visitor.goto(path);
    await alive(visitor);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Déposer des pièces justificatives');
    await expect(visitor.getByText(/dossier de demande de logement de Lucas/)).toBeVisible();
    await expect(visitor.getByText('Aucune pièce envoyée pour l’instant.')).toBeVisible();
    await expect(visitor.getByText('quittance-janvier.pdf')).toHaveCount(0);
    await visitor.getByLabel('Type de pièce').selectOption({ label: '« Avis d\'imposition »' });
    await visitor.getByLabel('Fichiers à envoyer').setInputFiles(pdfFile('avis-imposition-2025.pdf'));
    const sent = visitor.getByRole('region', { name: 'Pièces envoyées' });
    await expect(sent.getByRole('listitem')).toHaveCount(1);
    await expect(sent).toContainText(/avis-imposition-2025\.pdf : « Avis d'imposition », envoyée à \d{1,2}\sh\s\d{2}$/);
    await accessibleAtBothWidths(visitor, 'shared-upload');

    // The customer sees it in their file.
    await page.reload();
    await expect(documentItem(page, "Avis d'imposition").getByRole('link', { name: /^avis-imposition-2025\.pdf/ })).toBeVisible();
    await expect(documentItem(page, "Avis d'imposition")).toContainText('par lien de dépôt');

    // Withdrawn, the link gives the not-found page, as an unknown one does.
    await sharing.getByRole('button', { name: /^Retirer le lien créé le/ }).click();
    await expect(sharing.getByText('Aucun lien en cours.')).toBeVisible();
    await visitor.goto(path);
    await alive(visitor);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await visitor.goto(path.replace(/[^/]+$/, 'jeton-invente'));
    await alive(visitor);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    expect(violations).toEqual([]);
    await context.close();
  });
});
