import { pdfFile } from '../support/files.ts';
import { alive, emailOf, expect, loginAs, loginThroughPanel, personPage, test } from '../support/fixtures.ts';

test('a visitor, a customer, staff and the committee go about their business through the gateway', async ({ page, browser }) => {
  test.slow();
  // A visitor: the home page (prerendered by the worker), the residences, one of them.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/residences');
  const first = page.getByRole('main').getByRole('link', { name: /^Résidence|^Villa|^Les|^Océan/ }).first();
  await first.click();
  await alive(page);
  await expect(page).toHaveURL(/\/residences\/[^/]+$/);

  // The customer logs in from there, and sends a document to their file.
  await loginThroughPanel(page, emailOf('customer'));
  await page.goto('/mon-compte-hsa-lli/mon-dossier');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes pièces justificatives');
  const receipts = page.getByRole('article', { name: 'Quittances de loyer', exact: true });
  await receipts.getByLabel('Ajouter des fichiers').setInputFiles(pdfFile('quittance-passerelle.pdf'));
  await expect(receipts.getByRole('link', { name: /^quittance-passerelle\.pdf/ })).toBeVisible();
  // Its file keeps its own strict policy through the gateway.
  const mine = await (await page.request.post('/api/records/get-mine')).json();
  const sent = mine.my_record.documents.find((document: { file_name: string }) => document.file_name === 'quittance-passerelle.pdf');
  const file = await page.request.get(`/api/records/documents/${sent.id}/file`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-security-policy']).toBe("default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'");

  // Staff: the files, one of them, a good's executive note printed by the worker.
  const staff = await personPage(browser);
  await loginAs(staff, emailOf('hsa'));
  await staff.goto('/admin/liste-des-dossiers');
  await alive(staff);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Dossiers');
  await staff.getByRole('table').getByRole('link').first().click();
  await expect(staff.getByRole('heading', { level: 1 })).toContainText('DOS-');
  await staff.goto('/admin/liste-des-biens/1');
  await alive(staff);
  await staff.getByRole('link', { name: 'Note de direction (PDF)' }).click();
  await alive(staff);
  const downloaded = staff.waitForEvent('download', { timeout: 90_000 });
  await staff.getByRole('button', { name: 'Télécharger le PDF' }).click();
  const pdf = await downloaded;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  await staff.close();

  // The committee: its sessions.
  const committee = await personPage(browser);
  await loginAs(committee, emailOf('comitee'));
  await committee.goto('/gestion/recommandations');
  await alive(committee);
  await expect(committee.getByRole('heading', { level: 1 })).toHaveText('Recommandations');
  await committee.close();
});
