// After the journeys: no personal data in what the processes wrote to their logs. The e-mail addresses and names the
// journeys used (the demo accounts', and every address written in the journeys themselves) and anything shaped like
// an e-mailed link's token must appear in none of them. Playwright's global teardown: the run fails when one does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiLogOf, E2E_WORKERS, REPO_ROOT } from './e2e-env.ts';

/** What e-mailed links carry: 32 random bytes in base64url (api/src/tokens/tokens.service.ts). */
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
const ADDRESS = /[a-zA-Z0-9._+-]+@[a-zA-Z0-9.-]+\.[a-z]{2,}/g;

async function personalData(): Promise<string[]> {
  const { DEMO_USERS } = (await import(pathToFileURL(join(REPO_ROOT, 'api', 'dist', 'seed', 'demo-data.js')).href)) as {
    DEMO_USERS: { email: string; firstName: string; lastName: string }[];
  };
  const written = ['tests', 'production'].flatMap((folder) => {
    const journeys = join(REPO_ROOT, 'e2e', folder);
    return readdirSync(journeys).flatMap((file) => readFileSync(join(journeys, file), 'utf8').match(ADDRESS) ?? []);
  });
  return [...new Set([...DEMO_USERS.flatMap((user) => [user.email, `${user.firstName} ${user.lastName}`]), ...written])];
}

/** Fails, naming file, line and what was found, when one of these logs holds an address, a name or a token the journeys used. */
export async function expectNoPersonalData(files: string[]): Promise<void> {
  const values = await personalData();
  const found: string[] = [];
  for (const file of files.filter((each) => existsSync(each))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const [index, line] of lines.entries()) {
      const named = values.filter((value) => line.includes(value));
      const tokens = line.match(TOKEN) ?? [];
      if (named.length > 0 || tokens.length > 0) found.push(`${file}:${index + 1}: ${[...named, ...tokens.map(() => '(a token)')].join(', ')} — ${line.slice(0, 200)}`);
    }
  }
  if (found.length > 0) throw new Error(`Personal data in the logs:\n${found.slice(0, 20).join('\n')}`);
}

/** The journeys' one-origin servers, one per worker slot. */
export default async function noPersonalDataInLogs(): Promise<void> {
  await expectNoPersonalData(Array.from({ length: E2E_WORKERS }, (_, slot) => apiLogOf(slot)));
}
