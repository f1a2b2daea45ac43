// @vitest-environment happy-dom
import axe from 'axe-core';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ResidenceFilters } from '@hsa-lli/common/domain';
import { rolesReceived } from '@hsa-lli/common/store';
import { fakeApi, json } from '@hsa-lli/common/testing/fake-api';
import { button, byLabel, click, descriptionOf, render, textOf, type, until } from '@hsa-lli/common/testing/render';
import { AlertCreation } from './alert-creation.js';

const api = fakeApi({ retryDelayMs: 0 });

const FILTERS: ResidenceFilters = { city: '64024', flat_size: 'T3', max_rent: 900, available_now: true };
const dialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');
const alertIn = (scope: ParentNode) => textOf(scope.querySelector('[role="alert"]'));

/** The list's alert button, as the page shows it, in a router (the dialog links to the privacy notice). */
function show(filters: ResidenceFilters = FILTERS) {
  const view = render(null);
  api.opened.push(view.unmount);
  const router = createMemoryRouter([{ path: '/residences', element: <AlertCreation filters={filters} /> }], { initialEntries: ['/residences'] });
  view.rerender(<RouterProvider router={router} />);
  return view;
}

function openDialog(container: HTMLElement): HTMLDialogElement {
  click(button(container, 'Créer une alerte'));
  const box = dialog();
  if (!box) throw new Error('No dialog open');
  return box;
}

describe('« Créer une alerte » on the list of residences', () => {
  it('says which search it follows and what will be sent, then refuses a bad address under its field without calling', async () => {
    const { container } = show();
    const box = openDialog(container);
    expect(textOf(box.querySelector('h2'))).toBe('Créer une alerte');
    expect(textOf(box)).toContain('Votre alerte suit la recherche : Anglet · T3 · 900 € par mois au plus · disponibles immédiatement');
    const items = Array.from(box.querySelectorAll('li')).map(textOf);
    expect(items).toEqual([
      'Nous vous envoyons d’abord un e-mail pour confirmer l’alerte : rien d’autre ne part sans cette confirmation.',
      'Ensuite, au plus un e-mail par jour, seulement quand un logement de cette recherche est publié ou se libère.',
      'Chaque e-mail permet de vous désinscrire en un clic.',
      'L’alerte s’arrête d’elle-même au bout de 12 mois, sauf si vous choisissez de la garder.',
    ]);
    const privacy = Array.from(box.querySelectorAll('a')).find((link) => textOf(link) === 'données personnelles');
    expect(privacy?.getAttribute('href')).toBe('/reglement-general-sur-la-protection-des-donnees-personnelles');
    const email = byLabel(box, 'Votre adresse e-mail');
    expect(email.getAttribute('autocomplete')).toBe('email');
    await until(() => document.activeElement === email);

    type(email, 'maialen@exemple');
    click(button(box, 'Créer mon alerte'));
    expect(descriptionOf(email)).toBe('L\'adresse e-mail n\'est pas valide.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
    const result = await axe.run(box, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('sends the address with the list’s filters, then says where the confirmation went', async () => {
    api.answer = () => json({ sent: true }, 202);
    const { container } = show();
    const box = openDialog(container);
    type(byLabel(box, 'Votre adresse e-mail'), '  Maialen.Etcheverry@Example.org ');
    click(button(box, 'Créer mon alerte'));
    await until(() => textOf(box).includes('Un e-mail de confirmation'));
    expect(api.calls).toEqual([{ path: '/api/front/alerts/create', body: { email: 'maialen.etcheverry@example.org', filters: FILTERS } }]);
    expect(textOf(box.querySelector('[role="status"]'))).toBe(
      'Information : Un e-mail de confirmation a été envoyé à maialen.etcheverry@example.org : ouvrez-le pour activer votre alerte.',
    );
    expect(box.querySelector('form')).toBeNull();
    expect(box.contains(document.activeElement)).toBe(true);
    expect(textOf(document.activeElement)).toContain('Un e-mail de confirmation a été envoyé');

    // Closed, then opened again for another search: the address typed is still there.
    click(button(box, 'Retour à la liste'));
    expect(dialog()).toBeNull();
    const again = openDialog(container);
    expect(byLabel(again, 'Votre adresse e-mail').value).toBe('Maialen.Etcheverry@Example.org');
  });

  it('says a search it cannot follow (a rent no list holds) without sending it', async () => {
    const { container } = show({ max_rent: 250_000 });
    const box = openDialog(container);
    expect(textOf(box)).toContain('Votre alerte suit la recherche : 250 000 € par mois au plus');
    const email = byLabel(box, 'Votre adresse e-mail');
    type(email, 'ane@example.org');
    // The form checks the filters too: a rent no list holds is said, and nothing is sent.
    click(button(box, 'Créer mon alerte'));
    expect(alertIn(box)).toBe(
      'Erreur : Cette recherche ne peut pas être suivie : Le loyer maximum doit être un montant mensuel en euros. Changez les filtres de la liste, puis créez l’alerte à nouveau.',
    );
    expect(api.calls).toEqual([]);
  });

  it('tells a 400 under the field, a 429 and a network failure as messages, and never loses the address', async () => {
    const { container } = show();
    const box = openDialog(container);
    const email = byLabel(box, 'Votre adresse e-mail');
    type(email, 'ane@example.org');

    api.answer = () => json({ error: 'Certaines informations sont à corriger.', fields: { email: 'Cette adresse ne peut pas recevoir d’e-mail.' } }, 400);
    click(button(box, 'Créer mon alerte'));
    await until(() => descriptionOf(email) !== '');
    expect(descriptionOf(email)).toBe('Cette adresse ne peut pas recevoir d’e-mail.');

    const tooMany = 'Vous avez demandé plusieurs alertes en peu de temps. Réessayez dans une heure.';
    api.answer = () => json({ error: tooMany }, 429);
    type(email, 'ane.bidart@example.org');
    click(button(box, 'Créer mon alerte'));
    await until(() => alertIn(box) !== '');
    expect(alertIn(box)).toBe(`Erreur : ${tooMany}`);
    expect(email.value).toBe('ane.bidart@example.org');

    api.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    click(button(box, 'Créer mon alerte'));
    await until(() => alertIn(box) === 'Erreur : Une erreur inattendue est survenue.');
    expect(email.value).toBe('ane.bidart@example.org');
    expect(box.querySelector('form')).not.toBeNull();
  });

  it('writes the signed-in person’s address, unless one is typed already', async () => {
    api.answer = (path) => (path === '/api/users/get-me' ? json({ user: { id: 6, email: 'customer@demo.hsa-lli.fr', first_name: 'Jon', last_name: 'Etxeberri' } }) : json({}, 500));
    const { container, store } = show();
    act(() => store.dispatch(rolesReceived({ roles: ['customer'], user_id: 6 })));
    const box = openDialog(container);
    const email = byLabel(box, 'Votre adresse e-mail');
    await until(() => email.value !== '');
    expect(email.value).toBe('customer@demo.hsa-lli.fr');

    type(email, 'autre@example.org');
    click(button(box, 'Annuler'));
    openDialog(container);
    await until(() => api.calls.length === 2);
    // The second answer came: what was typed stays.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(byLabel(dialog()!, 'Votre adresse e-mail').value).toBe('autre@example.org');
  });
});
