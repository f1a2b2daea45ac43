// @vitest-environment happy-dom
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OfferView } from '@hsa-lli/common/domain';
import { fakeApi, json } from '@hsa-lli/common/testing/fake-api';
import { button, byLabel, click, descriptionOf, render, textOf, type, until } from '@hsa-lli/common/testing/render';
import { OfferAnswerForm } from './offer-answer-form.js';

const offer: OfferView = {
  id: 31,
  state: 'pending',
  good: { id: 4, label: 'T3 de 64 m² — Résidence Arrosa', residence: 'Résidence Arrosa', city: 'Anglet', rent: 875, path: '/residences/arrosa/t3-64-m2/4' },
  condition: null,
  sent_at: '2026-11-27T09:00:00.000Z',
  deadline: '2026-12-07T09:00:00.000Z',
  answered_at: null,
  reason: null,
};

const api = fakeApi();
/** What the page sent, request by request. */
const bodies = () => api.calls.map((call) => call.body);

beforeEach(() => {
  api.answer = () => json({ data: [{ ...offer, state: 'declined' }] });
});

const dialog = () => document.querySelector('dialog[open]')!;

function renderForm() {
  const answered: unknown[] = [];
  const view = render(<OfferAnswerForm offer={offer} onSettled={(outcome) => answered.push(outcome)} />);
  api.opened.push(view.unmount);
  return { container: view.container, answered };
}

describe('answering an offer', () => {
  it('asks for the reason of a refusal by its field, then asks again before refusing', async () => {
    const { container, answered } = renderForm();
    click(button(container, 'Refuser'));
    const reason = byLabel<HTMLTextAreaElement>(container, 'Pourquoi refusez-vous ce logement ?');
    await until(() => document.activeElement === reason);

    click(button(container, 'Refuser ce logement'));
    await until(() => descriptionOf(reason).includes('Dites-nous'));
    expect(descriptionOf(reason)).toContain('Dites-nous pourquoi vous refusez ce logement.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(dialog()).toBeNull();
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);

    type(reason, 'Trop loin de mon travail');
    click(button(container, 'Refuser ce logement'));
    expect(textOf(dialog())).toContain('Vous refusez le logement T3 de 64 m² — Résidence Arrosa, à Anglet.');
    expect(bodies()).toEqual([]);
    click(button(dialog(), 'Oui, je refuse ce logement'));
    await until(() => answered.length > 0);
    expect(bodies()).toEqual([{ offer_id: 31, answer: 'decline', reason: 'Trop loin de mon travail' }]);
    expect(answered).toEqual([{ answered: 'decline' }]);
  });

  it('asks before accepting, and sends no reason', async () => {
    const { container, answered } = renderForm();
    click(button(container, 'Accepter'));
    expect(textOf(dialog())).toContain('pour un loyer de 875 € par mois, charges comprises');
    click(button(dialog(), 'Annuler'));
    expect(dialog()).toBeNull();
    expect(bodies()).toEqual([]);

    click(button(container, 'Accepter'));
    click(button(dialog(), 'Oui, j’accepte ce logement'));
    await until(() => answered.length > 0);
    expect(bodies()).toEqual([{ offer_id: 31, answer: 'accept' }]);
    expect(answered).toEqual([{ answered: 'accept' }]);
  });

  it('tells a refusal of the API in its own words: to the section when the offer moved on, beside the reason it names, or above the buttons', async () => {
    const late = 'Le délai de réponse à cette proposition est dépassé : elle a été transmise au candidat suivant.';
    api.answer = () => json({ error: late }, 409);
    const { container, answered } = renderForm();
    click(button(container, 'Accepter'));
    click(button(dialog(), 'Oui, j’accepte ce logement'));
    await until(() => answered.length > 0);
    expect(answered).toEqual([{ stale: expect.objectContaining({ status: 409, error: late }) }]);

    api.answer = () => json({ error: 'Une erreur inattendue est survenue.' }, 500);
    click(button(container, 'Accepter'));
    click(button(dialog(), 'Oui, j’accepte ce logement'));
    await until(() => container.querySelector('[role="alert"]') !== null);
    expect(textOf(container.querySelector('[role="alert"]'))).toBe('Erreur : Une erreur inattendue est survenue.');

    api.answer = () => json({ error: 'Certaines informations sont à corriger.', fields: { reason: 'Le motif doit être un texte.' } }, 400);
    click(button(container, 'Refuser'));
    const reason = byLabel<HTMLTextAreaElement>(container, 'Pourquoi refusez-vous ce logement ?');
    type(reason, 'Trop cher');
    click(button(container, 'Refuser ce logement'));
    click(button(dialog(), 'Oui, je refuse ce logement'));
    await until(() => descriptionOf(reason).includes('Le motif doit être un texte.') && document.activeElement === reason);
    expect(document.activeElement).toBe(reason);
  });

  it('goes back to the two buttons, the focus on « Refuser »', async () => {
    const { container } = renderForm();
    click(button(container, 'Refuser'));
    click(button(container, 'Annuler'));
    await until(() => document.activeElement === button(container, 'Refuser'));
    expect(container.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button(container, 'Refuser'));
  });
});
