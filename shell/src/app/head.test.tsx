// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteRouteHandle } from '@hsa-lli/common/domain';
import { render } from '@hsa-lli/common/testing/render';
import { Root } from './root.js';

const ORIGIN = 'https://www.hsa-lli.example';
const DEFAULT_DESCRIPTION =
  "Logements locatifs intermédiaires neufs et récents sur la côte basque et dans le sud des Landes, à loyers plafonnés : résidences, test d'éligibilité et demande de logement.";

interface Residence {
  name: string;
  town: string;
  photo: string;
}

beforeEach(() => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${ORIGIN}/`);
  localStorage.setItem('cookies_consent', 'false');
  vi.stubGlobal('fetch', async () => new Response(null, { status: 503 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete (window as { __PUBLIC_URL__?: string }).__PUBLIC_URL__;
});

const home: RemoteRouteHandle = { pattern: '/', title: '' };
const residences: RemoteRouteHandle = {
  pattern: '/residences',
  title: 'Nos résidences',
  description: 'Les résidences à loyers intermédiaires, ville par ville.',
};
const residence: RemoteRouteHandle = {
  pattern: '/residences/[slug]',
  title: 'Résidence',
  meta: (data) => {
    const { name, town, photo } = data as Residence;
    return { title: `${name} à ${town}`, description: `La résidence ${name}, à ${town}.`, image: photo };
  },
};

/** Public pages as a remote exposes them, under the shell's root. */
const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: () => null,
    children: [
      { path: '/', handle: home, Component: () => <h1>Accueil</h1> },
      { path: '/residences', handle: residences, Component: () => <h1>Nos résidences</h1> },
      {
        path: '/residences/:slug',
        handle: residence,
        loader: (): Residence => ({ name: 'Arrosa', town: 'Anglet', photo: '/api/images/3' }),
        Component: () => <h1>Arrosa</h1>,
      },
    ],
  },
];

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

async function load(path: string) {
  const page = render(null);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  page.rerender(<RouterProvider router={router} />);
  await settle();
  return {
    ...page,
    go: async (to: string) => {
      await act(() => router.navigate(to));
      await settle();
    },
  };
}

/** The head tags a search engine or a link preview reads. */
function head() {
  const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
  return {
    title: document.title,
    description: content('meta[name="description"]'),
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    og: {
      type: content('meta[property="og:type"]'),
      locale: content('meta[property="og:locale"]'),
      site_name: content('meta[property="og:site_name"]'),
      title: content('meta[property="og:title"]'),
      description: content('meta[property="og:description"]'),
      url: content('meta[property="og:url"]'),
      image: content('meta[property="og:image"]'),
    },
  };
}

const site = { type: 'website', locale: 'fr_FR', site_name: 'HSA Logement intermédiaire' };

describe('public pages’ head', () => {
  it('gives a page its title, description, canonical address and Open Graph tags', async () => {
    await load('/residences');
    expect(head()).toEqual({
      title: 'Nos résidences | HSA Logement intermédiaire',
      description: 'Les résidences à loyers intermédiaires, ville par ville.',
      canonical: `${ORIGIN}/residences`,
      og: { ...site, title: 'Nos résidences', description: 'Les résidences à loyers intermédiaires, ville par ville.', url: `${ORIGIN}/residences`, image: null },
    });
  });

  it('names the site alone, with its own description, on a page without a title', async () => {
    await load('/');
    expect(head()).toEqual({
      title: 'HSA Logement intermédiaire',
      description: DEFAULT_DESCRIPTION,
      canonical: `${ORIGIN}/`,
      og: { ...site, title: 'HSA Logement intermédiaire', description: DEFAULT_DESCRIPTION, url: `${ORIGIN}/`, image: null },
    });
  });

  it('reads a detail page’s title, description and picture from its loaded data', async () => {
    await load('/residences/arrosa');
    expect(head()).toEqual({
      title: 'Arrosa à Anglet | HSA Logement intermédiaire',
      description: 'La résidence Arrosa, à Anglet.',
      canonical: `${ORIGIN}/residences/arrosa`,
      og: { ...site, title: 'Arrosa à Anglet', description: 'La résidence Arrosa, à Anglet.', url: `${ORIGIN}/residences/arrosa`, image: `${ORIGIN}/api/images/3` },
    });
  });

  it('follows navigation, dropping the previous page’s picture, and keeps one tag of each', async () => {
    const page = await load('/residences/arrosa');
    await page.go('/residences');
    expect(head()).toMatchObject({ title: 'Nos résidences | HSA Logement intermédiaire', canonical: `${ORIGIN}/residences`, og: { url: `${ORIGIN}/residences`, image: null } });
    expect(document.head.querySelectorAll('meta[name="description"], link[rel="canonical"], meta[property="og:title"]')).toHaveLength(3);
  });

  it('gives one canonical address to a path written with a final slash', async () => {
    await load('/residences/');
    expect(head()).toMatchObject({ canonical: `${ORIGIN}/residences`, og: { url: `${ORIGIN}/residences` } });
  });

  it('uses the public address the prerenderer gives rather than the one the page was loaded from', async () => {
    (window as { __PUBLIC_URL__?: string }).__PUBLIC_URL__ = 'https://logement.hsa.example';
    await load('/residences/arrosa');
    expect(head()).toMatchObject({
      canonical: 'https://logement.hsa.example/residences/arrosa',
      og: { url: 'https://logement.hsa.example/residences/arrosa', image: 'https://logement.hsa.example/api/images/3' },
    });
  });
});
