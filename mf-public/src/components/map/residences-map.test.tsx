// @vitest-environment happy-dom
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';
import { render } from '@hsa-lli/common/testing/render';
import { COMMUNE_POINTS, MAP_SIZE } from './map-geometry.js';
import { ResidencesMap, type MappedResidence } from './residences-map.js';

const residence = (id: number, name: string, value: string, label: string): MappedResidence => ({ id, slug: `residence-${id}`, name, city: { value, label } });
const shown = (ui: React.ReactNode) => render(<RouterProvider router={createMemoryRouter([{ path: '*', element: ui }])} />);

it('pins each commune of the residences, a link to its residence or to the list of its residences, whole targets kept apart', async () => {
  const residences = [residence(1, 'Arrosa', '64102', 'Bayonne'), residence(2, 'Itsasoa', '64024', 'Anglet'), residence(3, 'Urdina', '64102', 'Bayonne'), residence(5, 'Hegoa', '64122', 'Biarritz')];
  const { container } = shown(<ResidencesMap residences={residences} />);
  expect(container.querySelector('figcaption')!.textContent).toBe('Carte des résidences');
  const links = [...container.querySelectorAll('a')];
  expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('aria-label')])).toEqual([
    ['/residences?commune=64102', '2 résidences, à Bayonne'],
    ['/residences/residence-2', 'Itsasoa, à Anglet'],
    ['/residences/residence-5', 'Hegoa, à Biarritz'],
  ]);
  // Communes side by side: their pins are pushed apart, 90 units at least, each moved one tied to its commune by a line.
  const at = (link: HTMLElement) => [(parseFloat(link.style.left) / 100) * MAP_SIZE.width, (parseFloat(link.style.top) / 100) * MAP_SIZE.height] as const;
  const spots = links.map(at);
  for (const [index, a] of spots.entries()) for (const b of spots.slice(index + 1)) expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThanOrEqual(89.9);
  const moved = ['64102', '64024', '64122'].filter((code, index) => {
    const [x, y] = COMMUNE_POINTS[code]!;
    const distance = Math.hypot(spots[index]![0] - x, spots[index]![1] - y);
    expect(distance).toBeLessThan(80);
    return distance > 8;
  });
  expect(moved.length).toBeGreaterThan(0);
  expect(container.getElementsByTagName('line')).toHaveLength(moved.length);
  // The drawing is decorative: the list of the page is the map's text alternative, and the source is named.
  expect(container.querySelector('img')!.getAttribute('alt')).toBe('');
  expect(container.textContent).toContain('Les 4 résidences de la carte sont décrites dans la liste de la page.');
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
