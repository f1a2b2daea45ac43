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
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants as zlib, inflateRawSync, inflateSync } from 'node:zlib';
import { DOCUMENT_MAX_BYTES } from '@hsa-lli/common/domain';
import {
  decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFObjectParser, PDFParser, PDFRawStream, PDFRef, PDFStream, PDFString,
  type PDFContext, type PDFObject,
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
/**
 * The most one object stream may decode to (4 MiB), and all those of a file together (8 MiB). An object stream packs
 * dictionaries, arrays and strings, never page content or pictures: pdf-lib's own 50 objects or Acrobat's 100-odd take
 * some kilobytes, the structure tree of a tagged document of 40 pages a few hundred. pdf-lib holds what it parses at up
 * to 40 times its size (a 4 MiB array of numbers takes 157 Mo of heap, a 4 MiB string half a second), and a file pool
 * thread has 768 Mo: 8 MiB leaves room for the uncompressed objects a 10 Mo upload may hold besides.
 */
export const PDF_MAX_OBJECT_STREAM_BYTES = 4 * 1024 * 1024;
export const PDF_MAX_OBJECT_STREAMS_BYTES = 8 * 1024 * 1024;
/**
 * The most the clean copy may weigh: twice the upload limit (20 Mo). The copy is written without object streams, its
 * names escaped again: an upload within the limit and the object stream caps stays below it, unless made to grow.
 */
export const PDF_MAX_COPY_BYTES = 2 * DOCUMENT_MAX_BYTES;

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
/** How long qpdf may take for one run. */
const QPDF_TIMEOUT_MS = 20_000;
/**
 * qpdf's address space (`ulimit -v`, KiB): 1 GiB. To decrypt a file qpdf inflates each object stream whole, so that an
 * encrypted upload of a megabyte could have it take gigabytes before its time limit; beyond this it fails with
 * « std::bad_alloc ». It takes some 470 Mo for an upload of 200,000 objects, more than pdf-lib could hold after it.
 */
const QPDF_MEMORY_KIB = 1024 * 1024;
/** Form XObjects, patterns, soft masks and Type 3 glyphs drawn within one another deeper than this: no document's. */
const MAX_FORM_DEPTH = 64;
/**
 * What following a form XObject or glyph with one set of resources costs, in bytes of the file's content budget
 * (`MAX_FILE_CONTENT_BYTES`), besides its content: so that thousands of resource dictionaries drawing thousands of
 * empty glyphs are held to a limit too (a quarter of a million such drawings).
 */
const FORM_COST = 1024;

/** Every action type of PDF 2.0: each one is removed with the key that holds it, but a GoTo within the document kept as a /Dest. */
const ACTION_TYPES = new Set([
  'GoTo', 'GoToR', 'GoToE', 'GoToDp', 'Launch', 'Thread', 'URI', 'Sound', 'Movie', 'Hide', 'Named', 'SubmitForm', 'ResetForm',
  'ImportData', 'SetOCGState', 'Rendition', 'Trans', 'GoTo3DView', 'JavaScript', 'RichMediaExecute',
]);
/** Annotations that play, run or carry something: removed wherever they hang. */
const ACTIVE_ANNOTATIONS = new Set(['Screen', 'Movie', 'Sound', '3D', 'RichMedia', 'FileAttachment']);
/**
 * Keys removed from every dictionary: additional and opening actions, JavaScript, the base URI (catalog) and URI
 * actions' address, usage-rights and certification permissions, the XFA form (refused before: only a stray one remains),
 * a portfolio's layout, the names trees of scripts, attachments, alternate presentations and renditions, associated
 * files (/AF: PDF/A-3 and Factur-X), and a Link annotation's former URI action.
 */
const REMOVED_KEYS = [
  'AA', 'OpenAction', 'JS', 'JavaScript', 'URI', 'Perms', 'XFA', 'NeedsRendering', 'Collection', 'EmbeddedFiles',
  'AlternatePresentations', 'Renditions', 'AF', 'PA',
].map((key) => PDFName.of(key));
/** A file specification's embedded file (/EF) and related files (/RF): removed when they are dictionaries (a usage-rights signature's /EF is a list of names). */
const EMBEDDED_FILE_KEYS = ['EF', 'RF'].map((key) => PDFName.of(key));
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

/** What pdf-lib's parsers keep to themselves, reached to read object and cross-reference streams within bounds. */
interface ParserInside {
  readonly context: PDFContext;
  readonly bytes: { offset(): number; moveTo(offset: number): void };
  parseIndirectObjectHeader(): PDFRef;
  parseIndirectObject(): Promise<PDFRef>;
  skipWhitespaceAndComments(): void;
  parseRawInt(): number;
  parseObject(): PDFObject;
  matchKeyword(keyword: number[]): boolean;
}
const ENDOBJ = [...'endobj'].map((character) => character.charCodeAt(0));
/** pdf-lib's document around a parsed context (its constructor is private: `PDFDocument.load` does just this). */
const PDFDocumentOf = PDFDocument as unknown as new (context: PDFContext, ignoreEncryption: boolean, updateMetadata: boolean) => PDFDocument;

/**
 * The document pdf-lib reads in `bytes`, its object and cross-reference streams read here rather than by pdf-lib, which
 * inflates them whole before looking at them: each indirect object is parsed as pdf-lib does (same parser, same test of
 * its /Type, whatever its dictionary holds before its data), then an object stream is decoded through every filter of
 * its chain within `PDF_MAX_OBJECT_STREAM_BYTES` (all of them within `PDF_MAX_OBJECT_STREAMS_BYTES`, « trop lourd »
 * beyond), a filter that cannot be undone making the file broken, and its objects are read once each; a
 * cross-reference stream gives its trailer and nothing else (pdf-lib reads its entries for nothing: one that announces
 * millions of them would hold it for seconds). `strict`: an object that cannot be read makes the whole file unreadable
 * (pdf-lib's `throwOnInvalidObject`); else it is skipped, but object streams stay within their limits.
 */
async function load(bytes: Uint8Array, strict = true): Promise<PDFDocument> {
  const parser = PDFParser.forBytesWithOptions(bytes, Infinity, strict, false);
  const inside = parser as unknown as ParserInside;
  const budget = { total: 0 };
  // pdf-lib turns any error of one object into its own "invalid object" error, or skips the object: kept here.
  let refusal: DocumentRefused | undefined;
  inside.parseIndirectObject = async () => {
    if (refusal) throw refusal;
    const ref = inside.parseIndirectObjectHeader();
    inside.skipWhitespaceAndComments();
    const object = inside.parseObject();
    inside.skipWhitespaceAndComments();
    inside.matchKeyword(ENDOBJ);
    const type = object instanceof PDFRawStream ? object.dict.lookup(N('Type')) : undefined;
    if (object instanceof PDFRawStream && type === N('ObjStm')) {
      try {
        unpackObjectStream(inside.context, object, budget);
      } catch (error) {
        if (error instanceof DocumentRefused && (strict || error.message === REFUSALS.pdfTooComplex)) refusal = error;
        throw error;
      }
    } else if (object instanceof PDFRawStream && type === N('XRef')) {
      const { dict } = object;
      inside.context.trailerInfo = { Root: dict.get(N('Root')), Encrypt: dict.get(N('Encrypt')), Info: dict.get(N('Info')), ID: dict.get(N('ID')) };
    } else inside.context.assign(ref, object);
    return ref;
  };
  let context: PDFContext;
  try {
    context = await parser.parseDocument();
  } catch (error) {
    throw refusal ?? error;
  }
  if (refusal) throw refusal;
  return new PDFDocumentOf(context, true, false);
}

/**
 * Puts the objects of an object stream into `context`, as pdf-lib would, after decoding it within its limits (counted
 * in `budget`). Its objects are read in the order of their offsets, each from its offset to its end, and the next may
 * not start before: a hundred numbers at the offset of one big string would have it read a hundred times. A stream
 * among them (forbidden there) makes the file broken.
 */
function unpackObjectStream(context: PDFContext, stream: PDFRawStream, budget: { total: number }) {
  let data: Uint8Array;
  try {
    data = decodeStream(context, stream, PDF_MAX_OBJECT_STREAM_BYTES, true) ?? new Uint8Array();
  } catch (error) {
    throw error instanceof ContentTooLarge ? refuse(REFUSALS.pdfTooComplex) : error;
  }
  budget.total += data.length;
  if (budget.total > PDF_MAX_OBJECT_STREAMS_BYTES) throw refuse(REFUSALS.pdfTooComplex);
  const first = stream.dict.lookup(N('First'));
  const count = stream.dict.lookup(N('N'));
  if (!(first instanceof PDFNumber) || !(count instanceof PDFNumber)) throw broken();
  const start = first.asNumber();
  const reader = PDFObjectParser.forBytes(data, context) as unknown as ParserInside;
  const entries: { number: number; offset: number; object?: PDFObject }[] = [];
  try {
    // Each pair takes two bytes at least: a count beyond the data ends at its end.
    for (let index = 0; index < count.asNumber(); index += 1) {
      reader.skipWhitespaceAndComments();
      const number = reader.parseRawInt();
      reader.skipWhitespaceAndComments();
      entries.push({ number, offset: start + reader.parseRawInt() });
    }
    let end = reader.bytes.offset();
    for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
      if (entry.offset < end || entry.offset >= data.length) throw broken();
      reader.bytes.moveTo(entry.offset);
      entry.object = reader.parseObject();
      if (entry.object instanceof PDFStream) throw broken();
      end = reader.bytes.offset();
    }
  } catch (error) {
    throw error instanceof DocumentRefused ? error : broken();
  }
  for (const { number, object } of entries) context.assign(PDFRef.of(number, 0), object!);
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
async function open(bytes: Uint8Array, qpdf: string | null, tempDir: string): Promise<PDFDocument> {
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
 * `MAX_DEPTH`. Only a dictionary is a name map: a stream held where one may be (an appearance, /AP /N, is a stream or a
 * dictionary of appearance states) is walked as a stream, its rules applied. `enter` sees each dictionary (a stream's
 * included) before its entries are walked, and may change it; `keep` may drop an entry of a dictionary or an array by
 * what it leads to. Returns the indirect objects reached.
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
      const asMap = map && !(context.lookup(object) instanceof PDFStream);
      const seen = asMap ? reached.map : reached.plain;
      if (!seen.has(object)) {
        seen.add(object);
        queue.push({ ref: object, key, map: asMap });
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
  // Read in order, not shifted: shifting an array of a hundred thousand objects moves them all each time.
  for (let index = 0; index < queue.length; index += 1) visit(context.lookup(queue[index]!.ref), 0, queue[index]!.key, queue[index]!.map);
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

/** Refuses an XFA form before anything is taken out of the document: without its XFA, it would be kept empty. */
function refuseXfa(document: PDFDocument) {
  const form = document.context.lookup(document.catalog.get(N('AcroForm')));
  if (form instanceof PDFDict && form.has(N('XFA'))) throw refuse(REFUSALS.activePdf('un formulaire XFA'));
}

/**
 * Takes every action, active annotation and embedded file out of the document, and drops what no longer hangs from it
 * (the files of the /EmbeddedFiles tree and of /AF arrays among them).
 */
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
      for (const key of EMBEDDED_FILE_KEYS) {
        if (resolve(context, dict.get(key)) instanceof PDFDict) {
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
      // An embedded file held where no reader looks for one.
      else if (value instanceof PDFStream && nameOf(dict.get(N('Type'))) === 'EmbeddedFile') gone = 'embedded file';
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
  // The trailer's /Size: one more than the largest object number still written (a loop: a file may hold more objects
  // than a call may take arguments).
  let largest = 0;
  for (const ref of reached) largest = Math.max(largest, ref.objectNumber);
  context.largestObjectNumber = largest;
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

/** Whether data starts with a zlib header (deflate, a valid check): `FlateDecode`'s format. */
const zlibHeader = (data: Uint8Array) => data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;

/**
 * One filter undone within `limit` bytes: `ContentTooLarge` beyond (zlib stops there, other decoders are read a
 * megabyte at a time), null when it cannot be undone here (an image filter, data that does not decode).
 */
function undoFilter(context: PDFContext, name: string, parms: PDFDict | undefined, data: Uint8Array, limit: number): Uint8Array | null {
  if (name === 'FlateDecode') {
    const options = { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: limit };
    // zlib's format; the same with a wrong checksum (readers take its data, as pdf-lib does); raw deflate.
    const attempts = [() => inflateSync(data, options), () => (zlibHeader(data) ? inflateRawSync(data.subarray(2), options) : null), () => inflateRawSync(data, options)];
    for (const attempt of attempts) {
      try {
        const inflated = attempt();
        if (inflated) return inflated;
      } catch (error) {
        if (error instanceof RangeError) throw new ContentTooLarge();
      }
    }
    return null;
  }
  if (!['LZWDecode', 'ASCIIHexDecode', 'ASCII85Decode', 'RunLengthDecode'].includes(name)) return null;
  try {
    const decoder = decodePDFRawStream(PDFRawStream.of(context.obj({ Filter: name, DecodeParms: parms ?? null }), data));
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (let chunk = decoder.getBytes(1024 * 1024); chunk.length > 0; chunk = decoder.getBytes(1024 * 1024)) {
      total += chunk.length;
      if (total > limit) throw new ContentTooLarge();
      chunks.push(Uint8Array.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof ContentTooLarge) throw error;
    return null;
  }
}

/**
 * A stream's data once every filter of its chain is undone, each within `limit` bytes (`ContentTooLarge` beyond). When
 * one cannot be undone here (an image filter, a predictor, data that does not decode): null, or, `required`, a broken file.
 */
function decodeStream(context: PDFContext, stream: PDFStream, limit: number, required = false): Uint8Array | null {
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  let data: Uint8Array = stream.contents;
  for (const { name, parms } of filtersOf(context, stream.dict)) {
    const undone = parms && numberOf(context, parms.get(N('Predictor'))) > 1 ? null : undoFilter(context, name, parms, data, limit);
    if (!undone) {
      if (required) throw broken();
      return null;
    }
    data = undone;
  }
  return data;
}

/** A content stream decoded within `MAX_CONTENT_BYTES` (null when its filters cannot be undone here). */
const decodeContent = (context: PDFContext, stream: PDFStream) => decodeStream(context, stream, MAX_CONTENT_BYTES);

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

/**
 * What a content stream draws, read once: its picture XObjects, its inline pictures' pixels, and what the form
 * XObjects, patterns, soft masks and Type 3 fonts it draws draw (their own `Drawn`, shared).
 */
interface Drawn {
  pictures: Set<PDFStream>;
  inlinePixels: number;
  parts: Set<Drawn>;
}

const nothingDrawn = (): Drawn => ({ pictures: new Set(), inlinePixels: 0, parts: new Set() });

/** Entries of a map keyed by a stream or dictionary, then by the resources it is read with. */
class ByResources<K extends object> {
  private readonly map = new Map<K, Map<PDFDict | undefined, Drawn>>();

  get(key: K, resources: PDFDict | undefined): Drawn | undefined {
    return this.map.get(key)?.get(resources);
  }

  set(key: K, resources: PDFDict | undefined, drawn: Drawn) {
    let inner = this.map.get(key);
    if (!inner) this.map.set(key, (inner = new Map()));
    inner.set(resources, drawn);
  }
}

/**
 * Counts what a page draws, following its content into form XObjects, soft masks, patterns and Type 3 glyphs. Each of
 * those is read once per file with each set of resources it is drawn with (its own, or those it inherits: a form or a
 * glyph without resources of its own draws what the names of its drawer's resources stand for), and a page counts each
 * picture it draws once, and the inline pictures of each form or glyph once, however often it is drawn.
 */
class PictureCounter {
  private readonly forms = new ByResources<PDFStream>();
  private readonly fonts = new ByResources<PDFDict>();
  private decoded = 0;
  /** Inline pictures of the whole file (a form's or glyph's once per set of resources). */
  inlinePixels = 0;

  constructor(private readonly context: PDFContext) {}

  /** The pixels one page draws. */
  page(node: PDFDict, resources: PDFDict | undefined): number {
    const drawn = nothingDrawn();
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
    this.draw(Buffer.concat(parts), resources, drawn, 0, readable);
    // Annotations' appearances are drawn with the page.
    const annotations = resolve(this.context, node.get(N('Annots')));
    for (const annotation of annotations instanceof PDFArray ? annotations.asArray() : []) {
      const appearance = dictOf(resolve(this.context, dictOf(resolve(this.context, annotation))?.get(N('AP'))));
      const normal = resolve(this.context, appearance?.get(N('N')));
      const forms = normal instanceof PDFStream ? [normal] : normal instanceof PDFDict ? normal.entries().map(([, value]) => resolve(this.context, value)) : [];
      for (const form of forms) if (form instanceof PDFStream) this.form(form, undefined, drawn, 0);
    }
    // Everything it draws, through forms and glyphs, each once.
    const pictures = new Set<PDFStream>();
    let pixels = 0;
    const seen = new Set<Drawn>([drawn]);
    const queue = [drawn];
    for (const part of queue) {
      pixels += part.inlinePixels;
      for (const picture of part.pictures) pictures.add(picture);
      for (const next of part.parts) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    for (const picture of pictures) pixels += picturePixels(this.context, picture);
    return pixels;
  }

  /** A stream's content, its bytes (and `extra` more) counted in the file's budget. */
  private decode(stream: PDFStream, extra = 0): Uint8Array | null {
    this.decoded += extra;
    try {
      const data = this.decoded > MAX_FILE_CONTENT_BYTES ? null : decodeContent(this.context, stream);
      this.decoded += data?.length ?? 0;
      if (this.decoded > MAX_FILE_CONTENT_BYTES) throw new ContentTooLarge();
      return data;
    } catch (error) {
      if (error instanceof ContentTooLarge) throw refuse(REFUSALS.pdfTooComplex);
      throw error;
    }
  }

  /** Follows a content stream's drawing operators; when it cannot be read, every picture its resources offer is counted. */
  private draw(data: Uint8Array, resources: PDFDict | undefined, drawn: Drawn, depth: number, readable = true) {
    if (!readable) this.everything(resources, drawn, depth);
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
          else if (subtype === 'Form') this.form(object, resources, drawn, depth);
        } else if (operator === 'gs') {
          const mask = dictOf(resolve(this.context, dictOf(lookup('ExtGState', last))?.get(N('SMask'))));
          const group = resolve(this.context, mask?.get(N('G')));
          if (group instanceof PDFStream) this.form(group, resources, drawn, depth);
        } else if (operator === 'scn' || operator === 'SCN') {
          const pattern = lookup('Pattern', last);
          if (pattern instanceof PDFStream && numberOf(this.context, pattern.dict.get(N('PatternType'))) === 1) this.form(pattern, resources, drawn, depth);
        } else if (operator === 'Tf') this.glyphs(dictOf(lookup('Font', before)), resources, drawn, depth);
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

  /**
   * A form XObject (or a pattern, a soft mask's group, a glyph) drawn with `inherited` resources: what it draws, read
   * once per file with each set of resources it is read with. Its `Drawn` is kept before it is read: a form that draws
   * itself, directly or not, finds it.
   */
  private form(form: PDFStream, inherited: PDFDict | undefined, drawn: Drawn, depth: number, own = dictOf(resolve(this.context, form.dict.get(N('Resources'))))) {
    const resources = own instanceof PDFDict ? own : inherited;
    let read = this.forms.get(form, resources);
    if (!read) {
      if (depth >= MAX_FORM_DEPTH) throw refuse(REFUSALS.pdfTooComplex);
      read = nothingDrawn();
      this.forms.set(form, resources, read);
      const data = this.decode(form, FORM_COST);
      this.draw(data ?? new Uint8Array(), resources, read, depth + 1, data !== null);
    }
    drawn.parts.add(read);
  }

  /** Every picture a resource dictionary offers, through its forms, patterns, soft masks and Type 3 glyphs: for content that cannot be read. */
  private everything(resources: PDFDict | undefined, drawn: Drawn, depth: number) {
    const entries = (category: string) => (dictOf(resolve(this.context, resources?.get(N(category))))?.entries() ?? []).map(([, value]) => resolve(this.context, value));
    for (const object of entries('XObject')) {
      if (!(object instanceof PDFStream)) continue;
      if (nameOf(object.dict.get(N('Subtype'))) === 'Image') this.picture(object, drawn);
      else this.form(object, resources, drawn, depth);
    }
    for (const pattern of entries('Pattern')) if (pattern instanceof PDFStream) this.form(pattern, resources, drawn, depth);
    for (const state of entries('ExtGState')) {
      const group = resolve(this.context, dictOf(resolve(this.context, dictOf(state)?.get(N('SMask'))))?.get(N('G')));
      if (group instanceof PDFStream) this.form(group, resources, drawn, depth);
    }
    for (const font of entries('Font')) this.glyphs(dictOf(font), resources, drawn, depth);
  }

  /** What a Type 3 font's glyphs draw (all of them, whichever a text shows), read once per file with each set of resources. */
  private glyphs(font: PDFDict | undefined, inherited: PDFDict | undefined, drawn: Drawn, depth: number) {
    if (!font || nameOf(font.get(N('Subtype'))) !== 'Type3') return;
    const own = dictOf(resolve(this.context, font.get(N('Resources'))));
    const resources = own instanceof PDFDict ? own : inherited;
    let read = this.fonts.get(font, resources);
    if (!read) {
      read = nothingDrawn();
      this.fonts.set(font, resources, read);
      for (const [, glyph] of dictOf(resolve(this.context, font.get(N('CharProcs'))))?.entries() ?? []) {
        const procedure = resolve(this.context, glyph);
        if (procedure instanceof PDFStream) this.form(procedure, resources, read, depth, own);
      }
    }
    drawn.parts.add(read);
  }
}

/** A page's resources, inherited from its ancestors when it has none; anything but a dictionary is none, as readers take it. */
function pageResources(context: PDFContext, node: PDFDict): PDFDict | undefined {
  let current: PDFDict | undefined = node;
  for (let depth = 0; current && depth < MAX_DEPTH; depth += 1) {
    const resources = current.get(N('Resources'));
    if (resources !== undefined) {
      const dict = resolve(context, resources);
      return dict instanceof PDFDict ? dict : undefined;
    }
    const parent = resolve(context, current.get(N('Parent')));
    current = parent instanceof PDFDict ? parent : undefined;
  }
  return undefined;
}

/**
 * Refuses a PDF whose pictures would take too much memory to draw: any picture above `PDF_MAX_IMAGE_PIXELS`, a page
 * above `PDF_MAX_PAGE_PIXELS`, a file above `PDF_MAX_FILE_PIXELS` (each picture counted once, inline ones each time
 * they are read: a page's each time, a form's or glyph's once per set of resources).
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
    if (counter.page(page.node, pageResources(context, page.node)) > PDF_MAX_PAGE_PIXELS) throw refuse(REFUSALS.pdfPageTooLarge(millions(PDF_MAX_PAGE_PIXELS)));
  }
  if (filePixels + counter.inlinePixels > PDF_MAX_FILE_PIXELS) throw refuse(REFUSALS.pdfImagesTooLarge(millions(PDF_MAX_FILE_PIXELS)));
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
