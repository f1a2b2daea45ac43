// @vitest-environment happy-dom
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EraseMeAnswer } from '@hsa-lli/common/domain';
import { button, byLabel, click, descriptionOf, render, textOf, type, until } from '@hsa-lli/common/testing/render';
import { DataSection } from './data-section.js';
import { ErasureConfirmation } from './erasure-confirmation.js';

/** What the fake server answers a call, by method and path. */
type Answer = (method: string, path: string, body: unknown) => Response;

let calls: string[] = [];
let answer: Answer;
const opened: (() => void)[] = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://hsa.test').pathname;
    calls.push(`${method} ${path}`);
    return answer(method, path, init.body ? JSON.parse(String(init.body)) : undefined);
  });
});

afterEach(() => {
  opened.splice(0).forEach((close) => close());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const dialog = () => document.querySelector('dialog[open]');
const alertIn = (scope: ParentNode) => textOf(scope.querySelector('[role="alert"]'));

function show(ui: Parameters<typeof render>[0]) {
  const view = render(ui);
  opened.push(view.unmount);
  return view;
}

describe('the archive of a customer’s data', () => {
  it('says it is being prepared, follows its job, then gives the ZIP and its link', async () => {
    let polls = 0;
    answer = (method, path) => {
      if (method === 'POST' && path === '/api/records/export-mine') return json({ job: { id: 'j-1' } }, 202);
      polls += 1;
      if (polls < 2) return json({ job: { id: 'j-1', state: 'active' } }, 202);
      return new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="mes-donnees-hsa-2026-11-28.zip"' } });
    };
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { container } = show(<DataSection onErased={() => undefined} />);
    const status = container.querySelector('[role="status"]')!;
    click(button(container, 'Télécharger mes données'));
    await until(() => textOf(status) === 'Préparation de votre archive…');
    await until(() => saved.length > 0);
    expect(saved).toEqual(['mes-donnees-hsa-2026-11-28.zip']);
    await until(() => textOf(status) === 'Votre archive est prête : son téléchargement a commencé.');
    const link = Array.from(container.querySelectorAll('a')).find((each) => textOf(each) === 'Télécharger l’archive (ZIP)');
    expect(link?.getAttribute('href')).toBe('/api/records/export-mine/j-1');
    expect(textOf(container)).toMatch(/Lien valable jusqu’à \d{1,2} h \d{2}\./);
    expect(calls).toEqual(['POST /api/records/export-mine', 'GET /api/records/export-mine/j-1', 'GET /api/records/export-mine/j-1']);
  });

  it('tells in French when the archive could not be made', async () => {
    answer = (method) => (method === 'POST' ? json({ job: { id: 'j-2' } }, 202) : json({ statusCode: 500, message: 'Internal server error' }, 500));
    const { container } = show(<DataSection onErased={() => undefined} />);
    click(button(container, 'Télécharger mes données'));
    await until(() => alertIn(container) !== '');
    expect(alertIn(container)).toBe('Erreur : Votre archive n’a pas pu être préparée. Réessayez dans un instant.');
    expect(textOf(container.querySelector('[role="status"]'))).toBe('');
  });
});

describe('the erasure of a customer’s account and file', () => {
  it('asks for the password in a dialog, and tells each refusal where it belongs', async () => {
    const erased: EraseMeAnswer[] = [];
    const { container } = show(<DataSection onErased={(done) => erased.push(done)} />);
    click(button(container, 'Supprimer mon compte et mon dossier'));
    const box = dialog()!;
    expect(textOf(box)).toContain('Votre compte, votre dossier et vos pièces justificatives seront effacés. Cette action est définitive.');
    const password = byLabel(box as HTMLElement, 'Mot de passe');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await until(() => document.activeElement === password);

    answer = () => json({ error: 'Certaines informations sont à corriger.', fields: { password: 'Le mot de passe est incorrect.' } }, 400);
    type(password, 'Pas-le-bon');
    click(button(box, 'Effacer définitivement'));
    await until(() => descriptionOf(password).includes('incorrect'));
    expect(descriptionOf(password)).toContain('Le mot de passe est incorrect.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const result = await axe.run(box, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);

    const pending = 'Un logement vous est proposé et attend votre réponse : refusez d’abord la proposition depuis « Où en est mon dossier », puis demandez l’effacement.';
    answer = () => json({ error: pending }, 409);
    type(password, 'Le-bon-2026');
    click(button(box, 'Effacer définitivement'));
    await until(() => alertIn(box) !== '');
    expect(alertIn(box)).toBe(`Erreur : ${pending}`);

    const tooMany = 'Trop de tentatives avec un mot de passe incorrect. Pour votre sécurité, patientez 15 minutes avant de réessayer.';
    answer = () => json({ error: tooMany }, 429);
    click(button(box, 'Effacer définitivement'));
    await until(() => alertIn(box).includes('Trop de tentatives'));
    expect(alertIn(box)).toBe(`Erreur : ${tooMany}`);
    expect(erased).toEqual([]);

    // Cancelled, then opened again: nothing of the last attempt.
    click(button(box, 'Annuler'));
    expect(dialog()).toBeNull();
    click(button(container, 'Supprimer mon compte et mon dossier'));
    expect(byLabel(dialog() as HTMLElement, 'Mot de passe').value).toBe('');
    expect(alertIn(dialog()!)).toBe('');

    const done: EraseMeAnswer = { erased: ['votre compte'], kept: null };
    answer = () => json(done);
    type(byLabel(dialog() as HTMLElement, 'Mot de passe'), 'Le-bon-2026');
    click(button(dialog()!, 'Effacer définitivement'));
    await until(() => erased.length > 0);
    expect(erased).toEqual([done]);
    expect(calls.filter((call) => call === 'POST /api/users/erase-me')).toHaveLength(4);
  });
});

describe('the confirmation of the erasure', () => {
  const lease: EraseMeAnswer = {
    erased: ['votre compte', 'vos pièces justificatives, sauf vos avis d’imposition'],
    kept: { what: ['la composition du foyer', 'vos avis d’imposition'], until: '2030-02-01', why: 'La loi permet à chaque partie d’agir en justice au sujet du bail pendant trois ans.' },
  };

  it('says what went and what a signed lease keeps, until when and why, and ends the session in the application', async () => {
    answer = () => json({ pages: ['/', '/residences'], version: 'v2' });
    const { container, store } = show(<ErasureConfirmation answer={lease} />);
    expect(textOf(container.querySelector('h1'))).toBe('Compte effacé');
    expect(document.activeElement).toBe(container.querySelector('h1'));
    expect(textOf(container.querySelector('[role="status"]'))).toContain('Votre compte et votre dossier ont été effacés.');
    const lists = Array.from(container.querySelectorAll('ul')).map((list) => Array.from(list.querySelectorAll('li')).map(textOf));
    expect(lists).toEqual([lease.erased, lease.kept!.what]);
    expect(textOf(container)).toContain('Ce que nous conservons');
    expect(textOf(container)).toContain('Nous conservons, jusqu’au 1er février 2030 :');
    expect(textOf(container)).toContain(lease.kept!.why);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/');

    await until(() => store.getState().pages.version === 'v2');
    expect(store.getState().session).toMatchObject({ status: 'guest', roles: [] });
    // The visitor's pages, and this one, where the confirmation is read.
    expect(store.getState().pages.pages).toEqual(['/', '/residences', '/mes-identifiants']);
    expect(calls).toEqual(['POST /api/auth/get-pages']);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says « trois ans après votre départ » while the household has not left, and nothing kept when nothing is', () => {
    answer = () => json({ pages: ['/'], version: 'v2' });
    const { container } = show(<ErasureConfirmation answer={{ ...lease, kept: { ...lease.kept!, until: null } }} />);
    expect(textOf(container)).toContain('Nous conservons, jusqu’à trois ans après votre départ du logement :');
    const { container: nothingKept } = show(<ErasureConfirmation answer={{ erased: ['votre compte'], kept: null }} />);
    expect(textOf(nothingKept)).not.toContain('Ce que nous conservons');
  });
});
