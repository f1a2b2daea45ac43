// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldChanged, formSubmitted, selectForm } from './forms-slice.js';
import { makeStore } from './index.js';
import { dismissMessage, pushMessage, selectMessages } from './messages-slice.js';
import { pagesReceived } from './pages-slice.js';
import { CACHE_LIFETIME_MS, readStored, writeStored } from './persistence.js';
import { loggedOut, rolesReceived } from './session-slice.js';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('starts pending, becomes authenticated with a role and its landing path, and a guest at logout', () => {
    const store = makeStore();
    expect(store.getState().session.status).toBe('pending');
    store.dispatch(rolesReceived({ roles: ['comitee'], user_id: 4 }));
    expect(store.getState().session).toMatchObject({ status: 'authenticated', roles: ['comitee'], home: '/gestion/recommandations', user_id: 4 });
    store.dispatch(rolesReceived({ roles: [], user_id: null }));
    expect(store.getState().session).toMatchObject({ status: 'guest', roles: [], home: '/' });
    store.dispatch(rolesReceived({ roles: ['admin'], user_id: 1 }));
    store.dispatch(loggedOut());
    expect(store.getState().session).toMatchObject({ status: 'guest', roles: [], user_id: null });
  });

  it('is saved, and a new page starts from the saved copy, still pending until the server answers', () => {
    const first = makeStore();
    first.dispatch(rolesReceived({ roles: ['customer'], user_id: 6 }));
    const next = makeStore();
    expect(next.getState().session).toMatchObject({ roles: ['customer'], status: 'pending', home: '/' });
  });
});

describe('pages store', () => {
  it('saves the list only when its version changes, and never trusts the saved copy to open pages', async () => {
    const savedAt = () => (JSON.parse(localStorage.getItem('pages') ?? 'null') as { date: number } | null)?.date;
    const store = makeStore();
    store.dispatch(pagesReceived({ pages: ['/'], version: 'v1' }));
    const first = savedAt();
    expect(first).toBeTypeOf('number');
    await new Promise((resolve) => setTimeout(resolve, 5));
    store.dispatch(pagesReceived({ pages: ['/'], version: 'v1' }));
    expect(savedAt()).toBe(first);
    store.dispatch(pagesReceived({ pages: ['/', '/admin/accueil'], version: 'v2' }));
    expect(savedAt()).toBeGreaterThan(first!);

    const next = makeStore();
    expect(next.getState().pages).toMatchObject({ pages: ['/', '/admin/accueil'], version: 'v2', status: 'pending' });
  });
});

describe('local storage', () => {
  it('forgets copies older than 24 hours', () => {
    writeStored('pages', { pages: ['/'] }, Date.now() - CACHE_LIFETIME_MS - 1);
    expect(readStored('pages')).toBeNull();
    writeStored('pages', { pages: ['/'] });
    expect(readStored('pages')).toEqual({ pages: ['/'] });
  });

  it('only logs when the storage refuses', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    const store = makeStore();
    expect(() => store.dispatch(pagesReceived({ pages: ['/'], version: 'v3' }))).not.toThrow();
    expect(store.getState().pages.status).toBe('fetched');
    expect(warn).toHaveBeenCalledWith('Could not save pages in local storage', expect.any(Error));
  });
});

describe('form values', () => {
  it('are kept per form and field; errors come with a submission, and editing a field clears its own', () => {
    const store = makeStore();
    store.dispatch(fieldChanged({ form: 'login', field: 'email', value: 'x' }));
    store.dispatch(formSubmitted({ form: 'login', errors: { email: 'Invalide.', password: 'Requis.' } }));
    let form = selectForm(store.getState(), 'login');
    expect(form).toMatchObject({ values: { email: 'x' }, submitId: 1, errors: { email: 'Invalide.', password: 'Requis.' } });
    store.dispatch(fieldChanged({ form: 'login', field: 'email', value: 'a@b.fr' }));
    form = selectForm(store.getState(), 'login');
    expect(form.errors).toEqual({ password: 'Requis.' });
    expect(selectForm(store.getState(), 'other').values).toEqual({});
  });
});

describe('messages above the page', () => {
  it('keeps one confirmation, the latest, beside every warning and error until they are dismissed', () => {
    const store = makeStore();
    store.dispatch(pushMessage({ kind: 'warning', text: 'Le quorum n’est pas atteint.' }));
    store.dispatch(pushMessage({ kind: 'info', text: 'Votre avis sur Candidat A est enregistré.' }));
    store.dispatch(pushMessage({ kind: 'error', text: 'Une erreur imprévue est survenue.' }));
    store.dispatch(pushMessage({ kind: 'info', text: 'Votre avis sur Candidat B est enregistré.' }));
    expect(selectMessages(store.getState()).map((message) => message.text)).toEqual([
      'Le quorum n’est pas atteint.',
      'Une erreur imprévue est survenue.',
      'Votre avis sur Candidat B est enregistré.',
    ]);
    store.dispatch(dismissMessage(selectMessages(store.getState())[0]!.id));
    expect(selectMessages(store.getState())).toHaveLength(2);
  });
});
