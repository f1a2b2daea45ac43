import { createHash } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { SmtpInbox } from '@hsa-lli/common/testing';
import { alive, emailOf, expect, loginAs } from './fixtures.ts';

export interface Applicant {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * An applicant of a journey's own: invited by an admin (in a browser context of theirs), registered on `page` through
 * the link of the e-mail `inbox` receives, and left on their account's page.
 */
export async function inviteAndRegister(browser: Browser, page: Page, inbox: SmtpInbox, applicant: Applicant): Promise<void> {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await loginAs(adminPage, emailOf('admin'));
  const invited = await adminPage.request.post('/api/users/create', { data: { email: applicant.email, first_name: applicant.firstName, last_name: applicant.lastName, role: 'customer' } });
  expect(invited.status()).toBe(201);
  await admin.close();
  const mail = await inbox.waitFor((message) => message.to.includes(applicant.email));
  await page.goto(new URL(mail.links.find((url) => url.includes('/creation-de-compte/'))!).pathname);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(applicant.password);
  await page.getByLabel('Confirmation du mot de passe').fill(applicant.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL('/mon-compte-hsa-lli');
}

export interface EligibilityRequest {
  name: string;
  email: string;
  phone: string;
  household: 'Une personne seule' | 'Un couple';
  dependants: number;
  commune: string;
  /** Each person's revenu fiscal de référence, as typed. */
  incomes: string[];
}

/** A visitor takes the eligibility test and, found eligible, sends the contact request it prefills. */
export async function sendEligibilityRequest(page: Page, request: EligibilityRequest): Promise<void> {
  // Each visitor from a network address of their own (the API trusts the loopback proxy's X-Forwarded-For): the contact
  // requests a worker's server takes from 127.0.0.1 in an hour are limited, however the files share the workers.
  const network = createHash('sha256').update(request.email).digest();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.18.${network[0]}.${network[1]}` });
  await page.goto('/tester-mon-eligibilite');
  await alive(page);
  const eligibilityTest = page.getByRole('form', { name: "Test d'éligibilité" });
  await eligibilityTest.getByLabel(request.household).check();
  await eligibilityTest.getByLabel('Nombre de personnes à charge').selectOption(String(request.dependants));
  await eligibilityTest.getByLabel('Commune du logement recherché').selectOption({ label: request.commune });
  for (const [index, income] of request.incomes.entries()) {
    await eligibilityTest.getByLabel(request.incomes.length > 1 ? new RegExp(`de la personne ${index + 1}`) : /Revenu fiscal de référence/).fill(income);
  }
  await eligibilityTest.getByRole('button', { name: 'Vérifier mon éligibilité' }).click();
  await expect(page.getByText('Vous êtes éligible au logement locatif intermédiaire.')).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer une demande de contact' }).click();
  const contact = page.getByRole('form', { name: 'Demande de contact' });
  await contact.getByLabel('Nom et prénom').fill(request.name);
  await contact.getByLabel('E-mail').fill(request.email);
  await contact.getByLabel('Téléphone (facultatif)').fill(request.phone);
  await contact.getByLabel(/J'accepte d'être recontacté/).check();
  await contact.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByText('Votre demande a bien été envoyée.')).toBeVisible();
}
