import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Two files at a time, one per core: each run has a database, a data folder and a Redis prefix of its own.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
