// @vitest-environment happy-dom
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';
import { render } from '@hsa-lli/common/testing/render';
import { COMMUNE_POINTS, MAP_SIZE } from './map-geometry.js';
import { ResidencesMap, type MappedResidence } from './residences-map.js';

const residence = (id: number, name: string, value: string, label: string): MappedResidence => ({ id, slug: `residence-${id}`, name, city: { value, label } });
const shown = (ui: React.ReactNode) => render(<RouterProvider router={createMemoryRouter([{ path: '*', element: ui }])} />);

it('pins each residence at its commune, a link to its page named by the residence and its commune, in the list’s order', async () => {
  const residences = [residence(1, 'Arrosa', '64102', 'Bayonne'), residence(2, 'Itsasoa', '64122', 'Biarritz'), residence(3, 'Urdina', '64102', 'Bayonne')];
  const { container } = shown(<ResidencesMap residences={residences} />);
  expect(container.querySelector('figcaption')!.textContent).toBe('Carte des résidences');
  const links = [...container.querySelectorAll('a')];
  expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
    ['/residences/residence-1', 'Arrosa, à Bayonne'],
    ['/residences/residence-2', 'Itsasoa, à Biarritz'],
    ['/residences/residence-3', 'Urdina, à Bayonne'],
  ]);
  // Biarritz's only residence sits on its point; Bayonne's two around theirs, apart.
  const [x, y] = COMMUNE_POINTS['64122']!;
  expect(links[1]!.style.left).toBe(`${(x / MAP_SIZE.width) * 100}%`);
  expect(links[1]!.style.top).toBe(`${(y / MAP_SIZE.height) * 100}%`);
  expect(links[0]!.style.left === links[2]!.style.left && links[0]!.style.top === links[2]!.style.top).toBe(false);
  // The drawing is decorative: the list of the page is the map's text alternative, and the source is named.
  expect(container.querySelector('img')!.getAttribute('alt')).toBe('');
  expect(container.textContent).toContain('Les 3 résidences de la carte sont décrites dans la liste de la page.');
  expect(container.textContent).toContain('IGN, ADMIN EXPRESS COG 2018 (Licence ouverte)');
  expect((await axe.run(container)).violations).toEqual([]);
});

it('shows one residence’s place, not as a link, and says when there is nothing to pin', () => {
  const { container } = shown(<ResidencesMap residences={[residence(4, 'Lur', '40065', 'Capbreton')]} current={4} />);
  expect(container.querySelector('figcaption')!.textContent).toBe('Situation de la résidence');
  expect(container.querySelectorAll('a')).toHaveLength(0);
  expect(container.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('Lur, à Capbreton');
  const empty = shown(<ResidencesMap residences={[]} />);
  expect(empty.container.textContent).toContain('Aucune résidence à situer sur la carte.');
});
