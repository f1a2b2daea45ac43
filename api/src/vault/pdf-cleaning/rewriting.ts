// Writing the document again inert: names made canonical, actions, active annotations, embedded files and what hangs only
// from them taken out.
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFStream, PDFString, type PDFContext, type PDFDocument, type PDFObject } from 'pdf-lib';
import { REFUSALS } from '../messages.js';
import { MAX_DEPTH } from './limits.js';
import { broken, dictOf, N, nameOf, refuse, resolve } from './objects.js';

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

/**
 * Every name of the document written one way: `/Java#53cript` is `/JavaScript` to a reader, and becomes it here, so
 * that each key and type below is found by its plain name (two spellings of one key in a dictionary: the first stays).
 */
export function canonicalNames(context: PDFContext) {
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
export function refuseXfa(document: PDFDocument) {
  const form = document.context.lookup(document.catalog.get(N('AcroForm')));
  if (form instanceof PDFDict && form.has(N('XFA'))) throw refuse(REFUSALS.activePdf('un formulaire XFA'));
}

/**
 * Takes every action, active annotation and embedded file out of the document, and drops what no longer hangs from it
 * (the files of the /EmbeddedFiles tree and of /AF arrays among them).
 */
export function strip(document: PDFDocument): string[] {
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
