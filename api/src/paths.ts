import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from api/src or api/dist alike. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
