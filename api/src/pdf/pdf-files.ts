import type { PdfKind } from '@hsa-lli/common/back-office';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { privateDir } from '../documents/documents.service.js';

/** Raised when the mf-pdf pages' layout changes in a way the front's version would not show (it always does today). */
const TEMPLATE_REVISION = 'pdf-1';

/**
 * The key of a PDF: a digest of the template (this revision and the version of the deployed front apps, mf-pdf's
 * build among them) and of the page's data as the API answers it. The same data with the same template is the same
 * file; a changed good or file, or a redeployed front, is another one.
 */
export function pdfKey(frontVersion: string, data: unknown): string {
  return createHash('sha256').update(`${TEMPLATE_REVISION}\n${frontVersion}\n${JSON.stringify(data)}`).digest('hex').slice(0, 40);
}

/** The printed PDFs: private files (mode 0600 under DATA_DIR/private/pdf), one per kind, id and key. */
export class PdfFiles {
  readonly directory: string;

  constructor(dataDir: string) {
    this.directory = join(privateDir(dataDir), 'pdf');
  }

  pathOf(kind: PdfKind, id: number, key: string): string {
    return join(this.directory, `${kind}-${id}-${key}.pdf`);
  }

  has(kind: PdfKind, id: number, key: string): boolean {
    return existsSync(this.pathOf(kind, id, key));
  }

  /**
   * Writes a file under a temporary name, then renames it: a reader never sees half a file, and two workers that
   * printed the same key (a job taken again after its worker stalled) write the same file, one after the other. The
   * earlier versions of the same good's or file's PDF are removed: only the current one is ever served.
   */
  async store(kind: PdfKind, id: number, key: string, content: Uint8Array): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const path = this.pathOf(kind, id, key);
    const partial = `${path}.${randomUUID()}.tmp`;
    await writeFile(partial, content, { mode: 0o600 });
    await rename(partial, path);
    const prefix = `${kind}-${id}-`;
    for (const name of await readdir(this.directory)) {
      if (name.startsWith(prefix) && name.endsWith('.pdf') && join(this.directory, name) !== path) await rm(join(this.directory, name), { force: true });
    }
  }

  /** Removes what a worker stopped midway left (temporary files older than an hour). */
  async sweep(): Promise<void> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    for (const name of names.filter((candidate) => candidate.endsWith('.tmp'))) {
      const file = await stat(join(this.directory, name)).catch(() => null);
      if (file && Date.now() - file.mtimeMs > 60 * 60_000) await rm(join(this.directory, name), { force: true });
    }
  }
}
