import { defineConfig } from 'vitest/config';

/** MariaDB + Redis as well as the embedded default when both are given (`npm test` under `.ci/run`). */
const serverBackend = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    // Each file runs in each backend's project, so the two backends of a file run side by side rather than one after
    // the other (test/backends.ts reads API_BACKEND). Only the files that run against the backends (*.e2e.test.ts)
    // run on the server one: the others do not depend on a backend, and run once.
    projects: [
      { extends: true, test: { name: 'embedded', include: ['test/**/*.test.ts', 'src/**/*.test.ts'], env: { API_BACKEND: 'embedded' } } },
      ...(serverBackend ? [{ extends: true, test: { name: 'server', include: ['test/**/*.e2e.test.ts'], env: { API_BACKEND: 'server' } } }] : []),
    ],
    // Files at a time: each has a database, a data folder and a Redis prefix of its own, and spends most of its time
    // waiting (on MariaDB, on jobs, on Chromium), so a core can keep more than one busy.
    maxWorkers: 3,
    // A worker imports the application once for all the files it runs, rather than once per file: the import of the
    // NestJS application and its libraries took about half of each worker's time. Each file still starts its own
    // application on its own database (test/backends.ts); nothing a test file sets is read at import.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
