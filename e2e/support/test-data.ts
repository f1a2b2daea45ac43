import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenTestData, TestDataSession } from '../../api/src/test-data/types.ts';
import { E2E_DIR, REPO_ROOT } from './e2e-env.ts';

/**
 * The slot's server database, opened with the API's test-data module (api/dist/test-data, built with the API): a
 * journey makes its own rows and takes them away through the entities, never by SQL of its own. The server keeps
 * running meanwhile; its SQLite file takes a second writer.
 */
export async function withTestData<T>(work: (data: TestDataSession) => Promise<T>): Promise<T> {
  const { openTestData } = (await import(pathToFileURL(join(REPO_ROOT, 'api', 'dist', 'test-data', 'index.js')).href)) as { openTestData: OpenTestData };
  const data = await openTestData({ dataDir: join(E2E_DIR, 'data') });
  try {
    return await work(data);
  } finally {
    await data.close();
  }
}
