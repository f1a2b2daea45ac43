/**
 * The check and clean copy of an uploaded PDF, run in a worker thread of the file pool: no Nest here, plain data out, a
 * refusal thrown as a `DocumentRefused` with its French reason.
 *
 * A kept PDF is inert: pdf-lib writes it again without any action (opening action, additional actions at any level,
 * links and outline entries leading outside the document, JavaScript, launch, form submission or import, multimedia,
 * named or hiding actions…), without multimedia or 3D annotations, without embedded files (attachments, associated
 * files, file attachment annotations: a Factur-X bill is kept without its factur-x.xml), without the document's base
 * URI, its usage-rights signatures (/Perms) or external stream data, and with nothing that no longer hangs from its
 * catalog. Refused: what cannot be read, what needs a password, XFA forms, more pages than allowed, pictures whose
 * decoding would take more memory than a watermark job may use, object streams or content that decompress beyond
 * their limits, and a clean copy heavier than twice the upload limit.
 *
 * This folder, one concern a file: limits.ts (the budgets), structure.ts (reading the file, its object streams within
 * bounds), qpdf.ts (opening it, decrypted by qpdf when an owner password only protects it), rewriting.ts (taking out
 * actions, active annotations and embedded files), streams.ts (undoing filters within limits), picture-sizes.ts,
 * content-lexer.ts and picture-budgets.ts (pictures held to their pixel budgets without decoding them).
 */
import { tmpdir } from 'node:os';
import { PDFArray, PDFRef, type PDFObject } from 'pdf-lib';
import { DocumentRefused, REFUSALS } from '../messages.js';
import { PDF_MAX_COPY_BYTES } from './limits.js';
import { broken, N, refuse } from './objects.js';
import { checkPictures } from './picture-budgets.js';
import { open } from './qpdf.js';
import { canonicalNames, refuseXfa, strip } from './rewriting.js';

export {
  PDF_MAX_COPY_BYTES,
  PDF_MAX_FILE_PIXELS,
  PDF_MAX_IMAGE_PIXELS,
  PDF_MAX_OBJECT_STREAM_BYTES,
  PDF_MAX_OBJECT_STREAMS_BYTES,
  PDF_MAX_PAGE_PIXELS,
} from './limits.js';
export { qpdfAvailable } from './qpdf.js';

/** How `cleanPdf` checks a file. */
export interface CleanPdfOptions {
  /** The most pages the document's kind allows. */
  maxPages: number;
  /** qpdf's binary (Debian's `qpdf` on PATH by default); null: as if it were missing. */
  qpdf?: string | null;
  /** Where qpdf's private folder is made (and removed): the system's temporary folder by default. */
  tempDir?: string;
}

/** A kept PDF: its clean copy, its page count, and what was taken out of it (English labels, for the log). */
export interface CleanPdf {
  bytes: Uint8Array;
  pages: number;
  removed: string[];
}

/**
 * Checks a PDF and writes it again, inert. In this order: readable (a file cut short or that pdf-lib cannot read is
 * broken), its object streams within their limits (« trop lourd »); opened without a password (an owner password only
 * is removed by qpdf, whose output is checked the same way; a file that needs one is refused as protected); no XFA
 * form; at most `maxPages` pages; then every action, active annotation and embedded file is taken out (see the top of
 * this file) and pictures are held to their pixel budgets. The copy pdf-lib writes holds only what hangs from the
 * catalog: what followed the file's end, earlier revisions and orphan objects are dropped. Object streams are unpacked
 * as the file is read, and the copy is written without them, so that anyone can read its dictionaries; a copy above
 * `PDF_MAX_COPY_BYTES` is refused as too heavy. Once the file is open, any error that is not a refusal (a structure
 * pdf-lib does not expect) makes it broken. `options` may be the page limit alone.
 */
export async function cleanPdf(bytes: Uint8Array, options: number | CleanPdfOptions): Promise<CleanPdf> {
  const { maxPages, qpdf = 'qpdf', tempDir = tmpdir() } = typeof options === 'number' ? { maxPages: options } : options;
  // A file cut short loses its end marker; pdf-lib would otherwise make do with whatever objects it finds.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.lastIndexOf('%%EOF') < 0) throw broken();
  const document = await open(bytes, qpdf, tempDir);
  try {
    canonicalNames(document.context);
    refuseXfa(document);
    const pages = document.getPageCount();
    for (const page of document.getPages()) {
      const contents = page.node.get(N('Contents'));
      const missing = (value: PDFObject | undefined) => value instanceof PDFRef && document.context.lookup(value) === undefined;
      if (missing(contents) || (contents instanceof PDFArray && contents.asArray().some(missing))) throw broken();
    }
    if (pages === 0) throw broken();
    if (pages > maxPages) throw refuse(REFUSALS.tooManyPages(maxPages));
    const removed = strip(document);
    checkPictures(document);
    // Written at once: pdf-lib would otherwise wait for the next turn of the event loop every 50 objects (a
    // millisecond each), and this thread has nothing else to do meanwhile.
    const copy = await document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity });
    if (copy.length > PDF_MAX_COPY_BYTES) throw refuse(REFUSALS.pdfCopyTooLarge(PDF_MAX_COPY_BYTES / 1024 / 1024));
    return { bytes: copy, pages, removed };
  } catch (error) {
    if (error instanceof DocumentRefused) throw error;
    throw broken();
  }
}
