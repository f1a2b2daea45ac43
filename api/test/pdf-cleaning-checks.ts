/**
 * What the PDF cleaning's tests check a kept PDF with: whatever active it still holds (read by pdf-lib), qpdf's check,
 * poppler's pages and text, and the French reason `cleanPdf` gives for a refusal.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import { afterAll, expect } from 'vitest';
import { DocumentRefused } from '../src/vault/messages.js';
import { cleanPdf } from '../src/vault/pdf-cleaning/index.js';

/** A folder of the calling test file's own, removed after its tests. */
export function scratchFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'hsa-pdf-test-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** A tool's answer on the bytes written to a file of their own, removed once the tool is done. */
function onFile<T>(bytes: Uint8Array, tool: (path: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), 'hsa-pdf-test-'));
  try {
    const path = join(folder, 'input.pdf');
    writeFileSync(path, bytes);
    return tool(path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** poppler's text of a PDF, words separated by single spaces. */
export const pdftotext = (bytes: Uint8Array) => onFile(bytes, (path) => execFileSync('pdftotext', ['-q', '--', path, '-'])).toString('utf8').replace(/\s+/g, ' ').trim();
export const pdfinfoPages = (bytes: Uint8Array) => Number(/^Pages:\s+(\d+)/m.exec(onFile(bytes, (path) => execFileSync('pdfinfo', ['--', path])).toString('utf8'))?.[1]);
/** qpdf's structural check: exit 0, no warning. */
export function qpdfCheck(bytes: Uint8Array) {
  const result = onFile(bytes, (path) => spawnSync('qpdf', ['--check', '--', path]));
  return { status: result.status, said: `${result.stdout.toString()}${result.stderr.toString()}` };
}

const ACTIONS = ['GoTo', 'GoToR', 'GoToE', 'GoToDp', 'Launch', 'Thread', 'URI', 'Sound', 'Movie', 'Hide', 'Named', 'SubmitForm', 'ResetForm', 'ImportData', 'SetOCGState', 'Rendition', 'Trans', 'GoTo3DView', 'JavaScript', 'RichMediaExecute'];
const ACTIVE_ANNOTATIONS = ['Screen', 'Movie', 'Sound', '3D', 'RichMedia', 'FileAttachment'];
const FORBIDDEN_KEYS = ['OpenAction', 'AA', 'JS', 'JavaScript', 'URI', 'Perms', 'XFA', 'EmbeddedFiles', 'AF', 'RichMediaContent', 'PA'];
/** Dictionaries whose keys a producer names (a picture may be /A): their keys are no actions. */
const NAME_MAPS = ['ExtGState', 'ColorSpace', 'Pattern', 'Shading', 'XObject', 'Font', 'Properties', 'Dests', 'RoleMap', 'ClassMap', 'CharProcs', 'PieceInfo'];

/**
 * Whatever active a PDF still holds, anywhere: every indirect object pdf-lib reads (object streams unpacked) and the
 * trailer, names decoded. An empty list for an inert PDF.
 */
export async function activeLeft(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  const { context } = document;
  const found: string[] = [];
  const lookup = (value: PDFObject | undefined) => (value instanceof PDFRef ? context.lookup(value) : value);
  const name = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);
  const maps = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined, where: string) => {
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (dict && maps.has(dict)) {
      for (const [key, value] of dict.entries()) if (!(value instanceof PDFRef)) visit(value, `${where}/${key.decodeText()}`);
    } else if (dict) {
      const type = name(dict.get(PDFName.of('Type')));
      const subtype = name(dict.get(PDFName.of('Subtype')));
      const action = name(dict.get(PDFName.of('S')));
      if (type === 'Action' || (action && ACTIONS.includes(action) && !dict.has(PDFName.of('P')))) found.push(`${where}: ${action} action`);
      if (subtype && ACTIVE_ANNOTATIONS.includes(subtype) && type !== '3D') found.push(`${where}: ${subtype} annotation`);
      if (type === 'EmbeddedFile' || type === '3D') found.push(`${where}: /Type /${type}`);
      if (object instanceof PDFStream) {
        if (dict.has(PDFName.of('F'))) found.push(`${where}: external stream data`);
        if (dict.has(PDFName.of('OPI'))) found.push(`${where}: OPI`);
        if (subtype === 'Form' && dict.has(PDFName.of('Ref'))) found.push(`${where}: reference XObject`);
      }
      for (const [key, value] of dict.entries()) {
        const plain = key.decodeText();
        // Only a dictionary is a name map (an appearance held as a stream, /AP /N, is checked as a stream below).
        if (NAME_MAPS.includes(plain) || (/\/AP$/.test(where) && ['N', 'D', 'R'].includes(plain))) {
          const map = lookup(value);
          if (map instanceof PDFDict) maps.add(map);
        }
        if (FORBIDDEN_KEYS.includes(plain)) found.push(`${where}: /${plain}`);
        if (plain === 'A' && lookup(value) instanceof PDFDict) found.push(`${where}: /A action`);
        if ((plain === 'EF' || plain === 'RF') && lookup(value) instanceof PDFDict) found.push(`${where}: /${plain} files`);
        if (plain === 'FS' && name(value) === 'URL') found.push(`${where}: URL file specification`);
        if (!(value instanceof PDFRef)) visit(value, `${where}/${plain}`);
      }
    } else if (object instanceof PDFArray) {
      object.asArray().forEach((value, index) => value instanceof PDFRef || visit(value, `${where}[${index}]`));
    }
  };
  const objects = context.enumerateIndirectObjects();
  // Name maps first found, wherever they are held, then every object.
  for (const [ref, object] of objects) visit(object, ref.toString());
  found.length = 0;
  for (const [ref, object] of objects) visit(object, ref.toString());
  if (context.trailerInfo.Encrypt) found.push('trailer: /Encrypt');
  return found;
}

/** Checks a kept PDF: inert, well formed, with the pages and text of `original` (poppler's reading of it). */
export async function expectKeptInert(kept: Uint8Array, original: { pages: number; text: string }) {
  expect(await activeLeft(kept)).toEqual([]);
  const check = qpdfCheck(kept);
  expect(check.status, check.said).toBe(0);
  expect(check.said).toMatch(/No syntax or stream encoding errors found/);
  expect(pdfinfoPages(kept)).toBe(original.pages);
  expect(pdftotext(kept)).toBe(original.text);
  // Written without object streams: its dictionaries can be read in its bytes.
  expect(Buffer.from(kept).includes('/ObjStm')).toBe(false);
}

/** The French reason `cleanPdf` gives, or null when it keeps the file. */
export async function refusal(bytes: Uint8Array, options: Parameters<typeof cleanPdf>[1] = { maxPages: 40 }): Promise<string | null> {
  try {
    await cleanPdf(bytes, options);
    return null;
  } catch (error) {
    if (error instanceof DocumentRefused) return error.message;
    throw error;
  }
}

export const original = (bytes: Uint8Array) => ({ pages: pdfinfoPages(bytes), text: pdftotext(bytes) });
