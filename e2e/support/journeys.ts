import type { Page } from '@playwright/test';
import { alive, expect } from './fixtures.ts';

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
