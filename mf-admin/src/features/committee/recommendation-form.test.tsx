// @vitest-environment happy-dom
import axe from 'axe-core';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateView } from '@hsa-lli/common/back-office';
import { byLabel, byLegend, click, descriptionOf, render, textOf, type } from '@hsa-lli/common/testing/render';
import { RecommendationForm, recommendationBody } from './recommendation-form.js';
import { candidate, good, session } from '@hsa-lli/common/testing/committee-session';

type Answer = { status: number; body?: unknown };

let calls: { path: string; body: unknown }[] = [];
let nextAnswer: Answer | null = null;
const opened: (() => void)[] = [];

beforeEach(() => {
  calls = [];
  nextAnswer = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { candidate_id: number; opinion: string; reason: string | null; conflict_of_interest: boolean };
    calls.push({ path: new URL(url, 'http://localhost').pathname, body });
    const { status, body: answer } = nextAnswer ?? {
      status: 200,
      body: {
        session: session([
          good(4, [candidate(11, 'Candidat A', { my_recommendation: { opinion: body.opinion as 'favorable', reason: body.reason, conflict_of_interest: body.conflict_of_interest, updated_at: '2026-11-27T10:00:00.000Z' } })]),
        ]),
      },
    };
    return new Response(answer === undefined ? null : JSON.stringify(answer), { status });
  });
});

afterEach(() => {
  opened.splice(0).forEach((close) => close());
  vi.unstubAllGlobals();
});

const settle = (ms = 500) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

function renderForm(shown: CandidateView = candidate(11, 'Candidat A')) {
  const saved: unknown[] = [];
  const view = render(<RecommendationForm candidate={shown} goodReference="RES-001-04" onChange={(answer) => saved.push(answer)} />);
  opened.push(view.unmount);
  const form = view.container.querySelector('form')!;
  const submit = async () => {
    click(form.querySelector('button[type="submit"]')!);
    await settle();
  };
  return { container: view.container, form, saved, submit };
}

describe('a member’s opinion on a candidate', () => {
  it('asks for an opinion, then for the reason of an unfavourable one, by their fields, and sends nothing meanwhile', async () => {
    const { container, submit } = renderForm();
    await submit();
    const opinion = byLegend(container, 'Mon avis');
    expect(opinion.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(opinion)).toBe('Choisissez votre avis : favorable, défavorable, réservé, ou abstention.');
    // The focus goes to the first field to correct.
    expect(document.activeElement).toBe(byLabel(container, 'Favorable'));

    click(byLabel(container, 'Défavorable'));
    await submit();
    expect(descriptionOf(byLabel<HTMLTextAreaElement>(container, 'Motif'))).toContain('Donnez le motif de votre avis.');
    expect(document.activeElement).toBe(byLabel(container, 'Motif'));
    expect(calls).toEqual([]);
  });

  it('sends a favourable opinion without a reason, then offers to change it', async () => {
    const { container, saved, submit } = renderForm();
    click(byLabel(container, 'Favorable'));
    await submit();
    expect(calls).toEqual([{ path: '/api/committee/recommendations/save', body: { candidate_id: 11, opinion: 'favorable', reason: null, conflict_of_interest: false } }]);
    expect(saved).toHaveLength(1);
  });

  it('turns a declared conflict of interest into an abstention, whatever was ticked above', async () => {
    const { container, submit } = renderForm();
    click(byLabel(container, 'Réservé'));
    click(byLabel(container, 'Je déclare un conflit d’intérêts et m’abstiens'));
    expect(byLabel(container, 'Favorable').disabled).toBe(true);
    await submit();
    expect(calls.map((call) => call.body)).toEqual([{ candidate_id: 11, opinion: 'abstain', reason: null, conflict_of_interest: true }]);
  });

  it('shows the API’s refusal by the field it is about', async () => {
    const { container, submit } = renderForm();
    nextAnswer = { status: 400, body: { error: 'Certaines informations sont à corriger.', fields: { reason: 'Le motif ne peut pas dépasser 2000 caractères.' } } };
    click(byLabel(container, 'Réservé'));
    type(byLabel<HTMLTextAreaElement>(container, 'Motif'), 'Revenus instables.');
    await submit();
    expect(descriptionOf(byLabel<HTMLTextAreaElement>(container, 'Motif'))).toContain('Le motif ne peut pas dépasser 2000 caractères.');
  });

  it('starts from the opinion given, and is accessible', async () => {
    const given = candidate(11, 'Candidat A', { my_recommendation: { opinion: 'unfavorable', reason: 'Taux d’effort trop élevé.', conflict_of_interest: false, updated_at: '2026-11-27T10:00:00.000Z' } });
    const { container, form } = renderForm(given);
    expect(byLabel(container, 'Défavorable').checked).toBe(true);
    expect(byLabel<HTMLTextAreaElement>(container, 'Motif').value).toBe('Taux d’effort trop élevé.');
    expect(textOf(form.querySelector('button[type="submit"]'))).toBe('Modifier mon avis');
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});

describe('the opinion’s request', () => {
  it('keeps the reason trimmed, or none', () => {
    expect(recommendationBody(3, { opinion: 'reserved', reason: '  À revoir.  ', conflict_of_interest: '' })).toEqual({ candidate_id: 3, opinion: 'reserved', reason: 'À revoir.', conflict_of_interest: false });
    expect(recommendationBody(3, { opinion: '', reason: ' ', conflict_of_interest: 'true' })).toEqual({ candidate_id: 3, opinion: 'abstain', reason: null, conflict_of_interest: true });
  });
});
