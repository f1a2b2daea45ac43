// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@hsa-lli/common/testing/render';
import { useListParams, type ListParams } from './list-params.js';

const PARSERS = { stade: (raw: string) => raw, eligibilite: (raw: string) => raw };

/**
 * A list under a route whose loader runs again at each change of the address and answers only when told: as in the
 * portal, where a navigation waits for its loaders (a slow network, a busy computer) before the list sees its address.
 */
/** The lists opened by a test, closed after it. */
const opened: (() => void)[] = [];
afterEach(() => opened.splice(0).forEach((close) => close()));

async function openList() {
  const waiting: (() => void)[] = [];
  let params: ListParams<'reference'> | undefined;
  function List() {
    params = useListParams(PARSERS, ['reference'], { column: 'reference', direction: 'asc' });
    return <output>{useLocation().search}</output>;
  }
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: ({ request }) => (new URL(request.url).search === '?start' ? null : new Promise<null>((resolve) => waiting.push(() => resolve(null)))),
        Component: List,
      },
    ],
    { initialEntries: ['/?start'] },
  );
  const view = render(<RouterProvider router={router} />);
  opened.push(view.unmount);
  const list = {
    params: () => params!,
    /** Lets every loader waiting so far answer. */
    answer: async () => {
      await act(async () => {
        for (const resolve of waiting.splice(0)) resolve();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
    address: () => new URLSearchParams(router.state.location.search),
    back: () => router.navigate(-1),
  };
  await list.answer();
  return list;
}

describe('a list’s address', () => {
  it('keeps every change made while an earlier one is still on its way', async () => {
    const list = await openList();
    await act(async () => list.params().setFilter('stade', 'under_review'));
    await act(async () => list.params().setFilter('eligibilite', 'oui'));
    await list.answer();
    expect(list.address().get('stade')).toBe('under_review');
    expect(list.address().get('eligibilite')).toBe('oui');
    expect(list.params().filterValues).toEqual({ stade: 'under_review', eligibilite: 'oui' });
  });

  it('keeps a reset made while a filter is still on its way, and the filter chosen after it', async () => {
    const list = await openList();
    await act(async () => list.params().setFilter('stade', 'under_review'));
    await list.answer();
    expect(list.address().get('stade')).toBe('under_review');
    // « Tout afficher », then another filter at once, before the reset has reached the list.
    await act(async () => list.params().reset());
    await act(async () => list.params().setFilter('eligibilite', 'non'));
    await list.answer();
    expect(list.address().get('stade')).toBeNull();
    expect(list.address().get('eligibilite')).toBe('non');
  });

  it('builds on the address the back button is on its way to, not on the change it undoes', async () => {
    const list = await openList();
    await act(async () => list.params().setFilter('stade', 'under_review'));
    await list.answer();
    await act(async () => list.params().setFilter('eligibilite', 'non'));
    await list.answer();
    // A search asked for, then « back » before it arrived, then a filter before « back » arrived.
    await act(async () => list.params().setSearch('Haramburu'));
    await act(async () => void list.back());
    await act(async () => list.params().setFilter('eligibilite', 'oui'));
    await list.answer();
    expect(list.address().get('recherche')).toBeNull();
    expect(list.address().get('stade')).toBe('under_review');
    expect(list.address().get('eligibilite')).toBe('oui');
  });

  it('starts from the address it shows once a navigation of its own has arrived, and from one made elsewhere', async () => {
    const list = await openList();
    await act(async () => list.params().setFilter('stade', 'under_review'));
    await list.answer();
    // Back to the address before, as the browser's back button does.
    await act(async () => list.params().setSearch('Haramburu'));
    await list.answer();
    await act(async () => void list.back());
    await list.answer();
    expect(list.address().get('recherche')).toBeNull();
    await act(async () => list.params().setFilter('eligibilite', 'oui'));
    await list.answer();
    expect(list.address().get('stade')).toBe('under_review');
    expect(list.address().get('eligibilite')).toBe('oui');
    expect(list.address().get('recherche')).toBeNull();
  });
});
