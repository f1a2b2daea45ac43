// @vitest-environment happy-dom
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AlertView } from '@hsa-lli/common/domain';
import { fakeApi, json, notFound } from '@hsa-lli/common/testing/fake-api';
import { button, click, render, textOf, until } from '@hsa-lli/common/testing/render';
import { AlertConfirmationPage } from './alert-confirmation-page.js';
import { AlertPage, alertLoader } from './alert-page.js';

const api = fakeApi();

const TOKEN = '12_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const ALERT: AlertView = {
  id: 12,
  label: 'Biarritz · T2 · disponibles immédiatement',
  filters: { city: '64122', flat_size: 'T2', available_now: true },
  status: 'active',
  created_at: '2026-11-28T09:00:00.000Z',
  confirmed_at: '2026-11-28T09:05:00.000Z',
  ends_on: '2027-11-28',
  last_sent_at: null,
};

function show(path: string) {
  const view = render(null);
  api.opened.push(view.unmount);
  const router = createMemoryRouter(
    [
      { path: '/alertes/confirmation/:token', Component: AlertConfirmationPage },
      { path: '/alertes/gerer/:token', Component: AlertPage, loader: alertLoader, HydrateFallback: () => null },
    ],
    { initialEntries: [path] },
  );
  view.rerender(<RouterProvider router={router} />);
  return view;
}

const main = (container: HTMLElement) => container.querySelector('section')!;
const noViolations = async (container: HTMLElement) => {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((violation) => violation.id)).toEqual([]);
};

describe('the page of an alert’s confirmation link', () => {
  it('confirms only when asked, then says the alert is active, until when, with the list it follows', async () => {
    api.answer = () => json({ alert: ALERT });
    const { container } = show(`/alertes/confirmation/${TOKEN}`);
    await until(() => container.querySelector('h1') !== null);
    expect(textOf(container.querySelector('h1'))).toBe('Confirmer mon alerte');
    expect(textOf(main(container))).toContain('Confirmez-le pour activer votre alerte');
    // Opening the page confirms nothing: mail scanners open links.
    expect(api.calls).toEqual([]);
    await noViolations(container);

    click(button(container, 'Confirmer mon alerte'));
    await until(() => textOf(main(container)).includes('Votre alerte est active.'));
    expect(api.calls).toEqual([{ path: '/api/front/alerts/confirm', body: { token: TOKEN } }]);
    const facts = Array.from(container.querySelectorAll('dt, dd')).map(textOf);
    expect(facts).toEqual(['Recherche suivie', 'Biarritz · T2 · disponibles immédiatement', 'Active jusqu’au', '28 novembre 2027']);
    const list = Array.from(container.querySelectorAll('a')).find((link) => textOf(link) === 'Voir les logements de cette recherche');
    expect(list?.getAttribute('href')).toBe('/residences?commune=64122&typologie=T2&disponible=1');
    expect(container.querySelector('button')).toBeNull();
    expect(document.activeElement?.className).toBe('alert-page__result');
    await noViolations(container);
  });

  it('explains a link used, expired or incomplete, and how to ask again', async () => {
    api.answer = notFound;
    const { container } = show(`/alertes/confirmation/${TOKEN}`);
    await until(() => container.querySelector('button') !== null);
    click(button(container, 'Confirmer mon alerte'));
    await until(() => textOf(main(container)).includes('Ce lien ne permet pas'));
    expect(textOf(container.querySelector('[role="status"]'))).toBe('Attention : Ce lien ne permet pas de confirmer une alerte.');
    expect(Array.from(container.querySelectorAll('li')).map(textOf)).toEqual([
      'Il a déjà servi : votre alerte est alors active, et vous n’avez rien d’autre à faire.',
      'Il a expiré : un lien de confirmation reste valable 7 jours.',
      'Son adresse est incomplète : copiez-la en entier depuis l’e-mail reçu.',
    ]);
    expect(Array.from(container.querySelectorAll('a')).map((link) => link.getAttribute('href'))).toEqual(['/residences']);
    await noViolations(container);
  });

  it('keeps the button when the call failed otherwise, with the server’s message', async () => {
    api.answer = () => json({ error: 'Le service est momentanément indisponible.' }, 503);
    const { container } = show(`/alertes/confirmation/${TOKEN}`);
    await until(() => container.querySelector('button') !== null);
    click(button(container, 'Confirmer mon alerte'));
    await until(() => container.querySelector('[role="alert"]') !== null);
    expect(textOf(container.querySelector('[role="alert"]'))).toBe('Erreur : Le service est momentanément indisponible.');
    expect(button(container, 'Confirmer mon alerte').disabled).toBe(false);
  });
});

describe('the page of an alert’s own link', () => {
  it('shows the alert, keeps it a year more, then unsubscribes it', async () => {
    api.answer = (path) => {
      if (path === '/api/front/alerts/details') return json({ alert: { ...ALERT, last_sent_at: '2026-12-03T07:00:00.000Z' } });
      if (path === '/api/front/alerts/renew') return json({ alert: { ...ALERT, ends_on: '2027-12-05' } });
      return json({});
    };
    const { container } = show(`/alertes/gerer/${TOKEN}`);
    await until(() => container.querySelector('dl') !== null);
    expect(textOf(container.querySelector('h1'))).toBe('Mon alerte');
    expect(Array.from(container.querySelectorAll('dt, dd')).map(textOf)).toEqual([
      'Recherche suivie',
      'Biarritz · T2 · disponibles immédiatement',
      'État',
      'Active',
      'Se termine le',
      '28 novembre 2027',
      'Dernier e-mail',
      '3 décembre 2026',
    ]);
    expect(api.calls).toEqual([{ path: '/api/front/alerts/details', body: { token: TOKEN } }]);
    await noViolations(container);

    click(button(container, 'Garder cette alerte'));
    await until(() => textOf(main(container)).includes('C’est noté'));
    expect(textOf(container.querySelector('.alert-page__result'))).toBe('Information : C’est noté : votre alerte continue jusqu’au 5 décembre 2027.');
    expect(textOf(container.querySelector('dl'))).toContain('5 décembre 2027');
    expect(document.activeElement?.className).toBe('alert-page__result');

    click(button(container, 'Me désinscrire'));
    await until(() => textOf(main(container)).includes('Vous ne recevrez plus'));
    expect(textOf(container.querySelector('.alert-page__result [role="status"]'))).toBe('Information : Vous ne recevrez plus d’e-mail pour cette alerte.');
    expect(container.querySelector('dl')).toBeNull();
    expect(container.querySelector('button')).toBeNull();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/front/alerts/details', '/api/front/alerts/renew', '/api/front/alerts/unsubscribe']);
    await noViolations(container);
  });

  it('explains a link that names no alert', async () => {
    api.answer = notFound;
    const { container } = show(`/alertes/gerer/${TOKEN}`);
    await until(() => textOf(container).includes('Ce lien ne permet pas'));
    expect(textOf(container.querySelector('[role="status"]'))).toBe('Attention : Ce lien ne permet pas de gérer une alerte.');
    expect(textOf(main(container))).toContain('L’alerte n’existe plus : vous vous êtes désinscrit(e), ou elle s’est arrêtée au bout de ses 12 mois.');
    expect(container.querySelector('button')).toBeNull();
    await noViolations(container);
  });

  it('says so when the alert went while the page was open', async () => {
    api.answer = (path) => (path === '/api/front/alerts/details' ? json({ alert: ALERT }) : notFound());
    const { container } = show(`/alertes/gerer/${TOKEN}`);
    await until(() => container.querySelector('dl') !== null);
    click(button(container, 'Garder cette alerte'));
    await until(() => textOf(main(container)).includes('Ce lien ne permet pas de gérer une alerte.'));
    expect(container.querySelector('dl')).toBeNull();
  });
});
