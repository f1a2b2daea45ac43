import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

it('keeps the map the pages show equal to what common/reference/map/communes.geojson draws', () => {
  expect(() => execFileSync(process.execPath, [join(root, 'scripts', 'map', 'draw-map.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
});
