/** The files carried in fixtures/ (encrypted PDFs made by qpdf, real-world PDFs and photos; see fixtures/real/README.md). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FIXTURES = join(import.meta.dirname, 'fixtures');
export const fixture = (name: string) => readFileSync(join(FIXTURES, name));
