// Extracts the outlines of the communes around those the platform serves from the per-department GeoJSON files of
// france-geojson (IGN Admin Express COG 2018, INSEE codes 2018, Licence Ouverte; common/reference/map/README.md), into
// common/reference/map/communes.geojson. Run once, by hand, when the source changes:
//   node scripts/map/extract-outlines.mjs <folder of a france-geojson clone>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const source = process.argv[2];
if (!source) {
  console.error('Usage: node scripts/map/extract-outlines.mjs <folder of a france-geojson clone>');
  process.exit(1);
}
const served = readFileSync(join(root, '..', 'shared', 'data', 'communes.csv'), 'utf8').split('\n').filter((line) => /^\d/.test(line)).map((line) => line.split(',')[0]);
const files = ['departements/64-pyrenees-atlantiques/communes-64-pyrenees-atlantiques.geojson', 'departements/40-landes/communes-40-landes.geojson'];
const features = files.flatMap((file) => JSON.parse(readFileSync(join(source, file), 'utf8')).features);
const rings = (feature) => (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates);
const bounds = (list) => {
  const points = list.flatMap((feature) => rings(feature).flat(3));
  const lons = [];
  const lats = [];
  for (let index = 0; index < points.length; index += 2) {
    lons.push(points[index]);
    lats.push(points[index + 1]);
  }
  return { west: Math.min(...lons), east: Math.max(...lons), south: Math.min(...lats), north: Math.max(...lats) };
};
const ours = features.filter((feature) => served.includes(feature.properties.code));
const missing = served.filter((code) => !ours.some((feature) => feature.properties.code === code));
if (missing.length > 0) console.warn(`Not in the source (new codes since 2018?): ${missing.join(', ')}`);
// The served communes and their neighbours: those whose middle lies within about 5 km of the served ones' box.
const box = bounds(ours);
const margin = 0.06;
const around = features.filter((feature) => {
  const b = bounds([feature]);
  const [lon, lat] = [(b.west + b.east) / 2, (b.south + b.north) / 2];
  return ours.includes(feature) || (lon >= box.west - margin && lon <= box.east + margin && lat >= box.south - margin && lat <= box.north + margin);
});
const collection = {
  type: 'FeatureCollection',
  features: around
    .sort((a, b) => a.properties.code.localeCompare(b.properties.code))
    .map((feature) => ({ type: 'Feature', properties: { code: feature.properties.code, nom: feature.properties.nom }, geometry: feature.geometry })),
};
writeFileSync(join(root, 'common', 'reference', 'map', 'communes.geojson'), `${JSON.stringify(collection)}\n`);
console.log(`${collection.features.length} communes written (${ours.length} served).`);
