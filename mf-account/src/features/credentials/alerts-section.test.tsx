// @vitest-environment happy-dom
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AlertView } from '@hsa-lli/common/domain';
import { fakeApi, json } from '@hsa-lli/common/testing/fake-api';
import { button, click, render, textOf, until } from '@hsa-lli/common/testing/render';
import { AlertsSection } from './alerts-section.js';

const api = fakeApi();

const ACTIVE: AlertView = {
  id: 3,
  label: 'Anglet · T3',
  filters: { city: '64024', flat_size: 'T3' },
  status: 'active',
  created_at: '2026-06-01T08:00:00.000Z',
  confirmed_at: '2026-06-01T08:10:00.000Z',
  ends_on: '2027-06-01',
  last_sent_at: '2026-11-20T07:00:00.000Z',
};
const PENDING: AlertView = {
  id: 4,
  label: 'Toutes nos résidences',
  filters: {},
  status: 'pending',
  created_at: '2026-11-28T08:00:00.000Z',
  confirmed_at: null,
  ends_on: null,
  last_sent_at: null,
};

const section = () => document.querySelector<HTMLElement>('section[aria-labelledby="credentials-alerts-title"]')!;
const dialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');
/** Each alert as its lines and buttons say it. */
const items = () => Array.from(section().querySelectorAll('li')).map((item) => Array.from(item.querySelectorAll('p, button')).map(textOf).join(' | '));

function show() {
  const view = render(null);
  api.opened.push(view.unmount);
  const router = createMemoryRouter([{ path: '/mes-identifiants', element: <AlertsSection email="customer@demo.hsa-lli.fr" /> }], { initialEntries: ['/mes-identifiants'] });
  view.rerender(<RouterProvider router={router} />);
  return view;
}

describe('« Mes alertes » in Mes identifiants', () => {
  it('lists each search with its state and last e-mail, keeps an active one a year more, and deletes one once confirmed', async () => {
    let alerts = [PENDING, ACTIVE];
    api.answer = (path, body) => {
      if (path === '/api/alerts/mine/list') return json({ data: alerts });
      if (path === '/api/alerts/mine/renew') {
        alerts = alerts.map((alert) => (alert.id === 3 ? { ...alert, ends_on: '2027-11-28' } : alert));
        return json({ alert: alerts[1] });
      }
      alerts = alerts.filter((alert) => alert.id !== (body as { id: number }).id);
      return json({});
    };
    show();
    await until(() => section().querySelectorAll('li').length === 2);
    expect(textOf(section().querySelector('h2'))).toBe('Mes alertes');
    expect(items()).toEqual([
      'Toutes nos résidences | En attente de confirmation : ouvrez le lien de l’e-mail que nous vous avons envoyé. | Voir les logements de la recherche « Toutes nos résidences » | Supprimer l’alerte « Toutes nos résidences »',
      'Anglet · T3 | Active jusqu’au 1er juin 2027 | Dernier e-mail : le 20 novembre 2026 | Voir les logements de la recherche « Anglet · T3 » | Garder un an de plus l’alerte « Anglet · T3 » | Supprimer l’alerte « Anglet · T3 »',
    ]);
    const links = Array.from(section().querySelectorAll('li a')).map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/residences', '/residences?commune=64024&typologie=T3']);
    const result = await axe.run(section(), { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);

    click(button(section(), 'Garder un an de plus l’alerte « Anglet · T3 »'));
    await until(() => textOf(section()).includes('continue jusqu’au'));
    expect(textOf(section().querySelector('.credentials__said'))).toBe('Information : L’alerte « Anglet · T3 » continue jusqu’au 28 novembre 2027.');
    await until(() => items()[1]!.includes('Active jusqu’au 28 novembre 2027'));

    click(button(section(), 'Supprimer l’alerte « Toutes nos résidences »'));
    expect(textOf(dialog()?.querySelector('h2'))).toBe('Supprimer cette alerte ?');
    expect(textOf(dialog())).toContain('Vous ne recevrez plus d’e-mail pour la recherche « Toutes nos résidences ».');
    // Cancelled: nothing goes.
    click(button(dialog()!, 'Annuler'));
    expect(dialog()).toBeNull();
    click(button(section(), 'Supprimer l’alerte « Toutes nos résidences »'));
    click(button(dialog()!, 'Supprimer l’alerte'));
    await until(() => section().querySelectorAll('li').length === 1);
    expect(dialog()).toBeNull();
    expect(textOf(section().querySelector('.credentials__said'))).toBe(
      'Information : L’alerte « Toutes nos résidences » a été supprimée : vous ne recevrez plus d’e-mail pour cette recherche.',
    );
    expect(document.activeElement).toBe(section().querySelector('.credentials__said'));
    expect(api.calls).toEqual([
      { path: '/api/alerts/mine/list', body: undefined },
      { path: '/api/alerts/mine/renew', body: { id: 3 } },
      { path: '/api/alerts/mine/list', body: undefined },
      { path: '/api/alerts/mine/remove', body: { id: 4 } },
      { path: '/api/alerts/mine/list', body: undefined },
    ]);
  });

  it('says how to create one when there is none', async () => {
    api.answer = () => json({ data: [] });
    show();
    await until(() => textOf(section()).includes('Vous ne suivez aucune recherche.'));
    expect(section().querySelector('a')?.getAttribute('href')).toBe('/residences');
    expect(textOf(section())).toContain('choisissez vos filtres puis « Créer une alerte »');
  });

  it('tells an alert gone meanwhile, and reads the list again', async () => {
    let alerts = [ACTIVE];
    api.answer = (path) => {
      if (path === '/api/alerts/mine/list') return json({ data: alerts });
      alerts = [];
      return new Response(null, { status: 404 });
    };
    show();
    await until(() => section().querySelectorAll('li').length === 1);
    click(button(section(), 'Garder un an de plus l’alerte « Anglet · T3 »'));
    await until(() => textOf(section()).includes('Cette alerte n’existe plus'));
    expect(textOf(section().querySelector('.credentials__said'))).toBe(
      'Attention : Cette alerte n’existe plus : elle a peut-être été supprimée depuis l’un de ses e-mails. La liste ci-dessous est à jour.',
    );
    await until(() => textOf(section()).includes('Vous ne suivez aucune recherche.'));
  });

  it('tells a list it could not read', async () => {
    api.answer = () => json({ error: 'Le service est momentanément indisponible.' }, 503);
    show();
    await until(() => section().querySelector('[role="alert"]') !== null);
    expect(textOf(section().querySelector('[role="alert"]'))).toBe('Erreur : Le service est momentanément indisponible.');
  });
});
