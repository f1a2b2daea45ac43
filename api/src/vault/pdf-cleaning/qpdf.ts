// Opening an upload: read as it is, or decrypted by qpdf when it opens without a password; refused as protected otherwise.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDict, type PDFDocument } from 'pdf-lib';
import { DocumentRefused, REFUSALS } from '../messages.js';
import { MAX_DECRYPTED_BYTES, QPDF_MEMORY_KIB, QPDF_TIMEOUT_MS } from './limits.js';
import { broken, refuse } from './objects.js';
import { load } from './structure.js';

/** qpdf's answers, per binary: it is looked for once per thread. */
const qpdfChecks = new Map<string, Promise<boolean>>();

/** Whether qpdf can be run (`binary`, Debian's `qpdf` on PATH by default): without it, a PDF with an owner password only is refused as protected. */
export function qpdfAvailable(binary = 'qpdf'): Promise<boolean> {
  let check = qpdfChecks.get(binary);
  if (!check) {
    check = runQpdf(binary, ['--version'], 5_000).then((result) => result.code === 0);
    qpdfChecks.set(binary, check);
  }
  return check;
}

/**
 * qpdf's exit code (null when it could not run, or was stopped at its time limit; 127 when the shell does not find
 * it) and the end of what it said. It runs within `QPDF_MEMORY_KIB` of memory, set by the shell that becomes qpdf
 * (`exec`: the time limit stops qpdf itself); where the shell cannot set it, qpdf runs without.
 */
function runQpdf(binary: string, args: string[], timeoutMs: number): Promise<{ code: number | null; stderr: string }> {
  const shell = ['-c', `ulimit -v ${QPDF_MEMORY_KIB} 2>/dev/null; exec "$0" "$@"`, binary, ...args];
  return new Promise((resolve) => {
    execFile('/bin/sh', shell, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 256 * 1024, windowsHide: true }, (error, _stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' && !error.killed ? error.code : null) : 0;
      resolve({ code, stderr: String(stderr).slice(-2000) });
    });
  });
}

/** Whether the trailer itself names an encryption dictionary (not the word /Encrypt anywhere in the bytes). */
async function trailerEncrypted(bytes: Uint8Array): Promise<boolean> {
  try {
    const { context } = await load(bytes, false);
    return context.lookup(context.trailerInfo.Encrypt) instanceof PDFDict;
  } catch {
    return false;
  }
}

/** A file `load` cannot read: null, but object streams beyond their limits are refused as such. */
function unreadable(error: unknown): null {
  if (error instanceof DocumentRefused && error.message === REFUSALS.pdfTooComplex) throw error;
  return null;
}

/**
 * The document pdf-lib reads, decrypted by qpdf when it opens without a password (an owner password only, which
 * restricts printing or editing). A file that needs a password to be opened is refused as protected, and so is an
 * encrypted one when qpdf is missing; a file no one can read is broken. qpdf's output is read like an upload: its
 * object streams (qpdf keeps them, decrypted) held to their limits.
 */
export async function open(bytes: Uint8Array, qpdf: string | null, tempDir: string): Promise<PDFDocument> {
  // An encrypted file's object streams cannot be decoded before qpdf decrypts them: pdf-lib finds it unreadable.
  const strict = await load(bytes).catch(unreadable);
  if (strict && !strict.isEncrypted) return withCatalog(strict);
  if (!qpdf || !(await qpdfAvailable(qpdf))) {
    if (strict || (await trailerEncrypted(bytes))) throw refuse(REFUSALS.encryptedPdf);
    throw broken();
  }
  const folder = await mkdtemp(join(tempDir, 'hsa-pdf-'));
  try {
    const input = join(folder, 'upload.pdf');
    const output = join(folder, 'decrypted.pdf');
    await writeFile(input, bytes, { mode: 0o600 });
    // 0: a password is needed to open it; 3: encrypted, but it opens without one; 2: not encrypted (or not a PDF qpdf reads).
    const { code } = await runQpdf(qpdf, ['--requires-password', '--', input], QPDF_TIMEOUT_MS);
    if (code === 0) throw refuse(REFUSALS.encryptedPdf);
    // qpdf cannot open it: protected by other means (a certificate) when its trailer names an encryption, else broken.
    if (code !== 3) throw (strict?.isEncrypted ?? (await trailerEncrypted(bytes))) ? refuse(REFUSALS.encryptedPdf) : broken();
    // Streams are kept as they are (decrypted only), but object streams are inflated to be read: within qpdf's memory
    // limit (a file that goes beyond it is too heavy, whatever qpdf made of it).
    const decrypt = await runQpdf(qpdf, ['--decrypt', '--password=', '--decode-level=none', '--', input, output], QPDF_TIMEOUT_MS);
    if (/bad_alloc/.test(decrypt.stderr)) throw refuse(REFUSALS.pdfTooComplex);
    if (decrypt.code !== 0 && decrypt.code !== 3) throw broken();
    const size = await stat(output).then((file) => file.size, () => Infinity);
    if (size > MAX_DECRYPTED_BYTES) throw broken();
    const decrypted = await load(await readFile(output)).catch(unreadable);
    if (!decrypted) throw broken();
    if (decrypted.isEncrypted) throw refuse(REFUSALS.encryptedPdf);
    return withCatalog(decrypted);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A document whose trailer leads to its catalog (pdf-lib reads a file without one). */
function withCatalog(document: PDFDocument): PDFDocument {
  if (!(document.context.lookup(document.context.trailerInfo.Root) instanceof PDFDict)) throw broken();
  return document;
}
