// @vitest-environment happy-dom
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { VisitBookingView, VisitSlotView } from '@hsa-lli/common/domain';
import { fakeApi, json, notFound } from '@hsa-lli/common/testing/fake-api';
import { button, click, render, textOf, until } from '@hsa-lli/common/testing/render';
import { VisitPage, visitLoader } from './visit-page.js';

const api = fakeApi();

const TOKEN = '40_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const slot = (id: number, startsAt: string, change: Partial<VisitSlotView> = {}): VisitSlotView => ({
  id,
  good_id: 7,
  starts_at: startsAt,
  ends_at: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
  kind: 'on_site',
  place: '12 avenue de la Plage, Anglet',
  url: null,
  capacity: 4,
  remaining: 2,
  ...change,
});
/** Thursday 5 December 2030 at 18:00, then three other slots of the same home: one full. */
const BOOKED = slot(1, '2030-12-05T17:00:00.000Z');
const OTHERS = [
  slot(2, '2030-12-05T17:30:00.000Z', { remaining: 0 }),
  slot(3, '2030-12-06T09:30:00.000Z', { kind: 'virtual', place: null, url: 'https://visite.exemple.fr/t3' }),
  slot(4, '2030-12-07T09:00:00.000Z'),
];
const BOOKING: VisitBookingView = {
  id: 40,
  name: 'Ainhoa Etxeberria',
  email: 'ainhoa@exemple.fr',
  phone: '06 12 34 56 78',
  slot: BOOKED,
  good: { id: 7, label: 'T2 de 48 m² — Les Terrasses de la Nivelle', residence: 'Les Terrasses de la Nivelle', city: 'Saint-Jean-de-Luz', path: '/residences/les-terrasses/t2-48-m2/7' },
  cancelled_at: null,
};

function show() {
  const view = render(null);
  api.opened.push(view.unmount);
  const router = createMemoryRouter([{ path: '/visites/:token', Component: VisitPage, loader: visitLoader, HydrateFallback: () => null }], {
    initialEntries: [`/visites/${TOKEN}`],
  });
  view.rerender(<RouterProvider router={router} />);
  return view;
}

const main = (container: HTMLElement) => container.querySelector('section')!;
const facts = (container: HTMLElement) => Array.from(container.querySelectorAll('dd')).map(textOf);
const dialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');
const noViolations = async (container: HTMLElement) => {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((violation) => violation.id)).toEqual([]);
};

describe('« Ma visite », the page of a booking’s link', () => {
  it('shows the visit, and cancels it only once the question is answered', async () => {
    api.answer = (path) => json({ booking: path === '/api/front/visits/cancel' ? { ...BOOKING, cancelled_at: '2030-12-01T10:00:00.000Z' } : BOOKING });
    const { container } = show();
    await until(() => container.querySelector('dl') !== null);
    expect(facts(container)).toEqual([
      'T2 de 48 m² — Les Terrasses de la Nivelle, Saint-Jean-de-Luz',
      'jeudi 5 décembre 2030',
      '18 h 00 – 18 h 30 (30 minutes)',
      '12 avenue de la Plage, Anglet',
      'Ainhoa Etxeberria',
    ]);
    expect(container.querySelector('dd a')?.getAttribute('href')).toBe('/residences/les-terrasses/t2-48-m2/7');
    // Opening the page does nothing but read it.
    expect(api.calls).toEqual([{ path: '/api/front/visits/details', body: { token: TOKEN } }]);
    await noViolations(container);

    click(button(container, 'Annuler ma visite'));
    expect(textOf(dialog()?.querySelector('h2'))).toBe('Annuler votre visite ?');
    expect(textOf(dialog())).toContain('Votre visite le jeudi 5 décembre 2030 de 18 h 00 à 18 h 30 sera annulée et sa place proposée à quelqu’un d’autre.');
    click(button(dialog()!, 'Garder ma visite'));
    expect(dialog()).toBeNull();
    expect(api.calls).toHaveLength(1);

    click(button(container, 'Annuler ma visite'));
    click(button(dialog()!, 'Oui, annuler ma visite'));
    await until(() => textOf(main(container)).includes('Votre visite est annulée.'));
    expect(api.calls.at(-1)).toEqual({ path: '/api/front/visits/cancel', body: { token: TOKEN } });
    expect(container.querySelector('button')).toBeNull();
    const again = Array.from(container.querySelectorAll('a')).find((link) => textOf(link) === 'la page du logement');
    expect(again?.getAttribute('href')).toBe(BOOKING.good.path);
    expect(document.activeElement?.className).toBe('visit-page__result');
    await noViolations(container);
  });

  it('moves the visit to another slot with places of the same home; one filled meanwhile is told and read again', async () => {
    let filled = false;
    api.answer = (path, body) => {
      if (path === '/api/front/visits/slots') return json({ data: [BOOKED, ...OTHERS].map((each) => (filled && each.id === 4 ? { ...each, remaining: 0 } : each)) });
      if (path === '/api/front/visits/move') {
        if ((body as { slot_id: number }).slot_id === 4) {
          filled = true;
          return json({ error: 'Ce créneau est complet : choisissez-en un autre.' }, 409);
        }
        return json({ booking: { ...BOOKING, slot: OTHERS[1] } });
      }
      return json({ booking: BOOKING });
    };
    const { container } = show();
    await until(() => container.querySelector('dl') !== null);
    const move = button(container, 'Déplacer ma visite');
    expect(move.getAttribute('aria-expanded')).toBe('false');
    click(move);
    await until(() => container.querySelector('[role="radiogroup"]') !== null);
    expect(move.getAttribute('aria-expanded')).toBe('true');
    expect(api.calls.at(-1)).toEqual({ path: '/api/front/visits/slots', body: { good_id: 7 } });
    // Neither the visit's own slot nor a full one.
    const choices = () => Array.from(container.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
    expect(Array.from(container.querySelectorAll('[role="radiogroup"] label')).map(textOf)).toEqual([
      '10 h 30 – 11 h 00 30 min · Visite virtuelle 2 places restantes',
      '10 h 00 – 10 h 30 30 min · Sur place : 12 avenue de la Plage, Anglet 2 places restantes',
    ]);
    await noViolations(container);

    click(choices()[1]!);
    click(button(container, 'Confirmer le déplacement'));
    await until(() => textOf(main(container)).includes('complet'));
    expect(textOf(container.querySelector('.visit-page__notice'))).toBe('Attention : Ce créneau est complet : choisissez-en un autre.');
    expect(choices().map((each) => textOf(each.parentElement))).toEqual(['10 h 30 – 11 h 00 30 min · Visite virtuelle 2 places restantes']);

    click(choices()[0]!);
    click(button(container, 'Confirmer le déplacement'));
    await until(() => textOf(main(container)).includes('Votre visite est déplacée'));
    expect(api.calls.at(-1)).toEqual({ path: '/api/front/visits/move', body: { token: TOKEN, slot_id: 3 } });
    expect(textOf(container.querySelector('.visit-page__result'))).toBe(
      'Information : Votre visite est déplacée le vendredi 6 décembre 2030 de 10 h 30 à 11 h 00. Un e-mail de confirmation vous a été envoyé avec le nouveau fichier à ajouter à votre agenda.',
    );
    expect(facts(container).slice(1, 4)).toEqual(['vendredi 6 décembre 2030', '10 h 30 – 11 h 00 (30 minutes)', 'https://visite.exemple.fr/t3 (nouvel onglet)']);
    expect(container.querySelector('[role="radiogroup"]')).toBeNull();
  });

  it('says what a link that opens no visit may be, and where to book one', async () => {
    api.answer = notFound;
    const { container } = show();
    await until(() => textOf(main(container)).includes('Ce lien'));
    expect(textOf(container.querySelector('[role="status"]'))).toBe('Attention : Ce lien ne permet pas d’afficher une visite.');
    expect(Array.from(container.querySelectorAll('li')).map(textOf)).toEqual([
      'Son adresse est incomplète : copiez-la en entier depuis l’e-mail reçu.',
      'Le créneau a été retiré par nos équipes : un e-mail vous l’a annoncé.',
    ]);
    expect(Array.from(container.querySelectorAll('a')).map((link) => link.getAttribute('href'))).toEqual(['/residences']);
    expect(container.querySelector('button')).toBeNull();
    await noViolations(container);
  });

  it('offers nothing to do with a visit already cancelled, or past', async () => {
    api.answer = () => json({ booking: { ...BOOKING, cancelled_at: '2030-12-01T10:00:00.000Z' } });
    const cancelled = show();
    await until(() => cancelled.container.querySelector('dl') !== null);
    expect(textOf(cancelled.container.querySelector('[role="status"]'))).toBe('À savoir : Cette visite est annulée.');
    expect(cancelled.container.querySelector('button')).toBeNull();

    api.answer = () => json({ booking: { ...BOOKING, slot: slot(1, '2020-03-05T17:00:00.000Z') } });
    const past = show();
    await until(() => past.container.querySelector('dl') !== null);
    expect(textOf(past.container.querySelector('[role="status"]'))).toBe('À savoir : Cette visite a eu lieu : son créneau est passé.');
    expect(past.container.querySelector('button')).toBeNull();
  });
});
