import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENT_KEY_ID, type AppConfig, type DocumentKey } from '../config/config.js';

/** The keys of the private documents: `current` encrypts new files, any of `keys` decrypts the file naming it. */
export interface Keyring {
  current: DocumentKey;
  keys: ReadonlyMap<string, Buffer>;
}

/** Where the embedded default keeps the key it made (`id:base64`), readable by the service account only. */
export function defaultKeyFile(dataDir: string): string {
  return join(dataDir, 'secrets', 'documents.key');
}

function parseKeyFile(file: string): DocumentKey {
  const [id = '', encoded = ''] = readFileSync(file, 'utf8').trim().split(':');
  const key = Buffer.from(encoded, 'base64');
  if (!DOCUMENT_KEY_ID.test(id) || key.length !== 32) throw new Error(`${file} does not hold a documents key (id:base64 of 32 bytes)`);
  return { id, key };
}

/**
 * The key made once for the embedded default. It appears whole or not at all (written aside, then linked into place,
 * which fails if another process got there first), so that an API and a worker starting together share one key.
 */
function defaultKey(dataDir: string): DocumentKey {
  const file = defaultKeyFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `local-${randomBytes(6).toString('hex')}:${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return parseKeyFile(file);
}

export function loadKeyring(config: Pick<AppConfig, 'dataDir' | 'documentsKeys'>): Keyring {
  const keys = config.documentsKeys ?? [defaultKey(config.dataDir)];
  return { current: keys[0]!, keys: new Map(keys.map(({ id, key }) => [id, key])) };
}
