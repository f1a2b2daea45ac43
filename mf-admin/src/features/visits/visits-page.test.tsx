// @vitest-environment happy-dom
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { VisitSlotStaffView } from '@hsa-lli/common/back-office';
import { parisDay } from '@hsa-lli/common/domain';
import { pagesReceived } from '@hsa-lli/common/store';
import { fakeApi, json } from '@hsa-lli/common/testing/fake-api';
import { button, byLabel, click, render, textOf, type, until } from '@hsa-lli/common/testing/render';
import { VisitsPage } from './visits-page.js';

const api = fakeApi();

/** A slot of 5 December 2030 at 18:00 (France), booked by a file's applicant. */
const SLOT: VisitSlotStaffView = {
  id: 11,
  good_id: 7,
  starts_at: '2030-12-05T17:00:00.000Z',
  ends_at: '2030-12-05T17:30:00.000Z',
  kind: 'virtual',
  place: null,
  url: 'https://visite.exemple.fr/t3',
  capacity: 1,
  remaining: 0,
  good: { id: 7, label: 'T2 de 48 m² — Les Terrasses de la Nivelle', residence: 'Les Terrasses de la Nivelle' },
  bookings: [{ id: 1, name: 'Ainhoa Etxeberria', email: 'ainhoa@exemple.fr', phone: '06 12 34 56 78', booked_at: '2030-11-28T09:00:00.000Z', record: { id: 31, reference: 'DOS-2030-0031' } }],
};

function show(path: string, pages: string[]) {
  const view = render(null);
  api.opened.push(view.unmount);
  view.store.dispatch(pagesReceived({ pages, version: 'test' }));
  const router = createMemoryRouter([{ path: '/admin/visites', element: <VisitsPage /> }], { initialEntries: [path] });
  view.rerender(<RouterProvider router={router} />);
  return { ...view, router };
}

const status = (container: HTMLElement) => textOf(container.querySelector('p[role="status"]'));

describe('« Visites », the day’s visits', () => {
  it('shows today unless the address names another day, and goes from day to day', async () => {
    api.answer = () => json({ data: [] });
    const today = parisDay(new Date());
    const { container, router } = show('/admin/visites', []);
    await until(() => status(container) !== '');
    expect(api.calls).toEqual([{ path: '/api/visits/day', body: { day: today } }]);
    expect(byLabel(container, 'Jour').value).toBe(today);
    expect(textOf(container.querySelector('h2'))).toMatch(/ \(aujourd’hui\)$/);
    expect(status(container)).toBe('Aucune visite ce jour-là.');
    expect(Array.from(container.querySelectorAll('button')).map(textOf)).toEqual(['← Jour précédent', 'Jour suivant →']);

    click(button(container, 'Jour suivant →'));
    await until(() => api.calls.length === 2);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(api.calls[1]).toEqual({ path: '/api/visits/day', body: { day: tomorrow } });
    expect(router.state.location.search).toBe(`?jour=${tomorrow}`);
    click(button(container, 'Aujourd’hui'));
    await until(() => router.state.location.search === '');

    // A day typed in the field.
    type(byLabel(container, 'Jour'), '2030-12-05');
    await until(() => router.state.location.search === '?jour=2030-12-05');
  });

  it('lists the day’s slots with their bookings, linking the good and the file for whoever may open them', async () => {
    api.answer = () => json({ data: [SLOT] });
    const { container } = show('/admin/visites?jour=2030-12-05', ['/admin/liste-des-biens/[id]', '/admin/liste-des-dossiers/[id]']);
    await until(() => container.querySelector('article') !== null);
    expect(api.calls).toEqual([{ path: '/api/visits/day', body: { day: '2030-12-05' } }]);
    expect(textOf(container.querySelector('h2'))).toBe('jeudi 5 décembre 2030');
    expect(status(container)).toBe('1 créneau, 1 réservation.');
    const slot = container.querySelector('article')!;
    expect(textOf(slot.querySelector('h3'))).toBe('18 h 00 – 18 h 30 · T2 de 48 m² — Les Terrasses de la Nivelle');
    expect(textOf(slot)).toContain('Complet : 1 place réservée');
    expect(Array.from(slot.querySelectorAll('a')).map((link) => link.getAttribute('href'))).toEqual([
      '/admin/liste-des-biens/7',
      'https://visite.exemple.fr/t3',
      'mailto:ainhoa@exemple.fr',
      'tel:0612345678',
      '/admin/liste-des-dossiers/31',
    ]);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('names the good and the file without a link for a role that may not open them', async () => {
    api.answer = () => json({ data: [SLOT] });
    const { container } = show('/admin/visites?jour=2030-02-30', []);
    await until(() => container.querySelector('article') !== null);
    // No such day: today's visits.
    expect(api.calls[0]).toEqual({ path: '/api/visits/day', body: { day: parisDay(new Date()) } });
    const slot = container.querySelector('article')!;
    expect(textOf(slot)).toContain('Dossier DOS-2030-0031');
    expect(Array.from(slot.querySelectorAll('a')).map((link) => link.getAttribute('href'))).toEqual(['https://visite.exemple.fr/t3', 'mailto:ainhoa@exemple.fr', 'tel:0612345678']);
  });
});
