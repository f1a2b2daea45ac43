import { defineConfig } from 'vitest/config';

/**
 * The unit tests of every workspace that has them, in one Vitest run (`npm test` runs it beside the lint and the type
 * checks): each project keeps its own configuration; the API's tests, which need its backends, run on their own.
 */
export default defineConfig({
  test: {
    projects: ['common', 'shell', 'mf-public', 'mf-admin', 'mf-account', 'mf-pdf', { test: { name: 'scripts', root: 'scripts', include: ['*.test.mjs'] } }],
  },
});
