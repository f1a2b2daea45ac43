import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { E2E_DIR, REPO_ROOT } from './e2e-env.ts';

/** What the journey uses of the API's SignedLinks (api/src/tokens/signed-links.ts). */
interface SignedLinks {
  of(kind: string, row: { id: number; createdAt: Date }): string;
}

/**
 * The path of an alert's own page, as its daily e-mails link to it. Those e-mails go from a job the journeys cannot
 * start, and only once a home is published after the confirmation: the journey makes the link with the API's own
 * SignedLinks (built into api/dist), on the slot's server's settings (its session secret, from its data folder unless
 * SESSION_SECRET says it), for the kind AlertsService signs its links with.
 */
export async function alertPagePath(alert: { id: number; created_at: string }): Promise<string> {
  const { SignedLinks } = (await import(pathToFileURL(join(REPO_ROOT, 'api', 'dist', 'tokens', 'signed-links.js')).href)) as {
    SignedLinks: new (config: { sessionSecret: string | null; dataDir: string }) => SignedLinks;
  };
  const links = new SignedLinks({ sessionSecret: process.env.SESSION_SECRET?.trim() || null, dataDir: join(E2E_DIR, 'data') });
  return `/alertes/gerer/${links.of('alert', { id: alert.id, createdAt: new Date(alert.created_at) })}`;
}
