import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the end-to-end API keeps its data; wiped at each run. */
export const E2E_DIR = join(tmpdir(), 'hsa-lli-e2e');
/** The remotes.json the API serves: tests rewrite it to move or stop a remote. */
export const REMOTES_FILE = join(E2E_DIR, 'remotes.json');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** The SMTP server the journeys run; the API sends its e-mails there. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4025);
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
