import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { pdfFile, pdfHidingPicture } from '../support/files.ts';
import { emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { inviteAndRegister } from '../support/journeys.ts';

/** An applicant of this journey alone, whose files have the names people give them. */
const applicant = { email: 'helene.etxeberria@example.org', password: 'Itsasu-Ezpeleta-2026', firstName: 'Hélène', lastName: 'Etxeberria', name: 'Hélène Etxeberria' };
/** A phone's HEIC photo (libheif's sample size), as an iPhone's « Fichiers » app hands it over. */
const HEIC = { name: 'IMG_0042 été.HEIC', mimeType: 'image/heic', buffer: readFileSync(join(import.meta.dirname, '..', '..', 'api', 'test', 'fixtures', 'photo.heic')) };
const TAX_NOTICE = 'Avis d’impôt 2025 — revenus 2024.pdf';

test.describe.serial('documents as phones and offices make them', () => {
  let inbox: SmtpInbox;
  let recordId = 0;

  test.beforeAll(async () => {
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('an applicant sends a HEIC photo and a PDF named with accents, and learns why a scan is too big', async ({ page, browser }) => {
    test.slow();
    await inviteAndRegister(browser, page, inbox, applicant);

    await page.goto('/mon-compte-hsa-lli/mon-dossier');
    const receipts = page.getByRole('article', { name: 'Quittances de loyer', exact: true });
    await receipts.getByLabel('Ajouter des fichiers').setInputFiles(HEIC);
    await expect(receipts.getByRole('link', { name: /^IMG_0042 été\.HEIC/ })).toBeVisible();
    await expect(receipts).toContainText('Photo,');

    const taxNotices = page.getByRole('article', { name: "Avis d'imposition", exact: true });
    await taxNotices.getByLabel('Ajouter des fichiers').setInputFiles(pdfFile(TAX_NOTICE));
    await expect(taxNotices.getByRole('link', { name: new RegExp(`^${TAX_NOTICE.replace(/[.]/g, '\\.')}`) })).toBeVisible();

    // A scan of 49 million pixels in a few kilobytes: refused at once, with what to do, never left for staff to find.
    const identity = page.getByRole('article', { name: "Pièce d'identité", exact: true });
    await identity.getByLabel('Ajouter le fichier').setInputFiles(pdfHidingPicture('carte-scannée.pdf'));
    await expect(identity.getByRole('alert')).toContainText('Ce PDF contient une image trop grande (plus de 40 millions de pixels)');
    await expect(identity.getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Avancement de mes pièces' })).toContainText('2 pièces sur 4 fournies, 0 validée.');
    recordId = (await (await page.request.post('/api/records/get-mine')).json()).my_record.id;
  });

  test('an hsa reads both under the names they were given, the photo as a watermarked JPEG', async ({ page }) => {
    test.slow();
    await loginAs(page, emailOf('hsa'));
    await page.goto(`/admin/liste-des-dossiers/${recordId}`);
    const documents = page.getByRole('region', { name: 'Pièces justificatives' });
    await expect(documents.getByRole('heading', { level: 3 })).toHaveText([`Demandeur : ${applicant.name}`]);
    await expect(documents.getByRole('button', { name: `${TAX_NOTICE} : voir la copie filigranée` })).toBeVisible();
    await documents.getByRole('button', { name: 'IMG_0042 été.HEIC : voir la copie filigranée' }).click();
    const viewer = page.getByRole('dialog', { name: 'Copie filigranée : IMG_0042 été.HEIC' });
    const picture = viewer.getByRole('img');
    await expect(picture).toBeVisible({ timeout: 30_000 });
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160);
  });
});
