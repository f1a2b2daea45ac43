import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import { DocumentRefused, REFUSALS } from './messages.js';

/** What a kept PDF may not hold, by the dictionary keys and action types that bring it, and how its sender reads it. */
const ACTIVE_KEYS: Record<string, string> = {
  JS: 'du JavaScript',
  JavaScript: 'du JavaScript',
  Launch: 'une commande qui lance un programme',
  EmbeddedFiles: 'des fichiers joints',
  EF: 'des fichiers joints',
  XFA: 'un formulaire XFA',
  RichMedia: 'un contenu multimédia actif',
};
const ACTIVE_VALUES: Record<string, string> = {
  JavaScript: 'du JavaScript',
  Launch: 'une commande qui lance un programme',
  EmbeddedFile: 'des fichiers joints',
  GoToE: 'des fichiers joints',
  RichMedia: 'un contenu multimédia actif',
};

const refuse = (message: string) => new DocumentRefused(message);

/** The first active content found in an object and the direct objects inside it (names are compared decoded). */
function activeContent(object: PDFObject | undefined, depth = 0): string | null {
  if (depth > 64) return null;
  if (object instanceof PDFStream) return activeContent(object.dict, depth + 1);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      const found = ACTIVE_KEYS[key.decodeText()] ?? (value instanceof PDFName ? ACTIVE_VALUES[value.decodeText()] : undefined) ?? activeContent(value, depth + 1);
      if (found) return found;
    }
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) {
      const found = activeContent(value, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Checks a PDF and writes it again: readable, not encrypted, at most `maxPages` pages, without JavaScript, launch
 * actions, embedded files or XFA forms in any of its objects (those of compressed object streams included, which
 * pdf-lib unpacks as it loads). The copy pdf-lib writes holds the document's objects only: whatever followed its
 * end, or hid in an earlier revision, is dropped. Throws a DocumentRefused with the French reason otherwise.
 */
export async function cleanPdf(bytes: Uint8Array, maxPages: number): Promise<{ bytes: Uint8Array; pages: number }> {
  // A file cut short loses its end marker; pdf-lib would otherwise make do with whatever objects it finds.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf('%%EOF') < 0) throw refuse(REFUSALS.brokenPdf);
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    // Encrypted object streams cannot be unpacked; the trailer that names the encryption stays readable.
    throw refuse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt') ? REFUSALS.encryptedPdf : REFUSALS.brokenPdf);
  }
  if (document.isEncrypted) throw refuse(REFUSALS.encryptedPdf);
  let pages: number;
  try {
    pages = document.getPageCount();
    for (const page of document.getPages()) {
      const contents = page.node.get(PDFName.of('Contents'));
      const missing = (value: PDFObject | undefined) => value instanceof PDFRef && document.context.lookup(value) === undefined;
      if (missing(contents) || (contents instanceof PDFArray && contents.asArray().some(missing))) throw new Error('A page lacks its content');
    }
  } catch {
    throw refuse(REFUSALS.brokenPdf);
  }
  if (pages === 0) throw refuse(REFUSALS.brokenPdf);
  if (pages > maxPages) throw refuse(REFUSALS.tooManyPages(maxPages));
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    const found = activeContent(object);
    if (found) throw refuse(REFUSALS.activePdf(found));
  }
  const catalog = activeContent(document.catalog);
  if (catalog) throw refuse(REFUSALS.activePdf(catalog));
  return { bytes: await document.save({ updateFieldAppearances: false }), pages };
}
