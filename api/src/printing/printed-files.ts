import type { PdfKind } from '@hsa-lli/common/back-office';
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { privateDir } from '../vault/vault.service.js';
import type { Keyring } from '../vault/keyring.js';
import { decryptAt, encryptAt, VaultError } from '../vault/encrypted-files.js';

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


/**
 * The printed PDFs: private files (mode 0600 under DATA_DIR/private/pdf), one per kind, id and key, encrypted like the
 * documents (AES-256-GCM with the documents' keyring), and removed once older than `keptMs`
 * (RETENTION_PRINTED_PDF_HOURS, 24 by default): asked for again later, a PDF is printed again. An applicant's summary
 * holds their incomes and contact details; it stays on disk no longer than the working day it was wanted for.
 */
export class PrintedFiles {
  readonly directory: string;

  constructor(
    dataDir: string,
    private readonly keyring: Keyring,
    private readonly keptMs: number,
  ) {
    this.directory = join(privateDir(dataDir), 'pdf');
  }

  private pathOf(kind: PdfKind, id: number, key: string): string {
    return join(this.directory, `${kind}-${id}-${key}.pdf.enc`);
  }

  /** Whether this PDF is stored and still kept. */
  async has(kind: PdfKind, id: number, key: string): Promise<boolean> {
    const file = await stat(this.pathOf(kind, id, key)).catch(() => null);
    return file !== null && Date.now() - file.mtimeMs < this.keptMs;
  }

  /**
   * The PDF itself, decrypted; null when it is not stored (or no longer). One that cannot be read back (its key gone
   * from DOCUMENTS_KEYS, altered, truncated) is removed, to be printed again.
   */
  async read(kind: PdfKind, id: number, key: string): Promise<Buffer | null> {
    if (!(await this.has(kind, id, key))) return null;
    const path = this.pathOf(kind, id, key);
    return decryptAt(path, this.keyring).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      if (!(error instanceof VaultError)) throw error;
      await rm(path, { force: true });
      return null;
    });
  }

  /**
   * Writes a file under a temporary name, then renames it: a reader never sees half a file, and two workers that
   * printed the same key (a job taken again after its worker stalled) write the same file, one after the other. The
   * earlier versions of the same good's or file's PDF are removed: only the current one is ever served.
   */
  async store(kind: PdfKind, id: number, key: string, content: Uint8Array): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const path = this.pathOf(kind, id, key);
    await encryptAt(path, this.keyring, (async function* () {
      yield content;
    })());
    await this.remove(kind, id, path);
    await this.sweep();
  }

  /** Removes every stored PDF of this good, file or session (but `kept`): an erased file leaves no printed summary. */
  async remove(kind: PdfKind, id: number, kept?: string): Promise<void> {
    const prefix = `${kind}-${id}-`;
    for (const name of await readdir(this.directory).catch(() => [] as string[])) {
      if (name.startsWith(prefix) && name.endsWith('.pdf.enc') && join(this.directory, name) !== kept) await rm(join(this.directory, name), { force: true });
    }
  }

  /**
   * Removes the PDFs kept long enough, what a worker stopped midway left (temporary files older than an hour), and
   * anything else (the unencrypted PDFs of earlier versions).
   */
  async sweep(): Promise<void> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    for (const name of names) {
      const kept = name.endsWith('.partial') ? 60 * 60_000 : name.endsWith('.pdf.enc') ? this.keptMs : 0;
      const file = await stat(join(this.directory, name)).catch(() => null);
      if (file && Date.now() - file.mtimeMs >= kept) await rm(join(this.directory, name), { force: true });
    }
  }
}
