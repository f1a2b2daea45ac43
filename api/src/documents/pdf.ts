/**
 * The check and clean copy of an uploaded PDF, run in a worker thread of the file pool: no Nest here, plain data out, a
 * refusal thrown as a `DocumentRefused` with its French reason.
 *
 * A kept PDF is inert: pdf-lib writes it again without any action (opening action, additional actions at any level,
 * links and outline entries leading outside the document, JavaScript, launch, form submission or import, multimedia,
 * named or hiding actions…), without multimedia, 3D or file-attachment annotations, without the document's base URI,
 * its usage-rights signatures (/Perms) or external stream data, and with nothing that no longer hangs from its
 * catalog. Refused: what cannot be read, what needs a password, XFA forms, embedded files, more pages than allowed,
 * and pictures whose decoding would take more memory than a watermark job may use.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants as zlib, inflateRawSync, inflateSync } from 'node:zlib';
import {
  decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, PDFString, type PDFContext, type PDFObject,
} from 'pdf-lib';
import { DOCUMENT_MAX_PIXELS, DocumentRefused, REFUSALS } from './messages.js';

/** The most pixels one picture of a PDF may have, the photos' limit (also pdf.js's `maxImageSize` when pages are drawn). */
export const PDF_MAX_IMAGE_PIXELS = DOCUMENT_MAX_PIXELS;
/**
 * The most pixels the pictures one page draws may have together, its form XObjects, patterns, Type 3 glyphs and
 * annotation appearances included (60 millions): an A4 page scanned at 600 dpi (35 M) with a background layer of the
 * same page at 400 dpi, as mixed-raster scanners make. The watermark decodes each picture of a page at full size.
 */
export const PDF_MAX_PAGE_PIXELS = 60_000_000;
/**
 * The most pixels the pictures of one file may have together (500 millions): the largest page limit of any kind (40)
 * scanned in colour at 300 dpi (40 × 8.7 M), or twelve pages at 600 dpi (12 × 35 M). Beyond it, drawing the pages for the
 * watermark would decode gigabytes of pixels.
 */
export const PDF_MAX_FILE_PIXELS = 500_000_000;

/** How `cleanPdf` checks a file. */
export interface CleanPdfOptions {
  /** The most pages the document's kind allows. */
  maxPages: number;
  /** qpdf's binary (Debian's `qpdf` on PATH by default); null: as if it were missing. */
  qpdf?: string | null;
  /** How long qpdf may take for one run. */
  qpdfTimeoutMs?: number;
  /** Where qpdf's private folder is made (and removed): the system's temporary folder by default. */
  tempDir?: string;
}

/** A kept PDF: its clean copy, its page count, and what was taken out of it (English labels, for the log). */
export interface CleanPdf {
  bytes: Uint8Array;
  pages: number;
  removed: string[];
}

const refuse = (message: string) => new DocumentRefused(message);
const broken = () => refuse(REFUSALS.brokenPdf);
const millions = (pixels: number) => pixels / 1_000_000;

/** Direct objects nested deeper than this are no document's: a file made to exhaust the stack. */
const MAX_DEPTH = 200;
/** The most one content stream may decode to, and all the content streams of a file together. */
const MAX_CONTENT_BYTES = 64 * 1024 * 1024;
const MAX_FILE_CONTENT_BYTES = 256 * 1024 * 1024;
/** The most a file decrypted by qpdf may weigh (uploads are 10 Mo at most; qpdf keeps their streams as they are). */
const MAX_DECRYPTED_BYTES = 32 * 1024 * 1024;
const QPDF_TIMEOUT_MS = 20_000;

/** Every action type of PDF 2.0: each one is removed with the key that holds it, but a GoTo within the document kept as a /Dest. */
const ACTION_TYPES = new Set([
  'GoTo', 'GoToR', 'GoToE', 'GoToDp', 'Launch', 'Thread', 'URI', 'Sound', 'Movie', 'Hide', 'Named', 'SubmitForm', 'ResetForm',
  'ImportData', 'SetOCGState', 'Rendition', 'Trans', 'GoTo3DView', 'JavaScript', 'RichMediaExecute',
]);
/** Annotations that play, run or carry something: removed wherever they hang (FileAttachment is refused before). */
const ACTIVE_ANNOTATIONS = new Set(['Screen', 'Movie', 'Sound', '3D', 'RichMedia', 'FileAttachment']);
/**
 * Keys removed from every dictionary: additional and opening actions, JavaScript, the base URI (catalog) and URI
 * actions' address, usage-rights and certification permissions, the XFA form (refused before: only a stray one remains),
 * a portfolio's layout, the names trees of scripts, attachments (empty or without files by then), alternate
 * presentations and renditions, and a Link annotation's former URI action.
 */
const REMOVED_KEYS = [
  'AA', 'OpenAction', 'JS', 'JavaScript', 'URI', 'Perms', 'XFA', 'NeedsRendering', 'Collection', 'EmbeddedFiles',
  'AlternatePresentations', 'Renditions', 'PA',
].map((key) => PDFName.of(key));
/** A stream's data kept in another file, and a form XObject or picture that stands for another document (OPI, reference XObjects). */
const EXTERNAL_STREAM_KEYS = ['F', 'FFilter', 'FDecodeParms'].map((key) => PDFName.of(key));

const N = (key: string) => PDFName.of(key);
const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);
const dictOf = (object: PDFObject | undefined) => (object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined);

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

/** qpdf's exit code (null when it could not run, or was stopped at its time limit) and the end of what it said. */
function runQpdf(binary: string, args: string[], timeoutMs: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 256 * 1024, windowsHide: true }, (error, _stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' && !error.killed ? error.code : null) : 0;
      resolve({ code, stderr: String(stderr).slice(-2000) });
    });
  });
}

const load = (bytes: Uint8Array, strict = true) =>
  PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: strict, updateMetadata: false });

/** Whether the trailer itself names an encryption dictionary (not the word /Encrypt anywhere in the bytes). */
async function trailerEncrypted(bytes: Uint8Array): Promise<boolean> {
  try {
    const { context } = await load(bytes, false);
    return context.lookup(context.trailerInfo.Encrypt) instanceof PDFDict;
  } catch {
    return false;
  }
}

/**
 * The document pdf-lib reads, decrypted by qpdf when it opens without a password (an owner password only, which
 * restricts printing or editing). A file that needs a password to be opened is refused as protected, and so is an
 * encrypted one when qpdf is missing; a file no one can read is broken.
 */
async function open(bytes: Uint8Array, qpdf: string | null, timeoutMs: number, tempDir: string): Promise<PDFDocument> {
  const strict = await load(bytes).catch(() => null);
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
    const { code } = await runQpdf(qpdf, ['--requires-password', '--', input], timeoutMs);
    if (code === 0) throw refuse(REFUSALS.encryptedPdf);
    // qpdf cannot open it: protected by other means (a certificate) when its trailer names an encryption, else broken.
    if (code !== 3) throw (strict?.isEncrypted ?? (await trailerEncrypted(bytes))) ? refuse(REFUSALS.encryptedPdf) : broken();
    // Streams are kept as they are (decrypted only): qpdf decodes nothing, so a compression bomb costs it nothing.
    const decrypt = await runQpdf(qpdf, ['--decrypt', '--password=', '--decode-level=none', '--', input, output], timeoutMs);
    if (decrypt.code !== 0 && decrypt.code !== 3) throw broken();
    const size = await stat(output).then((file) => file.size, () => Infinity);
    if (size > MAX_DECRYPTED_BYTES) throw broken();
    const decrypted = await load(await readFile(output)).catch(() => null);
    if (!decrypted) throw broken();
    if (decrypted.isEncrypted) throw refuse(REFUSALS.encryptedPdf);
    return withCatalog(decrypted);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Whether the object or cross-reference streams of a file inflate beyond `MAX_CONTENT_BYTES` (all of them beyond
 * `MAX_FILE_CONTENT_BYTES`): pdf-lib inflates them whole as it loads, a few hundred kilobytes could hold gigabytes. The
 * streams are found by their type in the bytes (pdf-lib recognises no other spelling of it), from their stream keyword
 * to the next endstream; zlib stops at the limit.
 */
function structureTooLarge(bytes: Buffer): boolean {
  let total = 0;
  for (const type of ['/ObjStm', '/XRef']) {
    for (let at = bytes.indexOf(type); at >= 0; at = bytes.indexOf(type, at + type.length)) {
      const keyword = bytes.indexOf('stream', at);
      if (keyword < 0 || keyword - at > 4096) continue;
      let start = keyword + 'stream'.length;
      if (bytes[start] === 0x0d) start += 1;
      if (bytes[start] === 0x0a) start += 1;
      const end = bytes.indexOf('endstream', start);
      try {
        total += inflateSync(bytes.subarray(start, end < 0 ? bytes.length : end), { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: MAX_CONTENT_BYTES }).length;
      } catch (error) {
        if (error instanceof RangeError) return true;
      }
      if (total > MAX_FILE_CONTENT_BYTES) return true;
    }
  }
  return false;
}

/** A document whose trailer leads to its catalog (pdf-lib reads a file without one). */
function withCatalog(document: PDFDocument): PDFDocument {
  if (!(document.context.lookup(document.context.trailerInfo.Root) instanceof PDFDict)) throw broken();
  return document;
}

/**
 * Every name of the document written one way: `/Java#53cript` is `/JavaScript` to a reader, and becomes it here, so
 * that each key and type below is found by its plain name (two spellings of one key in a dictionary: the first stays).
 */
function canonicalNames(context: PDFContext) {
  const visit = (object: PDFObject, depth: number) => {
    if (depth > MAX_DEPTH) throw broken();
    const dict = dictOf(object);
    if (dict) {
      for (const [key, value] of dict.entries()) {
        const plainKey = N(key.decodeText());
        const plainValue = value instanceof PDFName ? N(value.decodeText()) : value;
        if (plainKey !== key) {
          dict.delete(key);
          if (!dict.has(plainKey)) dict.set(plainKey, plainValue);
        } else if (plainValue !== value) dict.set(key, plainValue);
        visit(plainValue, depth + 1);
      }
    } else if (object instanceof PDFArray) {
      for (let index = 0; index < object.size(); index += 1) {
        const value = object.get(index);
        if (value instanceof PDFName) object.set(index, N(value.decodeText()));
        else visit(value, depth + 1);
      }
    }
  };
  for (const [, object] of context.enumerateIndirectObjects()) visit(object, 0);
}

/**
 * Dictionaries whose keys are names a producer chose (resources, named destinations, role maps, Type 3 glyphs,
 * appearance states, application data…), by the key that holds them: a picture may be called /A and a font /JS, so
 * no key of theirs is taken for an action. The trailer's information dictionary is one too.
 */
const NAME_MAPS = new Set([
  'ExtGState', 'ColorSpace', 'Pattern', 'Shading', 'XObject', 'Font', 'Properties', 'Dests', 'RoleMap', 'ClassMap', 'CharProcs',
  'PieceInfo', 'Extensions', 'Colorants', 'Schema', 'Legal',
]);
const APPEARANCES = new Set(['N', 'D', 'R']);
const isNameMap = (key: string, parentKey: string | undefined) => NAME_MAPS.has(key) || (parentKey === 'AP' && APPEARANCES.has(key));

/**
 * Walks every object reachable from the trailer's catalog and information dictionary: each indirect object once as a
 * dictionary of its own and once as a name map if it is also held as one (cycles end there), direct objects to
 * `MAX_DEPTH`. `enter` sees each dictionary (a stream's included) before its entries are walked, and may change it;
 * `keep` may drop an entry of a dictionary or an array by what it leads to. Returns the indirect objects reached.
 */
function walk(
  context: PDFContext,
  enter: (dict: PDFDict, what: { stream: boolean; map: boolean }) => void,
  keep: (value: PDFObject | undefined) => boolean = () => true,
): Set<PDFRef> {
  const reached = { plain: new Set<PDFRef>(), map: new Set<PDFRef>() };
  const queue: { ref: PDFRef; key: string | undefined; map: boolean }[] = [];
  const visit = (object: PDFObject | undefined, depth: number, key: string | undefined, map: boolean) => {
    if (depth > MAX_DEPTH) throw broken();
    if (object instanceof PDFRef) {
      const seen = map ? reached.map : reached.plain;
      if (!seen.has(object)) {
        seen.add(object);
        queue.push({ ref: object, key, map });
      }
      return;
    }
    const dict = dictOf(object);
    if (dict) {
      enter(dict, { stream: object instanceof PDFStream, map });
      for (const [name, value] of dict.entries()) {
        const child = name.decodeText();
        if (!keep(resolve(context, value))) dict.delete(name);
        else visit(value, depth + 1, child, !map && isNameMap(child, key));
      }
    } else if (object instanceof PDFArray) {
      for (let index = object.size() - 1; index >= 0; index -= 1) {
        if (!keep(resolve(context, object.get(index)))) object.remove(index);
      }
      for (const value of object.asArray()) visit(value, depth + 1, undefined, false);
    }
  };
  const { Root, Info } = context.trailerInfo;
  if (Root) visit(Root, 0, undefined, false);
  if (Info) visit(Info, 0, undefined, true);
  for (let next = queue.shift(); next; next = queue.shift()) visit(context.lookup(next.ref), 0, next.key, next.map);
  return new Set([...reached.plain, ...reached.map]);
}

function resolve(context: PDFContext, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? context.lookup(value) : value;
}

/** Whether a dictionary is an action (struct elements also have an /S, always with their parent /P). */
function isAction(dict: PDFDict | undefined): boolean {
  if (!dict || !ACTION_TYPES.has(nameOf(dict.get(N('S'))) ?? '')) return false;
  const type = nameOf(dict.get(N('Type')));
  return type === 'Action' || (type === undefined && !dict.has(N('P')));
}

function isActiveAnnotation(dict: PDFDict | undefined): boolean {
  if (!dict || !ACTIVE_ANNOTATIONS.has(nameOf(dict.get(N('Subtype'))) ?? '')) return false;
  const type = nameOf(dict.get(N('Type')));
  return type === undefined || type === 'Annot';
}

/** The destination of an action that goes to a place of this document (GoTo), if it is one. */
function internalDestination(context: PDFContext, action: PDFObject | undefined): PDFObject | undefined {
  const dict = dictOf(resolve(context, action));
  if (!dict || nameOf(dict.get(N('S'))) !== 'GoTo') return undefined;
  const destination = dict.get(N('D'));
  const target = resolve(context, destination);
  const named = target instanceof PDFName || target instanceof PDFString || target instanceof PDFHexString;
  return target instanceof PDFArray || named ? destination : undefined;
}

/** Why a PDF is refused before anything is taken out of it: an XFA form (checked first), embedded files. */
function refusedContent(document: PDFDocument) {
  const { context, catalog } = document;
  const form = catalog.lookup(N('AcroForm'));
  if (form instanceof PDFDict && form.has(N('XFA'))) throw refuse(REFUSALS.activePdf('un formulaire XFA'));
  walk(context, (dict, { stream, map }) => {
    if (map) return;
    const files = resolve(context, dict.get(N('EF')));
    // A file specification's /EF holds the files themselves (streams); a usage-rights signature's /EF is a list of names.
    const holdsFile = files instanceof PDFDict && files.entries().some(([, value]) => resolve(context, value) instanceof PDFStream);
    if (holdsFile || (stream && nameOf(dict.get(N('Type'))) === 'EmbeddedFile') || nameOf(dict.get(N('Subtype'))) === 'FileAttachment') {
      throw refuse(REFUSALS.activePdf('des fichiers joints'));
    }
  });
}

/** Takes every action and active annotation out of the document, and drops what no longer hangs from it. */
function strip(document: PDFDocument): string[] {
  const { context } = document;
  const removed = new Set<string>();
  const drop = (what: string) => removed.add(what);
  walk(
    context,
    (dict, { stream, map }) => {
      if (map) return;
      for (const key of REMOVED_KEYS) {
        if (dict.has(key)) {
          dict.delete(key);
          drop(key.decodeText());
        }
      }
      // An action is a dictionary (a measure's /A is an array of formats, and stays).
      const action = dict.get(N('A'));
      if (resolve(context, action) instanceof PDFDict) {
        dict.delete(N('A'));
        // A link or an outline entry to a place of this document keeps it as a plain destination.
        const destination = internalDestination(context, action);
        const linkOrOutline = nameOf(dict.get(N('Subtype'))) === 'Link' || dict.has(N('Title'));
        if (destination !== undefined && linkOrOutline && !dict.has(N('Dest'))) dict.set(N('Dest'), destination);
        else drop(`${nameOf(dictOf(resolve(context, action))?.get(N('S'))) ?? 'unknown'} action`);
      }
      if (stream) {
        const keys = [...EXTERNAL_STREAM_KEYS, N('OPI'), ...(nameOf(dict.get(N('Subtype'))) === 'Form' ? [N('Ref')] : [])];
        for (const key of keys) {
          if (dict.has(key)) {
            dict.delete(key);
            drop(`stream ${key.decodeText()}`);
          }
        }
      }
    },
    (value) => {
      const dict = dictOf(value);
      if (!dict) return true;
      let gone: string | undefined;
      if (isAction(dict)) gone = `${nameOf(dict.get(N('S')))} action`;
      else if (isActiveAnnotation(dict)) gone = `${nameOf(dict.get(N('Subtype')))} annotation`;
      // A link whose only target was outside the document is no link any more.
      else if (nameOf(dict.get(N('Subtype'))) === 'Link' && !dict.has(N('Dest')) && internalDestination(context, dict.get(N('A'))) === undefined) {
        gone = 'Link annotation';
      }
      if (gone) drop(gone);
      return gone === undefined;
    },
  );
  // What hung only from what was removed, or from nothing (earlier revisions, orphans): not written.
  const reached = walk(context, () => undefined);
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref);
  // The trailer's /Size: one more than the largest object number still written.
  context.largestObjectNumber = Math.max(0, ...[...reached].map((ref) => ref.objectNumber));
  context.trailerInfo.Encrypt = undefined;
  if (context.trailerInfo.Info && !(resolve(context, context.trailerInfo.Info) instanceof PDFDict)) context.trailerInfo.Info = undefined;
  return [...removed].sort();
}

// ————— Pictures: their size read from their dictionaries and headers, never by decoding them —————

const numberOf = (context: PDFContext, value: PDFObject | undefined) => {
  const number = resolve(context, value);
  return number instanceof PDFNumber && Number.isFinite(number.asNumber()) && number.asNumber() > 0 ? Math.floor(number.asNumber()) : 0;
};

const FILTER_NAMES: Record<string, string> = {
  Fl: 'FlateDecode', LZW: 'LZWDecode', AHx: 'ASCIIHexDecode', A85: 'ASCII85Decode', RL: 'RunLengthDecode', DCT: 'DCTDecode', CCF: 'CCITTFaxDecode',
};

/** A stream's filters, by their full names (readers take the abbreviations of inline pictures here too), with their parameters. */
function filtersOf(context: PDFContext, dict: PDFDict): { name: string; parms: PDFDict | undefined }[] {
  const filter = resolve(context, dict.get(N('Filter')));
  const parms = resolve(context, dict.get(N('DecodeParms')));
  const names = filter instanceof PDFArray ? filter.asArray().map((value) => resolve(context, value)) : filter ? [filter] : [];
  return names.map((value, index) => {
    const name = nameOf(value) ?? '';
    const own = parms instanceof PDFArray ? resolve(context, parms.get(index)) : parms;
    return { name: FILTER_NAMES[name] ?? name, parms: own instanceof PDFDict ? own : undefined };
  });
}

const u16 = (data: Uint8Array, at: number) => (data[at]! << 8) | data[at + 1]!;
const u32 = (data: Uint8Array, at: number) => data[at]! * 0x1000000 + ((data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!);

/** A JPEG's size from its frame header (pdf.js decodes a DCT picture at that size, whatever its dictionary says). */
function jpegPixels(data: Uint8Array): number {
  let at = data.indexOf(0xff);
  while (at >= 0 && at + 9 < data.length) {
    if (data[at] !== 0xff) return 0;
    const marker = data[at + 1]!;
    if (marker === 0xff) at += 1;
    else if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) at += 2;
    else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return u16(data, at + 5) * u16(data, at + 7);
    else if (marker === 0xda) return 0;
    else at += 2 + u16(data, at + 2);
  }
  return 0;
}

/** A JPEG 2000 picture's size from its image header box and its codestream's SIZ marker. */
function jpxPixels(data: Uint8Array): number {
  let pixels = 0;
  const siz = (at: number) => {
    if (u16(data, at) === 0xff4f && u16(data, at + 2) === 0xff51 && at + 28 <= data.length) {
      pixels = Math.max(pixels, (u32(data, at + 8) - u32(data, at + 16)) * (u32(data, at + 12) - u32(data, at + 20)));
    }
  };
  siz(0);
  const boxes = (start: number, end: number, depth: number) => {
    for (let at = start; at + 8 <= end && depth < 4; ) {
      let length = u32(data, at);
      const type = String.fromCharCode(data[at + 4]!, data[at + 5]!, data[at + 6]!, data[at + 7]!);
      let header = 8;
      if (length === 1 && at + 16 <= end) {
        length = u32(data, at + 8) * 2 ** 32 + u32(data, at + 12);
        header = 16;
      }
      if (length === 0) length = end - at;
      if (length < header) return;
      if (type === 'jp2h') boxes(at + header, Math.min(end, at + length), depth + 1);
      else if (type === 'ihdr' && at + 16 <= end) pixels = Math.max(pixels, u32(data, at + 8) * u32(data, at + 12));
      else if (type === 'jp2c') siz(at + header);
      at += length;
    }
  };
  if (pixels === 0) boxes(0, data.length, 0);
  return pixels;
}

/** A JBIG2 picture's size from its page information segments (its globals' included). */
function jbig2Pixels(data: Uint8Array): number {
  let pixels = 0;
  for (let at = 0, segments = 0; at + 11 <= data.length && segments < 10_000; segments += 1) {
    const number = u32(data, at);
    const flags = data[at + 4]!;
    let cursor = at + 5;
    let referred = data[cursor]! >> 5;
    if (referred === 7) {
      referred = u32(data, cursor) & 0x1fffffff;
      cursor += 4 + Math.ceil((referred + 1) / 8);
    } else cursor += 1;
    cursor += referred * (number <= 256 ? 1 : number <= 65536 ? 2 : 4);
    cursor += flags & 0x40 ? 4 : 1;
    if (cursor + 4 > data.length) break;
    const length = u32(data, cursor);
    cursor += 4;
    if ((flags & 0x3f) === 48 && cursor + 8 <= data.length) {
      const height = u32(data, cursor + 4);
      if (height !== 0xffffffff) pixels = Math.max(pixels, u32(data, cursor) * height);
    }
    if (length === 0xffffffff) break;
    at = cursor + length;
  }
  return pixels;
}

/** The first bytes of a picture's data once its non-image filters are undone (a few kilobytes: enough for a header). */
function pictureHead(stream: PDFRawStream, filters: { name: string }[]): Uint8Array | null {
  let data: Uint8Array = stream.contents;
  for (const { name } of filters.slice(0, -1)) {
    if (name !== 'FlateDecode') return null;
    try {
      // 16 KB of a deflated stream decode to 17 MB at most.
      data = inflateSync(data.subarray(0, 16 * 1024), { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: 32 * 1024 * 1024 });
    } catch {
      return null;
    }
  }
  return data;
}

/** How many pixels a picture XObject decodes to: its declared size, or the one of its own header when larger. */
function picturePixels(context: PDFContext, stream: PDFStream): number {
  const dict = stream.dict;
  let pixels = numberOf(context, dict.get(N('Width'))) * numberOf(context, dict.get(N('Height')));
  if (!(stream instanceof PDFRawStream)) return pixels;
  const filters = filtersOf(context, dict);
  const last = filters.at(-1)?.name;
  if (last === 'DCTDecode' || last === 'JPXDecode' || last === 'JBIG2Decode') {
    const head = pictureHead(stream, filters);
    if (head) {
      if (last === 'DCTDecode') pixels = Math.max(pixels, jpegPixels(head));
      else if (last === 'JPXDecode') pixels = Math.max(pixels, jpxPixels(head));
      else {
        const globals = resolve(context, filters.at(-1)!.parms?.get(N('JBIG2Globals')));
        pixels = Math.max(pixels, jbig2Pixels(head), globals instanceof PDFRawStream ? jbig2Pixels(globals.contents) : 0);
      }
    }
  }
  return pixels;
}

class ContentTooLarge extends Error {}

/** A content stream decoded within `MAX_CONTENT_BYTES` (null when its filters cannot be undone here). */
function decodeContent(context: PDFContext, stream: PDFStream): Uint8Array | null {
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  let data: Uint8Array = stream.contents;
  for (const { name, parms } of filtersOf(context, stream.dict)) {
    if (parms && numberOf(context, parms.get(N('Predictor'))) > 1) return null;
    if (name === 'FlateDecode') {
      const options = { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: MAX_CONTENT_BYTES };
      try {
        data = inflateSync(data, options);
      } catch (error) {
        if (error instanceof RangeError) throw new ContentTooLarge();
        try {
          data = inflateRawSync(data, options);
        } catch (raw) {
          if (raw instanceof RangeError) throw new ContentTooLarge();
          return null;
        }
      }
    } else if (['LZWDecode', 'ASCIIHexDecode', 'ASCII85Decode', 'RunLengthDecode'].includes(name)) {
      try {
        const decoder = decodePDFRawStream(PDFRawStream.of(context.obj({ Filter: name, DecodeParms: parms ?? null }), data));
        const chunks: Uint8Array[] = [];
        let total = 0;
        for (let chunk = decoder.getBytes(1024 * 1024); chunk.length > 0; chunk = decoder.getBytes(1024 * 1024)) {
          total += chunk.length;
          if (total > MAX_CONTENT_BYTES) throw new ContentTooLarge();
          chunks.push(Uint8Array.from(chunk));
        }
        data = Buffer.concat(chunks);
      } catch (error) {
        if (error instanceof ContentTooLarge) throw error;
        return null;
      }
    } else return null;
  }
  return data;
}

// A content stream's lexer: just enough of it to follow the operators that draw pictures.
const WHITE = new Uint8Array(256);
for (const code of [0, 9, 10, 12, 13, 32]) WHITE[code] = 1;
const DELIMITER = new Uint8Array(256);
for (const character of '()<>[]{}/%') DELIMITER[character.charCodeAt(0)] = 1;

type Operand = string | number | null;

/** Inline pictures' components by their colour space (other colour spaces: the data's end is searched for). */
const INLINE_COMPONENTS: Record<string, number> = { G: 1, DeviceGray: 1, CalGray: 1, RGB: 3, DeviceRGB: 3, CalRGB: 3, CMYK: 4, DeviceCMYK: 4, I: 1, Indexed: 1 };

interface Inline {
  pixels: number;
}

/**
 * Reads a content stream, calling `operator` for each operator with its last two operands (names as `/Name`), and
 * `inline` for each inline picture (`BI … ID … EI`) with its pixels.
 */
function lex(data: Uint8Array, operator: (name: string, last: Operand, before: Operand) => void, inline: (picture: Inline) => void) {
  const length = data.length;
  let at = 0;
  let last: Operand = null;
  let before: Operand = null;
  const push = (operand: Operand) => ((before = last), (last = operand));
  /** Whether numbers are read for their value (in an inline picture's dictionary). */
  let numbers = false;

  const skipString = () => {
    let depth = 0;
    for (; at < length; at += 1) {
      const code = data[at];
      if (code === 0x5c) at += 1;
      else if (code === 0x28) depth += 1;
      else if (code === 0x29 && --depth === 0) return void (at += 1);
    }
  };
  const skipRegular = () => {
    while (at < length && !WHITE[data[at]!] && !DELIMITER[data[at]!]) at += 1;
  };
  const regular = () => {
    const start = at;
    skipRegular();
    return Buffer.from(data.buffer, data.byteOffset + start, at - start).toString('latin1');
  };
  /** The next token: a name (`/Name`), a number, a keyword, or null for whatever else (strings, arrays, dictionaries). */
  const token = (): Operand | undefined => {
    while (at < length) {
      const code = data[at]!;
      if (WHITE[code]) at += 1;
      else if (code === 0x25) while (at < length && data[at] !== 0x0a && data[at] !== 0x0d) at += 1;
      else break;
    }
    if (at >= length) return undefined;
    const code = data[at]!;
    if (code === 0x2f) {
      at += 1;
      const name = regular();
      return `/${name.includes('#') ? name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : name}`;
    }
    if (code === 0x28) return skipString(), null;
    if (code === 0x3c) {
      if (data[at + 1] === 0x3c) return (at += 2), '<<';
      const end = data.indexOf(0x3e, at);
      return (at = end < 0 ? length : end + 1), null;
    }
    if (code === 0x3e) return (at += data[at + 1] === 0x3e ? 2 : 1), '>>';
    if (DELIMITER[code]) return (at += 1), String.fromCharCode(code);
    // Numbers, and operators longer than three letters, matter only by their kind outside an inline picture's
    // dictionary: no string is made of them.
    const start = at;
    if (code === 0x2b || code === 0x2d || code === 0x2e || (code >= 0x30 && code <= 0x39)) {
      if (!numbers) return skipRegular(), 0;
      return Number.parseFloat(regular()) || 0;
    }
    skipRegular();
    return at - start > 3 && !numbers ? 'operator' : Buffer.from(data.buffer, data.byteOffset + start, at - start).toString('latin1');
  };

  /** The inline picture's dictionary, up to ID, then its data up to EI. */
  const inlinePicture = () => {
    const entries = new Map<string, Operand | Operand[]>();
    let key: string | null = null;
    numbers = true;
    for (let value = token(); value !== undefined && value !== 'ID'; value = token()) {
      if (key === null) {
        if (typeof value === 'string' && value.startsWith('/')) key = value.slice(1);
        continue;
      }
      if (value === '[') {
        const items: Operand[] = [];
        for (let item = token(); item !== undefined && item !== ']' && item !== 'ID'; item = token()) items.push(item);
        entries.set(key, items);
      } else if (value === '<<') {
        for (let depth = 1, item = token(); item !== undefined && item !== 'ID'; item = token()) {
          if (item === '<<') depth += 1;
          else if (item === '>>' && --depth === 0) break;
        }
      } else entries.set(key, value);
      key = null;
    }
    numbers = false;
    at += 1; // The single white-space character after ID.
    const get = (...names: string[]) => names.map((name) => entries.get(name)).find((value) => value !== undefined);
    const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
    const width = number(get('W', 'Width'));
    const height = number(get('H', 'Height'));
    const filter = get('F', 'Filter');
    const filters = (Array.isArray(filter) ? filter : filter ? [filter] : []).map((name) => String(name).slice(1));
    const start = at;
    // Where the data ends, and where its EI is.
    let end = -1;
    let ei = -1;
    if (filters.length === 0) {
      const mask = get('IM', 'ImageMask') === 'true';
      const space = get('CS', 'ColorSpace');
      const components = mask ? 1 : INLINE_COMPONENTS[Array.isArray(space) ? String(space[0]).slice(1) : String(space).slice(1)];
      const bits = mask ? 1 : number(get('BPC', 'BitsPerComponent'));
      if (components && bits) {
        const expected = start + Math.ceil((width * components * bits) / 8) * height;
        let after = expected;
        while (after < length && WHITE[data[after]!]) after += 1;
        if (data[after] === 0x45 && data[after + 1] === 0x49) {
          end = expected;
          ei = after;
        }
      }
    }
    if (end < 0) {
      // The first EI between white space that plain operators follow (binary data rarely looks like that).
      for (let found = data.indexOf('EI'.charCodeAt(0), start); found >= 0; found = data.indexOf(0x45, found + 1)) {
        if (data[found + 1] !== 0x49 || (found > start && !WHITE[data[found - 1]!]) || (found + 2 < length && !WHITE[data[found + 2]!])) continue;
        const next = data.subarray(found + 2, Math.min(length, found + 34));
        if (next.every((byte) => byte >= 0x09 && byte < 0x7f)) {
          end = ei = found;
          break;
        }
      }
    }
    if (end < 0) end = ei = length;
    let pixels = width * height;
    if (filters.at(-1) === 'DCT' || filters.at(-1) === 'DCTDecode') pixels = Math.max(pixels, jpegPixels(data.subarray(start, end)));
    inline({ pixels });
    at = Math.min(length, ei + 2);
  };

  for (let value = token(); value !== undefined; value = token()) {
    if (typeof value === 'string' && /^[A-Za-z'"*]/.test(value) && value !== 'true' && value !== 'false' && value !== 'null') {
      if (value === 'BI') inlinePicture();
      else operator(value, last, before);
      last = before = null;
    } else push(typeof value === 'number' || (typeof value === 'string' && value.startsWith('/')) ? value : null);
  }
}

/** The pictures a page draws: distinct picture XObjects (each decoded once per page) and inline pictures. */
interface Drawn {
  pictures: Set<PDFStream>;
  inlinePixels: number;
}

/** Counts what a page draws, following its content into form XObjects, soft masks, patterns and Type 3 glyphs. */
class PictureCounter {
  /** What each form XObject with resources of its own draws, counted once for the whole file. */
  private readonly forms = new Map<PDFStream, Drawn>();
  private decoded = 0;
  /** Inline pictures of the whole file. */
  inlinePixels = 0;

  constructor(private readonly context: PDFContext) {}

  /** The pixels one page draws. */
  page(node: PDFDict, resources: PDFDict | undefined): number {
    const drawn: Drawn = { pictures: new Set(), inlinePixels: 0 };
    const contents = resolve(this.context, node.get(N('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray().map((value) => resolve(this.context, value)) : [contents];
    const parts: Uint8Array[] = [];
    let readable = true;
    for (const stream of streams) {
      if (!(stream instanceof PDFStream)) continue;
      const data = this.decode(stream);
      if (data) parts.push(data, Buffer.from('\n'));
      else readable = false;
    }
    // A page's content streams are read as one: an operator may start in one and end in the next.
    this.draw(Buffer.concat(parts), resources, drawn, new Set(), readable);
    // Annotations' appearances are drawn with the page.
    const annotations = resolve(this.context, node.get(N('Annots')));
    for (const annotation of annotations instanceof PDFArray ? annotations.asArray() : []) {
      const appearance = dictOf(resolve(this.context, dictOf(resolve(this.context, annotation))?.get(N('AP'))));
      const normal = resolve(this.context, appearance?.get(N('N')));
      const forms = normal instanceof PDFStream ? [normal] : normal instanceof PDFDict ? normal.entries().map(([, value]) => resolve(this.context, value)) : [];
      for (const form of forms) if (form instanceof PDFStream) this.form(form, undefined, drawn, new Set());
    }
    let pixels = drawn.inlinePixels;
    for (const picture of drawn.pictures) pixels += picturePixels(this.context, picture);
    return pixels;
  }

  private decode(stream: PDFStream): Uint8Array | null {
    try {
      const data = decodeContent(this.context, stream);
      this.decoded += data?.length ?? 0;
      if (this.decoded > MAX_FILE_CONTENT_BYTES) throw new ContentTooLarge();
      return data;
    } catch (error) {
      if (error instanceof ContentTooLarge) throw refuse(REFUSALS.pdfTooComplex);
      throw error;
    }
  }

  /** Follows a content stream's drawing operators; when it cannot be read, every picture its resources offer is counted. */
  private draw(data: Uint8Array, resources: PDFDict | undefined, drawn: Drawn, stack: Set<PDFStream>, readable = true) {
    if (!readable) this.everything(resources, drawn, stack);
    const lookup = (category: string, operand: Operand) => {
      if (typeof operand !== 'string' || !operand.startsWith('/')) return undefined;
      const group = dictOf(resolve(this.context, resources?.get(N(category))));
      return resolve(this.context, group?.get(N(operand.slice(1))));
    };
    lex(
      data,
      (operator, last, before) => {
        if (operator === 'Do') {
          const object = lookup('XObject', last);
          if (!(object instanceof PDFStream)) return;
          const subtype = nameOf(object.dict.get(N('Subtype')));
          if (subtype === 'Image') this.picture(object, drawn);
          else if (subtype === 'Form') this.form(object, resources, drawn, stack);
        } else if (operator === 'gs') {
          const mask = dictOf(resolve(this.context, dictOf(lookup('ExtGState', last))?.get(N('SMask'))));
          const group = resolve(this.context, mask?.get(N('G')));
          if (group instanceof PDFStream) this.form(group, resources, drawn, stack);
        } else if (operator === 'scn' || operator === 'SCN') {
          const pattern = lookup('Pattern', last);
          if (pattern instanceof PDFStream && numberOf(this.context, pattern.dict.get(N('PatternType'))) === 1) this.form(pattern, resources, drawn, stack);
        } else if (operator === 'Tf') this.glyphs(dictOf(lookup('Font', before)), resources, drawn, stack);
      },
      ({ pixels }) => {
        if (pixels > PDF_MAX_IMAGE_PIXELS) throw refuse(REFUSALS.pdfImageTooLarge(millions(PDF_MAX_IMAGE_PIXELS)));
        drawn.inlinePixels += pixels;
        this.inlinePixels += pixels;
      },
    );
  }

  private picture(picture: PDFStream, drawn: Drawn) {
    drawn.pictures.add(picture);
    // Its masks are pictures decoded with it.
    for (const key of ['SMask', 'Mask']) {
      const mask = resolve(this.context, picture.dict.get(N(key)));
      if (mask instanceof PDFStream) drawn.pictures.add(mask);
    }
  }

  /** A form XObject (or a pattern, a soft mask's group, a glyph): what it draws, counted once per file when it has its own resources. */
  private form(form: PDFStream, inherited: PDFDict | undefined, drawn: Drawn, stack: Set<PDFStream>, resources = dictOf(resolve(this.context, form.dict.get(N('Resources'))))) {
    if (stack.has(form) || stack.size > 64) return;
    const cached = resources ? this.forms.get(form) : undefined;
    let own = cached;
    if (!own) {
      own = { pictures: new Set(), inlinePixels: 0 };
      stack.add(form);
      const data = this.decode(form);
      this.draw(data ?? new Uint8Array(), resources ?? inherited, own, stack, data !== null);
      stack.delete(form);
      if (resources) this.forms.set(form, own);
    }
    for (const picture of own.pictures) drawn.pictures.add(picture);
    drawn.inlinePixels += own.inlinePixels;
  }

  /** Every picture a resource dictionary offers, through its forms, patterns, soft masks and Type 3 glyphs: for content that cannot be read. */
  private everything(resources: PDFDict | undefined, drawn: Drawn, stack: Set<PDFStream>) {
    const entries = (category: string) => (dictOf(resolve(this.context, resources?.get(N(category))))?.entries() ?? []).map(([, value]) => resolve(this.context, value));
    for (const object of entries('XObject')) {
      if (!(object instanceof PDFStream)) continue;
      if (nameOf(object.dict.get(N('Subtype'))) === 'Image') this.picture(object, drawn);
      else this.form(object, resources, drawn, stack);
    }
    for (const pattern of entries('Pattern')) if (pattern instanceof PDFStream) this.form(pattern, resources, drawn, stack);
    for (const state of entries('ExtGState')) {
      const group = resolve(this.context, dictOf(resolve(this.context, dictOf(state)?.get(N('SMask'))))?.get(N('G')));
      if (group instanceof PDFStream) this.form(group, resources, drawn, stack);
    }
    for (const font of entries('Font')) this.glyphs(dictOf(font), resources, drawn, stack);
  }

  /** What a Type 3 font's glyphs draw. */
  private glyphs(font: PDFDict | undefined, resources: PDFDict | undefined, drawn: Drawn, stack: Set<PDFStream>) {
    if (!font || nameOf(font.get(N('Subtype'))) !== 'Type3') return;
    const own = dictOf(resolve(this.context, font.get(N('Resources'))));
    for (const [, glyph] of dictOf(resolve(this.context, font.get(N('CharProcs'))))?.entries() ?? []) {
      const procedure = resolve(this.context, glyph);
      if (procedure instanceof PDFStream) this.form(procedure, resources, drawn, stack, own);
    }
  }
}

/**
 * Refuses a PDF whose pictures would take too much memory to draw: any picture above `PDF_MAX_IMAGE_PIXELS`, a page
 * above `PDF_MAX_PAGE_PIXELS`, a file above `PDF_MAX_FILE_PIXELS` (each picture counted once, inline ones each time).
 */
function checkPictures(document: PDFDocument) {
  const { context } = document;
  let filePixels = 0;
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream) || nameOf(object.dict.get(N('Subtype'))) !== 'Image') continue;
    const pixels = picturePixels(context, object);
    if (pixels > PDF_MAX_IMAGE_PIXELS) throw refuse(REFUSALS.pdfImageTooLarge(millions(PDF_MAX_IMAGE_PIXELS)));
    filePixels += pixels;
  }
  if (filePixels > PDF_MAX_FILE_PIXELS) throw refuse(REFUSALS.pdfImagesTooLarge(millions(PDF_MAX_FILE_PIXELS)));
  const counter = new PictureCounter(context);
  for (const page of document.getPages()) {
    if (counter.page(page.node, page.node.Resources()) > PDF_MAX_PAGE_PIXELS) throw refuse(REFUSALS.pdfPageTooLarge(millions(PDF_MAX_PAGE_PIXELS)));
  }
  if (filePixels + counter.inlinePixels > PDF_MAX_FILE_PIXELS) throw refuse(REFUSALS.pdfImagesTooLarge(millions(PDF_MAX_FILE_PIXELS)));
}

/**
 * Checks a PDF and writes it again, inert. In this order: readable (a file cut short or that pdf-lib cannot read is
 * broken); opened without a password (an owner password only is removed by qpdf; a file that needs one is refused as
 * protected); no XFA form; no embedded file (attachments, file attachment annotations); at most `maxPages` pages; then
 * every action and active annotation is taken out (see the top of this file) and pictures are held to their pixel
 * budgets. The copy pdf-lib writes holds only what hangs from the catalog: what followed the file's end, earlier
 * revisions and orphan objects are dropped. Object streams are unpacked as pdf-lib loads, and the copy is written
 * without them, so that anyone can read its dictionaries. `options` may be the page limit alone.
 */
export async function cleanPdf(bytes: Uint8Array, options: number | CleanPdfOptions): Promise<CleanPdf> {
  const { maxPages, qpdf = 'qpdf', qpdfTimeoutMs = QPDF_TIMEOUT_MS, tempDir = tmpdir() } = typeof options === 'number' ? { maxPages: options } : options;
  // A file cut short loses its end marker; pdf-lib would otherwise make do with whatever objects it finds.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.lastIndexOf('%%EOF') < 0) throw broken();
  if (structureTooLarge(buffer)) throw refuse(REFUSALS.pdfTooComplex);
  const document = await open(bytes, qpdf, qpdfTimeoutMs, tempDir);
  canonicalNames(document.context);
  refusedContent(document);
  let pages: number;
  try {
    pages = document.getPageCount();
    for (const page of document.getPages()) {
      const contents = page.node.get(N('Contents'));
      const missing = (value: PDFObject | undefined) => value instanceof PDFRef && document.context.lookup(value) === undefined;
      if (missing(contents) || (contents instanceof PDFArray && contents.asArray().some(missing))) throw new Error('A page lacks its content');
    }
  } catch (error) {
    if (error instanceof DocumentRefused) throw error;
    throw broken();
  }
  if (pages === 0) throw broken();
  if (pages > maxPages) throw refuse(REFUSALS.tooManyPages(maxPages));
  const removed = strip(document);
  checkPictures(document);
  return { bytes: await document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false }), pages, removed };
}
