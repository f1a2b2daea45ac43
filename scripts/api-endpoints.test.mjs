import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const APPS = ['shell/src', 'mf-public/src', 'mf-account/src', 'mf-admin/src', 'mf-pdf/src', 'common/src'];

function sources(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the store’s API endpoints', () => {
  // Every app injects its endpoints into the one shared RTK Query slice: a name injected twice keeps the first
  // definition, so that a page of one remote would run another remote's call (and read its answer) under the same name.
  it('each have a name of their own across the shell and the remotes', () => {
    const owners = new Map();
    for (const file of APPS.flatMap((app) => sources(join(ROOT, app)))) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/^\s+([A-Za-z]+): build\.(?:query|mutation)\b/gm)) {
        owners.set(name, [...(owners.get(name) ?? []), relative(ROOT, file)]);
      }
    }
    expect(owners.size).toBeGreaterThan(20);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
