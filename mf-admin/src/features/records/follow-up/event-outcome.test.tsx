// @vitest-environment happy-dom
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FollowUpView, RecordEventView, StaffRecord } from '@hsa-lli/common/back-office';
import { rolesReceived } from '@hsa-lli/common/store';
import { fakeApi, json } from '@hsa-lli/common/testing/fake-api';
import { button, choose, click, descriptionOf, render, textOf, until } from '@hsa-lli/common/testing/render';
import { EventsPanel } from './events-panel.js';

const api = fakeApi();

/** A visit booked online: recorded by the platform, without an outcome. */
const visit = (id: number, at: string): RecordEventView => ({
  id,
  type: 'visit',
  reason: 'on_site',
  good: { id: 7, label: 'T2 de 48 m² — Les Terrasses de la Nivelle' },
  at,
  outcome: null,
  comment: 'Réservée en ligne',
  by: 'La plateforme (automatique)',
  by_id: null,
  created_at: '2026-11-20T09:00:00.000Z',
});
const PAST = visit(5, '2026-11-25T17:00:00.000Z');
const COMING = visit(6, '2099-01-07T17:00:00.000Z');
const RECORD = { id: 31, wished_goods: [] } as unknown as StaffRecord;

/** The panel as the file's page holds it: the follow-up it shows is the last one a section gave back. */
function Panel() {
  const [view, setView] = useState<FollowUpView>({ stage: 'under_review', follower: null, stage_changes: [], events: [COMING, PAST], notes: [] });
  return <EventsPanel record={RECORD} view={view} onChange={setView} />;
}

function show() {
  const view = render(null);
  api.opened.push(view.unmount);
  view.store.dispatch(rolesReceived({ roles: ['hsa'], user_id: 2 }));
  view.rerender(<Panel />);
  return view;
}

const entries = (container: HTMLElement) => Array.from(container.querySelectorAll('.record-entries > li'));

describe('the outcome of a visit booked online, on the file’s page', () => {
  it('is asked once the visit took place, checked, saved, then shown', async () => {
    api.answer = () => json({ event: { ...PAST, outcome: 'interested' } });
    const { container } = show();
    const [coming, past] = entries(container);
    expect(textOf(coming)).toContain('Son issue s’indique ici une fois la visite passée.');
    expect(coming!.querySelector('form')).toBeNull();
    const form = past!.querySelector('form')!;
    expect(form.getAttribute('aria-label')?.replace(/\s+/g, ' ')).toBe('Issue de la visite du 25 novembre 2026 à 18 h 00');
    const select = form.querySelector('select')!;

    click(button(form, 'Enregistrer l’issue'));
    expect(descriptionOf(select)).toBe('Choisissez une issue de la liste.');
    expect(api.calls).toEqual([]);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);

    choose(select, 'interested');
    click(button(form, 'Enregistrer l’issue'));
    await until(() => entries(container)[1]!.querySelector('form') === null);
    expect(api.calls).toEqual([{ path: '/api/records/events/outcome', body: { id: 5, outcome: 'interested' } }]);
    expect(textOf(entries(container)[1])).toContain('Issue : Intéressé(e)');
  });

  it('says why the API refused it', async () => {
    api.answer = () => json({ error: 'Cet événement a déjà une issue (« Réalisé »).' }, 409);
    const { container } = show();
    const form = entries(container)[1]!.querySelector('form')!;
    choose(form.querySelector('select')!, 'done');
    click(button(form, 'Enregistrer l’issue'));
    await until(() => form.querySelector('[role="alert"]') !== null);
    expect(textOf(form.querySelector('[role="alert"]'))).toBe('Erreur : Cet événement a déjà une issue (« Réalisé »).');
  });
});
