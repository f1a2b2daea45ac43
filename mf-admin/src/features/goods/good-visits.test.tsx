// @vitest-environment happy-dom
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { VisitSlotStaffView } from '@hsa-lli/common/back-office';
import { pagesReceived, selectMessages } from '@hsa-lli/common/store';
import { fakeApi, json } from '@hsa-lli/common/testing/fake-api';
import { button, byLabel, click, descriptionOf, render, textOf, type, until } from '@hsa-lli/common/testing/render';
import { GoodVisits } from './good-visits.js';

const api = fakeApi();

/** Thursday 5 December 2030 at 18:00 (France), with two bookings, one of them by a file's applicant. */
const SLOT: VisitSlotStaffView = {
  id: 11,
  good_id: 7,
  starts_at: '2030-12-05T17:00:00.000Z',
  ends_at: '2030-12-05T17:30:00.000Z',
  kind: 'on_site',
  place: '12 avenue de la Plage, Anglet',
  url: null,
  capacity: 4,
  remaining: 2,
  good: { id: 7, label: 'T2 de 48 m² — Les Terrasses de la Nivelle', residence: 'Les Terrasses de la Nivelle' },
  bookings: [
    { id: 1, name: 'Ainhoa Etxeberria', email: 'ainhoa@exemple.fr', phone: '06 12 34 56 78', booked_at: '2030-11-28T09:00:00.000Z', record: { id: 31, reference: 'DOS-2030-0031' } },
    { id: 2, name: 'Peio Arrieta', email: 'peio@exemple.fr', phone: '06 98 76 54 32', booked_at: '2030-11-29T10:15:00.000Z', record: null },
  ],
};

function show(pages: string[] = ['/admin/liste-des-dossiers/[id]', '/admin/visites']) {
  const view = render(null);
  api.opened.push(view.unmount);
  view.store.dispatch(pagesReceived({ pages, version: 'test' }));
  const router = createMemoryRouter([{ path: '/bien', element: <GoodVisits goodId={7} onSite /> }], { initialEntries: ['/bien'] });
  view.rerender(<RouterProvider router={router} />);
  return view;
}

const noViolations = async (container: HTMLElement) => {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((violation) => violation.id)).toEqual([]);
};
/** The last message pushed, its spaces as a person reads them (times carry no-break spaces). */
const lastMessage = (store: ReturnType<typeof render>['store']) => (selectMessages(store.getState()).at(-1)?.text ?? '').replace(/\s+/g, ' ');
const dialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');

describe('« Visites » on a good’s page', () => {
  it('lists the coming slots with who booked, their file linked for whoever may open it', async () => {
    api.answer = () => json({ data: [SLOT] });
    const { container } = show();
    await until(() => container.querySelector('article') !== null);
    expect(api.calls[0]).toEqual({ path: '/api/visits/slots/list', body: { good_id: 7 } });
    const slot = container.querySelector('article')!;
    expect(textOf(slot.querySelector('h3'))).toBe('jeudi 5 décembre 2030, 18 h 00 – 18 h 30');
    expect(textOf(slot)).toContain('30 min · Sur place : 12 avenue de la Plage, Anglet');
    expect(textOf(slot)).toContain('4 places : 2 réservées, 2 restantes');
    const bookings = Array.from(slot.querySelectorAll('li'));
    expect(textOf(bookings[0])).toBe('Ainhoa Etxeberria ainhoa@exemple.fr 06 12 34 56 78 Dossier DOS-2030-0031 Réservée le 28 novembre 2030 à 10 h 00');
    expect(Array.from(bookings[0]!.querySelectorAll('a')).map((link) => link.getAttribute('href'))).toEqual(['mailto:ainhoa@exemple.fr', 'tel:0612345678', '/admin/liste-des-dossiers/31']);
    expect(textOf(bookings[1])).toContain('Sans dossier');
    await noViolations(container);
  });

  it('keeps a slot that has begun as a record: « Passé », with who booked, and nothing to withdraw', async () => {
    const started = new Date(Date.now() - 10 * 60_000);
    api.answer = () => json({ data: [{ ...SLOT, starts_at: started.toISOString(), ends_at: new Date(started.getTime() + 30 * 60_000).toISOString() }] });
    const { container } = show();
    await until(() => container.querySelector('article') !== null);
    const slot = container.querySelector('article')!;
    expect(textOf(slot)).toContain('Passé 30 min');
    expect(slot.querySelectorAll('li')).toHaveLength(2);
    expect(slot.querySelector('button')).toBeNull();
  });

  it('checks a new slot as the API will, puts a time past under its field, then publishes it', async () => {
    let published = false;
    api.answer = (path, body) => {
      if (path === '/api/visits/slots/create') {
        if ((body as { starts_at: string }).starts_at.startsWith('2020')) return json({ error: 'Ce créneau est déjà passé : choisissez une date à venir.' }, 409);
        published = true;
        return json({ slot: { ...SLOT, id: 12, bookings: [], remaining: 4 } }, 201);
      }
      return json({ data: published ? [SLOT] : [] });
    };
    const { container, store } = show();
    await until(() => textOf(container).includes('Aucun créneau publié pour le moment.'));
    const form = container.querySelector<HTMLFormElement>('form[aria-label="Publier un créneau de visite"]')!;
    await until(() => byLabel(form, 'Durée (minutes)').value === '30');
    type(byLabel(form, 'Date et heure'), '2030-12-05T18:00');
    click(button(form, 'Publier le créneau'));
    expect(descriptionOf(byLabel(form, 'Lieu du rendez-vous'))).toContain('Indiquez le lieu du rendez-vous (adresse ou point de rencontre).');
    expect(api.calls.map((call) => call.path)).toEqual(['/api/visits/slots/list']);
    await noViolations(container);

    // Virtual: the link is asked for instead, and checked.
    click(Array.from(form.querySelectorAll<HTMLInputElement>('input[type="radio"]')).find((radio) => textOf(radio.parentElement) === 'Visite virtuelle')!);
    type(byLabel(form, 'Lien de la visite virtuelle'), 'http://visite.exemple.fr');
    click(button(form, 'Publier le créneau'));
    expect(descriptionOf(byLabel(form, 'Lien de la visite virtuelle'))).toContain('Le lien de la visite virtuelle doit commencer par https://');
    type(byLabel(form, 'Lien de la visite virtuelle'), 'https://visite.exemple.fr/t3');

    type(byLabel(form, 'Date et heure'), '2020-12-05T18:00');
    click(button(form, 'Publier le créneau'));
    await until(() => descriptionOf(byLabel(form, 'Date et heure')).includes('déjà passé'));
    expect(descriptionOf(byLabel(form, 'Date et heure'))).toBe('À l’heure de la France. Ce créneau est déjà passé : choisissez une date à venir.');

    type(byLabel(form, 'Date et heure'), '2030-12-05T18:00');
    click(button(form, 'Publier le créneau'));
    await until(() => container.querySelector('article') !== null);
    expect(api.calls.find((call) => call.path === '/api/visits/slots/create' && (call.body as { starts_at: string }).starts_at.startsWith('2030'))?.body).toEqual({
      good_id: 7,
      starts_at: '2030-12-05T18:00',
      duration_minutes: 30,
      kind: 'virtual',
      place: null,
      url: 'https://visite.exemple.fr/t3',
      capacity: 1,
    });
    expect(lastMessage(store)).toBe('Le créneau le jeudi 5 décembre 2030 de 18 h 00 à 18 h 30 est publié.');
    // Ready for the next one: only the date and time start again.
    expect(byLabel(form, 'Date et heure').value).toBe('');
    expect(byLabel(form, 'Lien de la visite virtuelle').value).toBe('https://visite.exemple.fr/t3');
  });

  it('withdraws a slot after a question that says its bookers will be e-mailed', async () => {
    let removed = false;
    api.answer = (path) => {
      if (path === '/api/visits/slots/remove') {
        removed = true;
        return json({});
      }
      return json({ data: removed ? [] : [SLOT] });
    };
    const { container, store } = show();
    await until(() => container.querySelector('article') !== null);
    const withdraw = container.querySelector('article button')!;
    expect(textOf(withdraw)).toBe('Retirer le créneau le jeudi 5 décembre 2030 de 18 h 00 à 18 h 30');
    click(withdraw);
    expect(textOf(dialog()?.querySelector('h2'))).toBe('Retirer ce créneau ?');
    expect(textOf(dialog())).toContain('Ses 2 réservations seront annulées : chaque personne inscrite recevra un e-mail d’annulation');
    click(button(dialog()!, 'Retirer le créneau'));
    await until(() => textOf(container).includes('Aucun créneau publié pour le moment.'));
    expect(api.calls.find((call) => call.path === '/api/visits/slots/remove')?.body).toEqual({ id: 11 });
    expect(lastMessage(store)).toBe(
      'Le créneau le jeudi 5 décembre 2030 de 18 h 00 à 18 h 30 est retiré. Les personnes inscrites (2) ont reçu un e-mail d’annulation.',
    );
  });
});
