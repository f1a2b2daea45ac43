// Draws the « Carte des résidences » from common/reference/map/communes.geojson (common/reference/map/README.md): the communes projected
// (equirectangular at the region's mean latitude: distances are true to a few per mille over 100 km), simplified
// (Douglas–Peucker within 0.8 unit of a 1,000-unit-wide map, about half a pixel as pages show it; whole units) and
// written as one SVG file the pages show as a
// picture, and the point of each commune the platform serves, where its residences are pinned.
//   node scripts/map/draw-map.mjs            writes mf-public/src/components/map/
//   node scripts/map/draw-map.mjs --check    fails when those files are not what the data draws (npm test)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const out = join(root, 'mf-public', 'src', 'components', 'map');
const WIDTH = 1000;
const TOLERANCE = 0.8;

const { features } = JSON.parse(readFileSync(join(root, 'common', 'reference', 'map', 'communes.geojson'), 'utf8'));
const served = new Map(
  readFileSync(join(root, 'common', 'src', 'domain', 'communes.ts'), 'utf8')
    .matchAll(/value: '(\d[\dAB]\d{3})', label: (['"])(.+?)\2/g)
    .map(([, code, , label]) => [code, label]),
);
const polygons = (feature) => (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates);
const all = features.flatMap((feature) => polygons(feature).flat(2));
const west = Math.min(...all.map(([lon]) => lon));
const east = Math.max(...all.map(([lon]) => lon));
const south = Math.min(...all.map(([, lat]) => lat));
const north = Math.max(...all.map(([, lat]) => lat));
const cos = Math.cos((((north + south) / 2) * Math.PI) / 180);
const scale = WIDTH / ((east - west) * cos);
const HEIGHT = Math.round((north - south) * scale);
const project = ([lon, lat]) => [(lon - west) * cos * scale, (north - lat) * scale];

/** Douglas–Peucker: the points of a line that keep it within `tolerance` of itself. */
function simplified(points, tolerance) {
  if (points.length < 3) return points;
  const [ax, ay] = points[0];
  const [bx, by] = points.at(-1);
  let farthest = 0;
  let index = 0;
  for (let i = 1; i < points.length - 1; i += 1) {
    const [px, py] = points[i];
    const length = Math.hypot(bx - ax, by - ay) || 1;
    const distance = Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
    if (distance > farthest) [farthest, index] = [distance, i];
  }
  if (farthest <= tolerance) return [points[0], points.at(-1)];
  return [...simplified(points.slice(0, index + 1), tolerance).slice(0, -1), ...simplified(points.slice(index), tolerance)];
}

/** A closed ring simplified as its two halves: Douglas–Peucker needs two distinct ends. */
function simplifiedRing(ring, tolerance) {
  const middle = Math.floor(ring.length / 2);
  return [...simplified(ring.slice(0, middle + 1), tolerance).slice(0, -1), ...simplified(ring.slice(middle), tolerance)];
}

const round = (value) => Math.round(value);
const pathOf = (feature) =>
  polygons(feature)
    .flatMap((rings) => rings.map((ring) => simplifiedRing(ring.map(project), TOLERANCE)).filter((ring) => ring.length >= 4))
    .map((ring) => `M${ring.map(([x, y]) => `${round(x)} ${round(y)}`).join('L')}Z`)
    .join('');

/** A polygon's centroid (shoelace), for its largest ring: where a commune's pin goes. */
function centroid(feature) {
  const largest = polygons(feature)
    .map((rings) => rings[0].map(project))
    .sort((a, b) => Math.abs(area(b)) - Math.abs(area(a)))[0];
  let x = 0;
  let y = 0;
  const a = area(largest);
  for (let i = 0; i < largest.length - 1; i += 1) {
    const cross = largest[i][0] * largest[i + 1][1] - largest[i + 1][0] * largest[i][1];
    x += (largest[i][0] + largest[i + 1][0]) * cross;
    y += (largest[i][1] + largest[i + 1][1]) * cross;
  }
  return [round(x / (6 * a)), round(y / (6 * a))];
}
function area(ring) {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i += 1) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum / 2;
}

const points = Object.fromEntries(features.filter((feature) => served.has(feature.properties.code)).map((feature) => [feature.properties.code, centroid(feature)]));
/** The towns named on the map: the largest served ones, spread along the coast. */
const NAMED = ['64102', '64122', '64483', '64260', '40088', '40065', '40304', '40046'];
const labels = NAMED.filter((code) => points[code]).map((code) => {
  const [x, y] = points[code];
  return `<text x="${x + 22}" y="${y + 10}">${served.get(code)}</text>`;
});
const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">`,
  `<rect width="${WIDTH}" height="${HEIGHT}" fill="#dbe9f3"/>`,
  `<g fill="#f6f1e7" stroke="#cbbfa8" stroke-width="0.8" stroke-linejoin="round">${features.filter((feature) => !served.has(feature.properties.code)).map((feature) => `<path d="${pathOf(feature)}"/>`).join('')}</g>`,
  `<g fill="#e3efd9" stroke="#9db58a" stroke-width="1" stroke-linejoin="round">${features.filter((feature) => served.has(feature.properties.code)).map((feature) => `<path d="${pathOf(feature)}"/>`).join('')}</g>`,
  `<g font-family="sans-serif" font-size="30" font-weight="bold" fill="#3b4656" stroke="#ffffff" stroke-width="6" paint-order="stroke">${labels.join('')}<text x="${round(WIDTH * 0.03)}" y="${round(HEIGHT * 0.45)}" font-style="italic" fill="#51708a">Océan Atlantique</text></g>`,
  '</svg>',
  '',
].join('\n');
const geometry = `// Drawn by scripts/map/draw-map.mjs from common/reference/map/communes.geojson: do not edit by hand.
/** The map's size, in the units of its picture (base-map.svg). */
export const MAP_SIZE = { width: ${WIDTH}, height: ${HEIGHT} } as const;
/** Where each served commune's residences are pinned, by INSEE code, in the map's units. */
export const COMMUNE_POINTS: Readonly<Record<string, readonly [number, number]>> = ${JSON.stringify(points)};
`;

const files = { 'base-map.svg': svg, 'map-geometry.ts': geometry };
if (process.argv.includes('--check')) {
  const stale = Object.entries(files).filter(([name, content]) => readFileSync(join(out, name), 'utf8') !== content);
  if (stale.length > 0) {
    console.error(`Not what common/reference/map draws: ${stale.map(([name]) => name).join(', ')} (node scripts/map/draw-map.mjs)`);
    process.exit(1);
  }
} else {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(out, name), content);
  console.log(`Drawn: ${WIDTH} × ${HEIGHT}, ${Math.round(svg.length / 1024)} KB, ${Object.keys(points).length} communes served.`);
}
