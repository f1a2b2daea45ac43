// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider, useLoaderData, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@hsa-lli/common/http';
import { loggedOut, pagesFailed, pagesReceived, rolesReceived, type AppStore } from '@hsa-lli/common/store';
import { render, textOf } from '@hsa-lli/common/testing/render';
import { UnknownPathPage } from '../pages/status-pages.js';
import { GuardedOutlet } from './guard.js';
import { loadAllowedPagesOnly } from './page-access.js';

/** The paths the API was asked for. */
let calls: string[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    calls.push(path);
    return new Response(JSON.stringify({ name: `Dossier n° ${path.split('/').pop()}` }), { status: 200 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

function RecordPage() {
  const record = useLoaderData<{ name: string }>();
  return <h1>{record.name}</h1>;
}

/** A record page (its loader calls the API), a public page, and the not-found page, under the shell's guard. */
const routes: RouteObject[] = [
  {
    path: '/',
    Component: GuardedOutlet,
    HydrateFallback: () => null,
    children: [
      {
        path: 'admin/liste-des-dossiers/:id',
        handle: { pattern: '/admin/liste-des-dossiers/[id]', title: 'Dossier' },
        loader: ({ params }) => http.get(`/records/${params.id}`, undefined, { minDuration: 0 }),
        Component: RecordPage,
      },
      { path: 'mentions-legales', handle: { pattern: '/mentions-legales', title: 'Mentions légales' }, Component: () => <h1>Mentions légales</h1> },
      { path: '*', Component: UnknownPathPage },
    ],
  },
];

/** Lets the router's loaders and the calls under way answer. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

async function open(path: string, prepare: (store: AppStore) => void) {
  const page = render(null);
  prepare(page.store);
  const router = createMemoryRouter(routes, { initialEntries: [path], dataStrategy: loadAllowedPagesOnly(page.store) });
  page.rerender(<RouterProvider router={router} />);
  await settle();
  return { ...page, router, heading: () => textOf(page.container.querySelector('h1')) };
}

const admin = (store: AppStore, pages: string[]) => {
  store.dispatch(rolesReceived({ roles: ['admin'], user_id: 1 }));
  store.dispatch(pagesReceived({ pages, version: 'v1' }));
};

describe('page access', () => {
  it('opens a page whose pattern is in the list the server sent, and only then loads its data', async () => {
    const page = await open('/admin/liste-des-dossiers/42', (store) => admin(store, ['/', '/admin/liste-des-dossiers/[id]']));
    expect(page.heading()).toBe('Dossier n° 42');
    expect(calls).toEqual(['/api/records/42']);
  });

  it('refuses a signed-in session a page its list does not hold, without calling the API', async () => {
    const page = await open('/admin/liste-des-dossiers/42', (store) => admin(store, ['/', '/mentions-legales']));
    expect(page.heading()).toBe('Accès refusé');
    expect(textOf(page.container)).toContain('Cette page ne vous est pas accessible.');
    expect(page.container.querySelector('a[href="/login"]')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks a visitor to sign in, with a link to the login page that comes back here', async () => {
    const page = await open('/admin/liste-des-dossiers/42', (store) => {
      store.dispatch(loggedOut());
      store.dispatch(pagesReceived({ pages: ['/', '/mentions-legales'], version: 'v1' }));
    });
    expect(page.heading()).toBe('Accès refusé');
    expect(textOf(page.container)).toContain("Connectez vous avant de tenter d'accéder à cette page.");
    expect(textOf(page.container.querySelector('a[href="/login?retour=%2Fadmin%2Fliste-des-dossiers%2F42"]'))).toBe('Page de connexion');
    expect(calls).toEqual([]);
  });

  it('matches the pattern segment by segment: a page below an allowed one is not allowed', async () => {
    const page = await open('/admin/liste-des-dossiers/42', (store) => admin(store, ['/admin/liste-des-dossiers']));
    expect(page.heading()).toBe('Accès refusé');
    expect(calls).toEqual([]);
  });

  it('says the page is unavailable when the list could not be had', async () => {
    const page = await open('/mentions-legales', (store) => {
      store.dispatch(loggedOut());
      store.dispatch(pagesFailed());
    });
    expect(page.heading()).toBe('Page inaccessible');
  });

  it('never trusts a list stored by an earlier visit: the page waits for the server’s, then loads', async () => {
    localStorage.setItem('pages', JSON.stringify({ date: Date.now(), value: { pages: ['/admin/liste-des-dossiers/[id]'], version: 'v0' } }));
    const page = await open('/admin/liste-des-dossiers/42', (store) => store.dispatch(rolesReceived({ roles: ['admin'], user_id: 1 })));
    expect(page.heading()).toBe('');
    expect(calls).toEqual([]);
    act(() => page.store.dispatch(pagesReceived({ pages: ['/admin/liste-des-dossiers/[id]'], version: 'v1' })));
    await settle();
    expect(page.heading()).toBe('Dossier n° 42');
    expect(calls).toEqual(['/api/records/42']);
  });

  it('shows the not-found page, which needs no pattern, whatever the list', async () => {
    const page = await open('/nulle-part', (store) => admin(store, []));
    expect(page.heading()).toBe('Page introuvable');
  });

  it('refuses a page once the list stops holding it, on the next navigation', async () => {
    const page = await open('/mentions-legales', (store) => admin(store, ['/mentions-legales', '/admin/liste-des-dossiers/[id]']));
    expect(page.heading()).toBe('Mentions légales');
    act(() => page.store.dispatch(pagesReceived({ pages: ['/mentions-legales'], version: 'v2' })));
    await act(() => page.router.navigate('/admin/liste-des-dossiers/7'));
    await settle();
    expect(page.heading()).toBe('Accès refusé');
    expect(calls).toEqual([]);
  });
});
