// @vitest-environment happy-dom
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitBookingView, VisitSlotView } from '@hsa-lli/common/domain';
import { rolesReceived } from '@hsa-lli/common/store';
import { fakeApi, json } from '@hsa-lli/common/testing/fake-api';
import { button, byLabel, click, descriptionOf, render, textOf, type, until } from '@hsa-lli/common/testing/render';
import { GoodVisits } from './good-visits.js';

const api = fakeApi({ retryDelayMs: 0 });

afterEach(() => {
  delete (window as { __PRERENDER__?: boolean }).__PRERENDER__;
});

/** Thursday 5 and Friday 6 December 2030, on France's clocks (UTC+1). */
const slot = (id: number, startsAt: string, change: Partial<VisitSlotView> = {}): VisitSlotView => ({
  id,
  good_id: 7,
  starts_at: startsAt,
  ends_at: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
  kind: 'on_site',
  place: '12 avenue de la Plage, Anglet',
  url: null,
  capacity: 4,
  remaining: 3,
  ...change,
});
const SLOTS = [
  slot(1, '2030-12-05T17:00:00.000Z'),
  slot(2, '2030-12-05T17:30:00.000Z', { remaining: 0 }),
  slot(3, '2030-12-06T09:30:00.000Z', { kind: 'virtual', place: null, url: 'https://visite.exemple.fr/t3', remaining: 1 }),
];
const booking = (of: VisitSlotView): VisitBookingView => ({
  id: 40,
  name: 'Ainhoa Etxeberria',
  email: 'ainhoa@exemple.fr',
  phone: '06 12 34 56 78',
  slot: { ...of, remaining: of.remaining - 1 },
  good: { id: 7, label: 'T2 de 48 m² — Les Terrasses de la Nivelle', residence: 'Les Terrasses de la Nivelle', city: 'Saint-Jean-de-Luz', path: '/residences/x/t2/7' },
  cancelled_at: null,
});

function show(signedIn = false) {
  const view = render(null);
  api.opened.push(view.unmount);
  if (signedIn) view.store.dispatch(rolesReceived({ roles: ['customer'], user_id: 6 }));
  const router = createMemoryRouter([{ path: '/logement', element: <GoodVisits good={{ id: 7 }} /> }], { initialEntries: ['/logement'] });
  view.rerender(<RouterProvider router={router} />);
  return view;
}

const section = (container: HTMLElement) => container.querySelector('section');
const radios = (container: HTMLElement) => Array.from(container.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
const noViolations = async (container: HTMLElement) => {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((violation) => violation.id)).toEqual([]);
};

describe('« Réserver une visite » on a good’s page', () => {
  it('shows the coming slots by day in one radio group, a full one « Complet » and not choosable, and asks nothing before a slot is chosen', async () => {
    api.answer = () => json({ data: SLOTS });
    const { container } = show();
    await until(() => section(container) !== null);
    expect(api.calls).toEqual([{ path: '/api/front/visits/slots', body: { good_id: 7 } }]);
    expect(textOf(container.querySelector('h2'))).toBe('Réserver une visite');
    const group = container.querySelector('[role="radiogroup"]')!;
    expect(textOf(group.querySelector('legend'))).toBe('Choisissez un créneau');
    expect(Array.from(group.querySelectorAll('h3')).map(textOf)).toEqual(['jeudi 5 décembre 2030', 'vendredi 6 décembre 2030']);
    expect(Array.from(group.querySelectorAll('label')).map(textOf)).toEqual([
      '18 h 00 – 18 h 30 30 min · Sur place : 12 avenue de la Plage, Anglet 3 places restantes',
      '18 h 30 – 19 h 00 30 min · Sur place : 12 avenue de la Plage, Anglet Complet',
      '10 h 30 – 11 h 00 30 min · Visite virtuelle 1 place restante',
    ]);
    expect(radios(container).map((radio) => radio.disabled)).toEqual([false, true, false]);
    // One group: the arrow keys go from slot to slot.
    expect(new Set(radios(container).map((radio) => radio.name)).size).toBe(1);
    expect(container.querySelector('input:not([type="radio"])')).toBeNull();
    await noViolations(container);
  });

  it('refuses a bad phone under its field without calling, then books and says what and that the e-mail carries the calendar file', async () => {
    api.answer = (path) => (path === '/api/front/visits/book' ? json({ booking: booking(SLOTS[2]!) }, 201) : json({ data: SLOTS }));
    const { container } = show();
    await until(() => radios(container).length === 3);
    click(radios(container)[2]!);
    expect(textOf(container.querySelector('.visit-booking__chosen'))).toBe('Créneau choisi : le vendredi 6 décembre 2030 de 10 h 30 à 11 h 00, visite virtuelle.');
    type(byLabel(container, 'Nom et prénom'), 'Ainhoa Etxeberria');
    type(byLabel(container, 'E-mail'), 'ainhoa@exemple.fr');
    const phone = byLabel(container, 'Téléphone');
    expect(phone.getAttribute('autocomplete')).toBe('tel');
    type(phone, '12');
    click(button(container, 'Réserver ce créneau'));
    expect(descriptionOf(phone)).toBe('Pour vous joindre le jour de la visite. Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.map((call) => call.path)).toEqual(['/api/front/visits/slots']);
    await noViolations(container);

    type(phone, '06 12 34 56 78');
    click(button(container, 'Réserver ce créneau'));
    await until(() => textOf(section(container)).includes('Votre visite est réservée'));
    expect(api.calls.at(-1)).toEqual({ path: '/api/front/visits/book', body: { slot_id: 3, name: 'Ainhoa Etxeberria', email: 'ainhoa@exemple.fr', phone: '06 12 34 56 78' } });
    expect(Array.from(container.querySelectorAll('[role="status"] p')).map(textOf)).toEqual([
      'Votre visite est réservée le vendredi 6 décembre 2030 de 10 h 30 à 11 h 00 (visite virtuelle).',
      'Un e-mail de confirmation vous a été envoyé avec le fichier à ajouter à votre agenda. Il contient aussi le lien pour annuler ou déplacer votre visite.',
    ]);
    expect(document.activeElement?.className).toBe('visit-booking__done');
    await noViolations(container);
  });

  it('reads the slots again when the one chosen filled up meanwhile, shows it full and says so', async () => {
    let full = false;
    api.answer = (path) => {
      if (path === '/api/front/visits/book') {
        full = true;
        return json({ error: 'Ce créneau est complet : choisissez-en un autre.' }, 409);
      }
      return json({ data: full ? SLOTS.map((each) => (each.id === 3 ? { ...each, remaining: 0 } : each)) : SLOTS });
    };
    const { container } = show();
    await until(() => radios(container).length === 3);
    click(radios(container)[2]!);
    type(byLabel(container, 'Nom et prénom'), 'Ainhoa Etxeberria');
    type(byLabel(container, 'E-mail'), 'ainhoa@exemple.fr');
    type(byLabel(container, 'Téléphone'), '06 12 34 56 78');
    click(button(container, 'Réserver ce créneau'));
    await until(() => textOf(section(container)).includes('complet'));
    expect(textOf(container.querySelector('[role="status"]'))).toBe('Attention : Ce créneau est complet : choisissez-en un autre.');
    expect(api.calls.map((call) => call.path)).toEqual(['/api/front/visits/slots', '/api/front/visits/book', '/api/front/visits/slots']);
    expect(radios(container).map((radio) => [radio.disabled, radio.checked])).toEqual([
      [false, false],
      [true, false],
      [true, false],
    ]);
    expect(container.querySelector('input[type="tel"]')).toBeNull();
    expect(document.activeElement?.className).toBe('visit-booking__notice');
  });

  it('writes the signed-in person’s name and address in, and keeps another booking error by the button', async () => {
    api.answer = (path) => {
      if (path === '/api/users/get-me') return json({ user: { id: 6, email: 'customer@demo.hsa-lli.fr', first_name: 'Jon', last_name: 'Etxeberri' } });
      if (path === '/api/front/visits/book') return json({ error: 'Vous avez déjà réservé ce créneau : retrouvez votre réservation dans l’e-mail de confirmation.' }, 409);
      return json({ data: SLOTS });
    };
    const { container } = show(true);
    await until(() => radios(container).length === 3);
    click(radios(container)[0]!);
    await until(() => byLabel(container, 'E-mail').value !== '');
    expect(byLabel(container, 'Nom et prénom').value).toBe('Jon Etxeberri');
    expect(byLabel(container, 'E-mail').value).toBe('customer@demo.hsa-lli.fr');
    type(byLabel(container, 'Téléphone'), '06 12 34 56 78');
    click(button(container, 'Réserver ce créneau'));
    await until(() => container.querySelector('[role="alert"]') !== null);
    expect(textOf(container.querySelector('[role="alert"]'))).toBe('Erreur : Vous avez déjà réservé ce créneau : retrouvez votre réservation dans l’e-mail de confirmation.');
    // The slot still has places: it stays chosen.
    expect(radios(container)[0]!.checked).toBe(true);
  });

  it('shows nothing for a good without coming slots, and asks nothing while the page is prerendered', async () => {
    api.answer = () => json({ data: [] });
    const { container } = show();
    await until(() => api.calls.length === 1);
    expect(section(container)).toBeNull();

    api.calls.length = 0;
    (window as { __PRERENDER__?: boolean }).__PRERENDER__ = true;
    const prerendered = show();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.calls).toEqual([]);
    expect(section(prerendered.container)).toBeNull();
  });
});
