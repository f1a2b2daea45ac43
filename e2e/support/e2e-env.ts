import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Each Playwright worker drives a server of its own, so that journeys running side by side never see each other's
 * data, e-mails or remotes: the worker's slot is its TEST_PARALLEL_INDEX, and serve.ts is told its slot by E2E_SLOT.
 */
export const E2E_SLOT = Number(process.env.E2E_SLOT ?? process.env.TEST_PARALLEL_INDEX ?? 0);
/** How many workers, and so servers: one per core by default. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? availableParallelism());
/** The first slot's port; the others follow it. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
/** Where the slot's API keeps its data; wiped at each run. */
export const E2E_DIR = join(tmpdir(), `hsa-lli-e2e-${E2E_SLOT}`);
/** Everything the slot's API writes (standard output and error), read after the journeys (no-personal-data.ts). */
export const apiLogOf = (slot: number) => join(tmpdir(), `hsa-lli-e2e-${slot}`, 'api.log');
/** The remotes.json the API serves: tests rewrite it to move or stop a remote. */
export const REMOTES_FILE = join(E2E_DIR, 'remotes.json');
export const E2E_PORT = E2E_BASE_PORT + E2E_SLOT;
/** The SMTP server the slot's journeys run; its API sends its e-mails there. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4025) + E2E_SLOT;
/** A name that is not localhost, for what the site does only on a real host (audience measurement). */
export const PUBLIC_HOST = 'hsa-lli.test';
export const ANALYTICS_URL = `http://${PUBLIC_HOST}:${E2E_PORT}/analytics/audience.js`;
export const REPO_ROOT = join(import.meta.dirname, '..', '..');

export const DEFAULT_REMOTES = [
  { name: 'mf_public', entry: '/remotes/public/mf-manifest.json' },
  { name: 'mf_account', entry: '/remotes/account/mf-manifest.json' },
  { name: 'mf_admin', entry: '/remotes/admin/mf-manifest.json' },
  { name: 'mf_pdf', entry: '/remotes/pdf/mf-manifest.json' },
];
