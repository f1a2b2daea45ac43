// @vitest-environment happy-dom
import axe from 'axe-core';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CandidateView, CommitteeSessionView, RecommendationsView } from '@hsa-lli/common/back-office';
import { candidate, good, session } from '@hsa-lli/common/testing/committee-session';
import { fakeApi, json } from '@hsa-lli/common/testing/fake-api';
import { render, textOf } from '@hsa-lli/common/testing/render';
import { MinutesPage, minutesLoader } from './minutes-page.js';

const none = { favorable: 0, unfavorable: 0, reserved: 0, abstain: 0 };

/** A candidate of the minutes: named, as the comitee role and staff read them. */
const named = (id: number, label: string, name: string, more: Partial<CandidateView> = {}) => candidate(id, label, { name, ...more });

const recommendations = (items: RecommendationsView['items']): RecommendationsView => ({
  tally: items.reduce((tally, item) => ({ ...tally, [item.opinion]: tally[item.opinion] + 1 }), { ...none }),
  items,
});
const at = '2026-12-10T17:30:00.000Z';

/** A closed session as `POST /api/committee/sessions/7/PDF/minutes` answers it: two goods, one given, one not. */
const SESSION: CommitteeSessionView = session(
  [
    good(
      4,
      // In the order they were presented: the minutes put the ranked ones first.
      [
        named(13, 'Candidat C', 'Xabi Dufau', {
          reason: 'Ressources au-dessus du plafond de la zone',
          income: 41_000,
          margin: -3_000,
          recommendations: recommendations([
            { member: 'Amaia Irigoyen', opinion: 'unfavorable', reason: 'Au-dessus du plafond.', conflict_of_interest: false, updated_at: at },
            { member: 'Jean-Michel Lafitte', opinion: 'abstain', reason: null, conflict_of_interest: true, updated_at: at },
          ]),
        }),
        named(11, 'Candidat A', 'Maite Goyheneche', {
          rank: 1,
          recommendations: recommendations([
            { member: 'Amaia Irigoyen', opinion: 'favorable', reason: null, conflict_of_interest: false, updated_at: at },
            { member: 'Jean-Michel Lafitte', opinion: 'favorable', reason: null, conflict_of_interest: false, updated_at: at },
          ]),
        }),
        named(12, 'Candidat B', 'Beñat Larralde', {
          rank: 2,
          recommendations: recommendations([{ member: 'Amaia Irigoyen', opinion: 'reserved', reason: 'Taux d’effort élevé.', conflict_of_interest: false, updated_at: at }]),
        }),
      ],
      { reference: 'RES-001-04', label: 'T3 de 64 m² — Résidence Arrosa', decision: { outcome: 'allocated_conditional', condition: 'Fournir le dernier avis d’imposition.' } },
    ),
    good(
      5,
      [
        named(14, 'Candidat A', 'Ane Bidart', {
          reason: 'Dossier incomplet',
          recommendations: recommendations([{ member: 'Amaia Irigoyen', opinion: 'unfavorable', reason: 'Pièces manquantes.', conflict_of_interest: false, updated_at: at }]),
        }),
        named(15, 'Candidat B', 'Jon Etxart', { reason: 'Dossier incomplet', recommendations: recommendations([]) }),
      ],
      {
        reference: 'RES-002-01',
        label: 'T2 de 45 m² — Résidence Itsasoa',
        residence: { id: 2, name: 'Résidence Itsasoa' },
        city: 'Biarritz',
        zone: 'A',
        flat_size: 'T2',
        surface: 45,
        rent: 690,
        decision: { outcome: 'not_allocated', condition: null },
      },
    ),
  ],
  {
    version: 5,
    state: 'closed',
    date: '2026-12-10T17:00:00.000Z',
    video_url: 'https://visio.hsa.test/comite',
    opened_at: '2026-12-01T09:00:00.000Z',
    closed_at: '2026-12-10T18:15:00.000Z',
    closed_by: 'Jean-Michel Lafitte',
    voting: false,
    members: [
      { id: 1, name: 'Amaia Irigoyen', role: 'member', present: true },
      { id: 2, name: 'Jean-Michel Lafitte', role: 'comitee', present: true },
      { id: 3, name: 'Peio Etcheverry', role: 'member', present: false },
    ],
    quorum: { members: 3, present: 2, required: 2, met: true },
    can: { edit: false, open: false, close: false, recommend: false },
  },
);

const api = fakeApi();
/** The addresses the page asked, in order. */
const asked = () => api.calls.map((call) => call.path);

beforeEach(() => {
  api.answer = () => json({ session: SESSION });
});

async function renderMinutes() {
  const view = render(null);
  api.opened.push(view.unmount);
  const router = createMemoryRouter([{ path: '/PDF/proces-verbal/:id', Component: MinutesPage, loader: minutesLoader }], { initialEntries: ['/PDF/proces-verbal/7'] });
  view.rerender(<RouterProvider router={router} />);
  // The loader's call, then the page: as long as a loaded machine takes.
  for (const started = Date.now(); !view.container.querySelector('[data-pdf-ready]') && Date.now() - started < 10_000; ) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  return view.container;
}

const section = (container: HTMLElement, heading: string) => {
  const found = Array.from(container.querySelectorAll('h2')).find((each) => textOf(each).startsWith(heading));
  if (!found) throw new Error(`No section « ${heading} »`);
  return found.closest('section')!;
};
const rows = (scope: Element, selector = 'tbody tr') => Array.from(scope.querySelectorAll(selector)).map((row) => Array.from(row.children).map(textOf));

describe('the committee’s minutes', () => {
  it('reads the closed session through the minutes’ call and says it is ready to print', async () => {
    const container = await renderMinutes();
    expect(asked()).toEqual(['/api/committee/sessions/7/PDF/minutes']);
    expect(container.querySelector('[data-pdf-ready="true"]')).not.toBeNull();
    expect(textOf(container.querySelector('h1'))).toBe('Procès-verbal du comité d’attribution');
    expect(textOf(container.querySelector('.pdf-header p:last-child'))).toBe('Séance du 10 décembre 2026 à 18 h 00 — Agence de Bayonne');
  });

  it('lists who sat, who took part, and the quorum', async () => {
    const attendees = section(await renderMinutes(), 'Membres convoqués');
    expect(textOf(attendees.querySelector('.pdf-verdict'))).toBe('2 membres sur 3 ont pris part ; quorum requis : 2 (atteint).');
    expect(rows(attendees)).toEqual([
      ['Amaia Irigoyen', 'Membre du comité', 'Présent'],
      ['Jean-Michel Lafitte', 'Comité', 'Présent'],
      ['Peio Etcheverry', 'Membre du comité', 'Absent'],
    ]);
  });

  it('gives each good its decision, its condition, and its candidates in the committee’s order with their rank or reason', async () => {
    const container = await renderMinutes();
    const first = section(container, '1. T3 de 64 m² — Résidence Arrosa, Anglet');
    expect(textOf(first.querySelector('.pdf-verdict'))).toBe('Décision : Attribution sous condition');
    expect(textOf(first)).toContain('Condition : Fournir le dernier avis d’imposition.');
    expect(rows(first, '.minutes-candidates tbody tr').map((row) => [row[0], row[5]])).toEqual([
      ['Candidat A — Maite GoyhenecheDOS-2026-0011', 'Retenu (rang 1)'],
      ['Candidat B — Beñat LarraldeDOS-2026-0012', 'Rang 2'],
      ['Candidat C — Xabi DufauDOS-2026-0013', 'Non retenu : Ressources au-dessus du plafond de la zone'],
    ]);
    const second = section(container, '2. T2 de 45 m² — Résidence Itsasoa, Biarritz');
    expect(textOf(second.querySelector('.pdf-verdict'))).toBe('Décision : Non-attribution');
    expect(textOf(second)).toContain('Aucune recommandation n’a été donnée sur ce candidat.');
  });

  it('tallies each candidate’s recommendations and shows each with its member, its reason, and a conflict of interest as such', async () => {
    const container = await renderMinutes();
    const dufau = container.querySelector('[aria-label="Candidat C — Xabi Dufau, logement RES-001-04"]')!;
    expect(textOf(dufau.querySelector('.minutes-tally'))).toBe('Favorable : 0 · Défavorable : 1 · Réservé : 0 · Abstention (conflit d’intérêts) : 1');
    expect(rows(dufau)).toEqual([
      ['Amaia Irigoyen', 'Défavorable', 'Au-dessus du plafond.'],
      ['Jean-Michel Lafitte', 'Conflit d’intérêts déclaré : s’abstient', '—'],
    ]);
    expect(Array.from(section(container, 'Signature').querySelectorAll('p')).map(textOf)).toEqual(['Fait le 10 décembre 2026.', 'Le président de séance : Jean-Michel Lafitte']);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('answers 404 for an address that names no session', async () => {
    await expect(minutesLoader({ params: { id: 'abc' }, request: new Request('http://localhost/PDF/proces-verbal/abc') } as never)).rejects.toMatchObject({ status: 404 });
    expect(asked()).toEqual([]);
  });
});
