// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, render, textOf } from '@hsa-lli/common/testing/render';
import { Root } from '../../app/root.js';
import { Banners } from '../../layouts/banners.js';

const AUDIENCE_URL = 'https://audience.example/tag.js';

interface HappyDom {
  setURL(url: string): void;
  settings: { disableJavaScriptFileLoading: boolean; handleDisabledFileLoadingAsSuccess: boolean };
}
const happyDom = () => (window as unknown as { happyDOM: HappyDom }).happyDOM;

/** The paths the API was asked for. */
let calls: string[];

beforeEach(() => {
  calls = [];
  // The audience script is never fetched: the test only looks at the element added to the page.
  happyDom().settings.disableJavaScriptFileLoading = true;
  happyDom().settings.handleDisabledFileLoadingAsSuccess = true;
  happyDom().setURL('https://www.hsa-lli.example/');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    calls.push(path);
    if (path === '/api/front-config') return new Response(JSON.stringify({ analytics_url: AUDIENCE_URL }), { status: 200 });
    if (path === '/api/get-js-version') return new Response(JSON.stringify({ version: 'v1' }), { status: 200 });
    return new Response(null, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
  document.getElementById('audience-analytics')?.remove();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** A page of the site as the shell shows it: its root (which holds the consent) and a layout's banners. */
async function load(path = '/') {
  const page = render(null);
  const router = createMemoryRouter(
    [
      {
        Component: Root,
        children: [
          { path: '/', Component: () => <><h1>Accueil</h1><Banners /></> },
          { path: '/creation-de-compte/:token', Component: () => <><h1>Création de compte</h1><Banners /></> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  page.rerender(<RouterProvider router={router} />);
  await settle();
  const banner = () => page.container.querySelector('section[aria-label="Cookies"]');
  const button = (name: string) => {
    const found = Array.from(page.container.querySelectorAll('button')).find((each) => textOf(each) === name);
    if (!found) throw new Error(`No button « ${name} »`);
    return found;
  };
  return { ...page, router, banner, button };
}

const audienceScript = () => document.querySelector<HTMLScriptElement>('script#audience-analytics');
const stored = () => ({ consent: localStorage.getItem('cookies_consent'), analytics: localStorage.getItem('enabled_google_analytics') });

describe('cookie consent', () => {
  it('asks at the first visit, and loads nothing before an answer', async () => {
    const page = await load();
    expect(textOf(page.banner()?.querySelector('p'))).toBe("Nous utilisons des cookies à des fins de mesure d'audience.");
    expect(Array.from(page.banner()!.querySelectorAll('button'), textOf)).toEqual(['Accepter', 'Refuser', 'Affiner mes choix']);
    expect(audienceScript()).toBeNull();
    expect(calls).not.toContain('/api/front-config');
  });

  it('remembers an acceptance, loads the audience script, and asks no more at the next visit', async () => {
    const page = await load();
    click(page.button('Accepter'));
    await settle();
    expect(page.banner()).toBeNull();
    expect(stored()).toEqual({ consent: 'true', analytics: 'true' });
    expect(audienceScript()?.src).toBe(AUDIENCE_URL);
    page.unmount();

    const next = await load();
    expect(next.banner()).toBeNull();
  });

  it('remembers a refusal and never loads the audience script', async () => {
    const page = await load();
    click(page.button('Refuser'));
    await settle();
    expect(page.banner()).toBeNull();
    expect(stored()).toEqual({ consent: 'false', analytics: 'false' });
    page.unmount();

    const next = await load();
    expect(next.banner()).toBeNull();
    expect(audienceScript()).toBeNull();
    expect(calls).not.toContain('/api/front-config');
  });

  it('lets the visitor choose audience measurement alone in the privacy settings', async () => {
    const page = await load();
    click(page.button('Affiner mes choix'));
    const dialog = page.container.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(textOf(dialog)).toContain('Paramètres de confidentialité');
    const measurement = dialog.querySelector('[role="switch"]')!;
    expect(measurement.getAttribute('aria-checked')).toBe('false');
    click(measurement);
    expect(measurement.getAttribute('aria-checked')).toBe('true');
    click(page.button('Enregistrer mes choix'));
    await settle();
    expect(stored()).toEqual({ consent: 'custom', analytics: 'true' });
    expect(page.banner()).toBeNull();
    expect(audienceScript()?.src).toBe(AUDIENCE_URL);
  });

  it('loads nothing when the privacy settings are saved with measurement off', async () => {
    const page = await load();
    click(page.button('Affiner mes choix'));
    click(page.button('Enregistrer mes choix'));
    await settle();
    expect(stored()).toEqual({ consent: 'custom', analytics: 'false' });
    expect(page.banner()).toBeNull();
    expect(audienceScript()).toBeNull();
    expect(calls).not.toContain('/api/front-config');
  });

  it('never loads the audience script on localhost, even with consent', async () => {
    happyDom().setURL('http://localhost:8080/');
    localStorage.setItem('cookies_consent', 'true');
    localStorage.setItem('enabled_google_analytics', 'true');
    await load();
    expect(audienceScript()).toBeNull();
    expect(calls).not.toContain('/api/front-config');
  });

  it('never loads the audience script on a page whose address holds a link secret, until the visitor leaves it', async () => {
    localStorage.setItem('cookies_consent', 'true');
    localStorage.setItem('enabled_google_analytics', 'true');
    const page = await load('/creation-de-compte/s3cr3t-t0k3n');
    expect(textOf(page.container.querySelector('h1'))).toBe('Création de compte');
    expect(audienceScript()).toBeNull();
    expect(calls).not.toContain('/api/front-config');

    await act(() => page.router.navigate('/'));
    await settle();
    expect(audienceScript()?.src).toBe(AUDIENCE_URL);
  });
});
