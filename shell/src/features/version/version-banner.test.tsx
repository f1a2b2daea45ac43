// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, render, textOf } from '@hsa-lli/common/testing/render';
import { Root } from '../../app/root.js';
import { Banners } from '../../layouts/banners.js';

/** The version the API reports, or null when it does not answer. */
let deployed: string | null;

beforeEach(() => {
  deployed = 'v1';
  // The visitor already chose about cookies: only the version banner may show.
  localStorage.setItem('cookies_consent', 'false');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/get-js-version' && deployed) return new Response(JSON.stringify({ version: deployed }), { status: 200 });
    return new Response(null, { status: 503 });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

async function load() {
  const page = render(null);
  const Page = () => (
    <>
      <h1>Page</h1>
      <Banners />
    </>
  );
  const router = createMemoryRouter([{ Component: Root, children: [{ path: '/', Component: Page }, { path: '/residences', Component: Page }] }], {
    initialEntries: ['/'],
  });
  page.rerender(<RouterProvider router={router} />);
  await settle();
  const banner = () => page.container.querySelector('[role="alert"]');
  const go = async (path: string) => {
    await act(() => router.navigate(path));
    await settle();
  };
  return { ...page, banner, go };
}

describe('« Nouvelle version disponible »', () => {
  it('stays hidden while the API reports the version this page loaded', async () => {
    const page = await load();
    expect(localStorage.getItem('jsversion')).toBe('v1');
    await page.go('/residences');
    expect(page.banner()).toBeNull();
  });

  it('shows at the next change of page once the API reports another version, and offers to reload', async () => {
    const page = await load();
    deployed = 'v2';
    expect(page.banner()).toBeNull();
    await page.go('/residences');
    expect(textOf(page.banner()?.querySelector('span'))).toBe('Nouvelle version disponible');
    expect(textOf(page.banner()?.querySelector('button'))).toBe('Recharger');
  });

  it('shows without a change of page at the next periodic check (every five minutes)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const page = await load();
    deployed = 'v2';
    act(() => vi.advanceTimersByTime(4 * 60_000));
    await settle();
    expect(page.banner()).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    await settle();
    expect(textOf(page.banner()?.querySelector('span'))).toBe('Nouvelle version disponible');
    expect(textOf(page.banner()?.querySelector('button'))).toBe('Recharger');
  });

  it('stays hidden when the API does not answer', async () => {
    const page = await load();
    deployed = null;
    await page.go('/residences');
    expect(page.banner()).toBeNull();
  });

  it('forgets the known version and reloads the page on « Recharger »', async () => {
    const reload = vi.fn();
    const page = await load();
    deployed = 'v2';
    await page.go('/residences');
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    click(Array.from(page.banner()!.querySelectorAll('button')).find((button) => textOf(button) === 'Recharger')!);
    expect(reload).toHaveBeenCalledOnce();
    expect(localStorage.getItem('jsversion')).toBeNull();
  });
});
