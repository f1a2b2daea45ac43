// @vitest-environment happy-dom
import axe from 'axe-core';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '@hsa-lli/common/testing/fake-api';
import { byLabel, byLegend, choose, click, descriptionOf, render, textOf, type } from '@hsa-lli/common/testing/render';
import { CloseForm } from './close-form.js';
import { candidate, good, session } from '@hsa-lli/common/testing/committee-session';

const QUORUM = 'Le quorum n’est pas atteint : 1 membre sur 2 a donné son avis, il en faut 2.';
const api = fakeApi();
/** What the form sent, request by request. */
const bodies = () => api.calls.map((call) => call.body);

beforeEach(() => {
  api.answer = () => json({ error: 'Certaines informations sont à corriger.', fields: { quorum: QUORUM } }, 400);
});

const settle = (ms = 500) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const button = (container: HTMLElement, name: string) => {
  const found = Array.from(container.querySelectorAll('button')).find((each) => (each.getAttribute('aria-label') ?? textOf(each)) === name);
  if (!found) throw new Error(`No button « ${name} »`);
  return found;
};

function renderForm() {
  const shown = session([good(4, [candidate(11, 'Candidat A'), candidate(12, 'Candidat B'), candidate(13, 'Candidat C')])]);
  const view = render(<CloseForm session={shown} onChange={() => undefined} />);
  api.opened.push(view.unmount);
  return view.container;
}

describe('closing a session', () => {
  it('asks for each good’s decision by its field, then ranks with buttons the keyboard reaches', async () => {
    const container = renderForm();
    click(button(container, 'Clore la séance'));
    await settle(50);
    const outcome = byLabel<HTMLSelectElement>(container, 'Décision');
    expect(descriptionOf(outcome)).toBe('Choisissez la décision pour ce logement.');
    expect(document.activeElement).toBe(outcome);

    choose(outcome, 'allocated_ranked');
    click(button(container, 'Classer Candidat B'));
    click(button(container, 'Classer Candidat A'));
    click(button(container, 'Monter : Candidat A'));
    await settle(50);
    const ranking = byLegend(container, 'Classement des candidats');
    expect(Array.from(ranking.querySelectorAll('li > span:first-child')).map(textOf)).toEqual(['Candidat A — retenu', 'Candidat B']);
    expect(textOf(ranking.querySelector('[role="status"]'))).toBe('Candidat A est classé premier, retenu.');
    // « Monter » cannot be pressed any more: the focus stays with the candidate, on « Descendre ».
    expect(document.activeElement).toBe(button(container, 'Descendre : Candidat A'));

    // The candidate left out needs a reason; the two ranked do not.
    click(button(container, 'Clore la séance'));
    await settle(50);
    const reason = byLabel<HTMLTextAreaElement>(container, 'Motif pour Candidat C, non retenu');
    expect(descriptionOf(reason)).toBe('Donnez le motif pour ce candidat non retenu.');
    expect(document.activeElement).toBe(reason);
    expect(bodies()).toEqual([]);

    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('asks before closing, and says a refusal the form has no field for above it', async () => {
    const container = renderForm();
    choose(byLabel<HTMLSelectElement>(container, 'Décision'), 'not_allocated');
    for (const label of ['A', 'B', 'C']) type(byLabel<HTMLTextAreaElement>(container, `Motif pour Candidat ${label}, non retenu`), `Motif ${label}.`);
    click(button(container, 'Clore la séance'));
    const dialog = container.ownerDocument.querySelector('dialog[open]')!;
    expect(textOf(dialog)).toContain('la séance ne pourra plus être modifiée');
    click(Array.from(dialog.querySelectorAll('button')).find((each) => textOf(each) === 'Clore la séance')!);
    await settle();
    expect(bodies()).toEqual([
      { id: 7, decisions: [{ good_id: 4, outcome: 'not_allocated', ranking: [], reasons: { '11': 'Motif A.', '12': 'Motif B.', '13': 'Motif C.' } }] },
    ]);
    expect(textOf(container.querySelector('form [role="alert"]'))).toContain(QUORUM);
  });
});
