/**
 * `cleanPdf` on its own (no server): kept PDFs hold no action, active annotation, external data or embedded file
 * anywhere, and keep their pages and text (read again by pdf-lib, qpdf and poppler); each refusal says its real cause;
 * pictures are held to their pixel budgets without being decoded; object streams and the clean copy to their sizes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants as zlib, deflateRawSync, deflateSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, PDFTextField, popGraphicsState, pushGraphicsState, type PDFObject } from 'pdf-lib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentRefused, REFUSALS } from '../src/vault/messages.js';
import {
  cleanPdf,
  PDF_MAX_COPY_BYTES,
  PDF_MAX_FILE_PIXELS,
  PDF_MAX_IMAGE_PIXELS,
  PDF_MAX_OBJECT_STREAM_BYTES,
  PDF_MAX_OBJECT_STREAMS_BYTES,
  PDF_MAX_PAGE_PIXELS,
  qpdfAvailable,
} from '../src/vault/pdf-cleaning/index.js';
import {
  brokenPdfSayingEncrypt,
  facturX,
  fixture,
  FORM_VALUE,
  HOSTILE_FILES,
  INERT_PDFS,
  pdfWithPages,
  pictureBomb,
  picturesPdf,
  rawPdf,
  rawStream,
  readerExtendedForm,
  STRIPPED_FILES,
} from './hostile-files.js';

const scratch = mkdtempSync(join(tmpdir(), 'hsa-pdf-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let written = 0;
function file(bytes: Uint8Array): string {
  const path = join(scratch, `${(written += 1)}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

/** poppler's text of a PDF, words separated by single spaces. */
const pdftotext = (bytes: Uint8Array) => execFileSync('pdftotext', ['-q', '--', file(bytes), '-']).toString('utf8').replace(/\s+/g, ' ').trim();
const pdfinfoPages = (bytes: Uint8Array) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', ['--', file(bytes)]).toString('utf8'))?.[1]);
/** qpdf's structural check: exit 0, no warning. */
function qpdfCheck(bytes: Uint8Array) {
  const result = spawnSync('qpdf', ['--check', '--', file(bytes)]);
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
async function activeLeft(bytes: Uint8Array): Promise<string[]> {
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
async function expectKeptInert(kept: Uint8Array, original: { pages: number; text: string }) {
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
async function refusal(bytes: Uint8Array, options: Parameters<typeof cleanPdf>[1] = { maxPages: 40 }): Promise<string | null> {
  try {
    await cleanPdf(bytes, options);
    return null;
  } catch (error) {
    if (error instanceof DocumentRefused) return error.message;
    throw error;
  }
}

const original = (bytes: Uint8Array) => ({ pages: pdfinfoPages(bytes), text: pdftotext(bytes) });

describe('a kept PDF is inert', () => {
  it.each(INERT_PDFS)('keeps $name without its actions, with its pages and text', async ({ bytes, absent }) => {
    const upload = await bytes();
    const kept = await cleanPdf(upload, { maxPages: 12 });
    await expectKeptInert(kept.bytes, original(upload));
    expect(kept.pages).toBe(pdfinfoPages(upload));
    for (const text of absent) {
      expect(upload.includes(text, 0, 'latin1'), text).toBe(true);
      expect(Buffer.from(kept.bytes).includes(text, 0, 'latin1'), text).toBe(false);
    }
  });

  it('says what it took out', async () => {
    const [javascript, , , launch, uri] = INERT_PDFS;
    expect((await cleanPdf(await javascript!.bytes(), 1)).removed).toEqual(['OpenAction']);
    expect((await cleanPdf(await launch!.bytes(), 1)).removed).toEqual(['OpenAction']);
    expect((await cleanPdf(await uri!.bytes(), 1)).removed).toEqual(['OpenAction', 'URI']);
    expect((await cleanPdf(rawPdf(), 1)).removed).toEqual([]);
  });

  it('keeps a filled, Reader-extended form: its usage rights dropped, its field and value kept', async () => {
    const upload = readerExtendedForm();
    expect(upload.includes('/EF [/Create')).toBe(true);
    const kept = await cleanPdf(upload, { maxPages: 1 });
    await expectKeptInert(kept.bytes, original(upload));
    expect(kept.removed).toEqual(['Perms']);
    const form = (await PDFDocument.load(kept.bytes)).getForm();
    expect(form.getFields().map((field) => field.getName())).toEqual(['nom']);
    expect((form.getField('nom') as PDFTextField).getText()).toBe(FORM_VALUE);
  });

  it('keeps a link or an outline entry to a page of the document as a plain destination, and drops those that go outside', async () => {
    const upload = rawPdf({
      pages: ['Sommaire', 'Revenus'],
      catalog: '/Outlines 102 0 R',
      page: '/Annots [100 0 R 101 0 R]',
      extra: [
        '<< /Type /Annot /Subtype /Link /Rect [72 700 300 740] /A << /S /GoTo /D [12 0 R /Fit] >> >>',
        '<< /Type /Annot /Subtype /Link /Rect [72 600 300 640] /A << /S /URI /URI (https://collecte.example/) >> >>',
        '<< /Type /Outlines /First 103 0 R /Last 104 0 R /Count 2 >>',
        '<< /Title (Revenus) /Parent 102 0 R /Next 104 0 R /A << /S /GoTo /D [12 0 R /Fit] /Next << /S /JavaScript /JS (app.alert(1)) >> >> >>',
        '<< /Title (Site) /Parent 102 0 R /Prev 103 0 R /A << /S /URI /URI (https://collecte.example/) >> >>',
      ],
    });
    const kept = await cleanPdf(upload, { maxPages: 2 });
    await expectKeptInert(kept.bytes, original(upload));
    const document = await PDFDocument.load(kept.bytes);
    const [first, second] = document.getPages();
    const links = first!.node.Annots()!.asArray().map((ref) => document.context.lookup(ref, PDFDict));
    expect(links).toHaveLength(1);
    expect(links[0]!.lookup(PDFName.of('Dest'), PDFArray).get(0)).toBe(second!.ref);
    const outlines = document.catalog.lookup(PDFName.of('Outlines'), PDFDict);
    const revenus = outlines.lookup(PDFName.of('First'), PDFDict);
    const site = outlines.lookup(PDFName.of('Last'), PDFDict);
    expect(revenus.lookup(PDFName.of('Dest'), PDFArray).get(0)).toBe(second!.ref);
    expect(site.has(PDFName.of('Dest'))).toBe(false);
    expect(site.lookup(PDFName.of('Title'))?.toString()).toBe('(Site)');
  });

  it('finds actions behind escaped names, in cycles, and drops objects nothing points to', async () => {
    const upload = rawPdf({
      catalog: '/Open#41ction << /S /Java#53cript /J#53 (app.alert(1)) /Next 100 0 R >> /#41A << /WC 100 0 R >>',
      page: '/Annots [102 0 R]',
      extra: [
        '<< /S /JavaScript /JS (app.alert(2)) /Next [100 0 R 100 0 R] >>',
        '<< /Type /Action /S /Launch /F (orphelin.exe) >>',
        '<< /Type /Annot /Subtype /Sc#72een /Rect [0 0 10 10] /P 10 0 R /Popup 103 0 R >>',
        '<< /Type /Annot /Subtype /Popup /Rect [0 0 10 10] /Parent 102 0 R >>',
      ],
    });
    const kept = await cleanPdf(upload, { maxPages: 1 });
    await expectKeptInert(kept.bytes, original(upload));
    for (const text of ['app.alert', 'orphelin.exe', 'Sc#72een', '/Screen']) expect(Buffer.from(kept.bytes).includes(text), text).toBe(false);
  });

  it('removes embedded files wherever they hang, and keeps the document', async () => {
    const exe = rawStream('MZ-LISEZ-MOI', '/Type /EmbeddedFile');
    const uploads = [
      // pdf-lib's attachment: the /EmbeddedFiles names tree and the catalog's associated files (/AF).
      await pdfWithPages(1, async (document) => document.attach(Buffer.from('MZ-LISEZ-MOI'), 'lisez-moi.exe', { mimeType: 'application/octet-stream' }), false),
      rawPdf({ catalog: '/OpenAction << /S /Launch /F << /Type /Filespec /F (run.exe) /EF << /F 100 0 R >> >> >>', extra: [exe] }),
      rawPdf({ page: '/Annots [100 0 R]', extra: ['<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 9 9] /FS << /F (a.txt) /EF << /F 101 0 R >> >> >>', exe] }),
      // A page's associated file, a file specification with related files (/RF), the file held under a key no reader knows.
      rawPdf({ catalog: '/Custom 101 0 R', page: '/AF [100 0 R]', extra: ['<< /Type /Filespec /F (a.exe) /EF << /F 101 0 R >> /RF << /F 102 0 R >> >>', exe, '[(a.exe) 101 0 R]'] }),
      rawPdf({ page: '/Annots [100 0 R]', extra: ['<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /Dest [10 0 R /Fit] /Spec << /Type /Filespec /F (a.exe) /EF << /F 101 0 R >> >> >>', exe] }),
    ];
    for (const upload of uploads) {
      expect(await activeLeft(upload)).not.toEqual([]);
      const kept = await cleanPdf(upload, 1);
      await expectKeptInert(kept.bytes, original(upload));
      expect(Buffer.from(kept.bytes).includes('MZ-LISEZ-MOI')).toBe(false);
    }
    // An attachments tree without any file, or a file specification of another file, goes too.
    const kept = await cleanPdf(rawPdf({ catalog: '/Names << /EmbeddedFiles << /Names [(a) << /Type /Filespec /F (ailleurs.pdf) >>] >> >>' }), 1);
    expect(kept.removed).toEqual(['EmbeddedFiles']);
  });

  it('keeps a Factur-X bill (PDF/A-3) without its factur-x.xml, its metadata kept', async () => {
    const upload = facturX();
    const kept = await cleanPdf(upload, 1);
    await expectKeptInert(kept.bytes, original(upload));
    expect(kept.removed).toEqual(['AF', 'EmbeddedFiles']);
    const copy = Buffer.from(kept.bytes);
    expect(copy.includes('CrossIndustryInvoice')).toBe(false);
    expect(copy.includes('<pdfaid:part>3</pdfaid:part>')).toBe(true);
  });

  it('walks a field appearance held as a stream as a stream: its external data and references go', async () => {
    const upload = INERT_PDFS.find((inert) => inert.name.startsWith('a form whose field appearance'))!;
    const bytes = await upload.bytes();
    expect(await activeLeft(bytes)).toEqual(expect.arrayContaining([expect.stringMatching(/external stream data/), expect.stringMatching(/reference XObject/), expect.stringMatching(/OPI/)]));
    const kept = await cleanPdf(bytes, 1);
    expect(kept.removed).toEqual(['stream F', 'stream OPI', 'stream Ref']);
    const form = (await PDFDocument.load(kept.bytes)).getForm();
    expect((form.getField('nom') as PDFTextField).getText()).toBe(FORM_VALUE);
  });

  it('refuses objects nested deeper than any document’s', async () => {
    const deep = `${'['.repeat(300)}${']'.repeat(300)}`;
    expect(await refusal(rawPdf({ catalog: '/Deep 100 0 R', extra: [deep] }))).toBe(REFUSALS.brokenPdf);
  });

  describe('real-world PDFs', () => {
    it.each(['text-distiller.pdf', 'text-quartz.pdf'])('keeps %s with its pages and text', async (name) => {
      const upload = fixture(`real/${name}`);
      const kept = await cleanPdf(upload, { maxPages: 12 });
      await expectKeptInert(kept.bytes, original(upload));
    });

    it('keeps a form whose fields run formatting scripts once inert, with all its fields', async () => {
      const upload = fixture('real/form-javascript.pdf');
      expect(upload.length).toBeGreaterThan(0);
      const before = (await PDFDocument.load(upload)).getForm().getFields().map((field) => field.getName());
      expect(await activeLeft(upload)).toEqual(expect.arrayContaining([expect.stringMatching(/JavaScript action/), expect.stringMatching(/\/AA$/)]));
      const kept = await cleanPdf(upload, { maxPages: 12 });
      await expectKeptInert(kept.bytes, original(upload));
      expect(kept.removed).toEqual(expect.arrayContaining(['AA']));
      expect((await PDFDocument.load(kept.bytes)).getForm().getFields().map((field) => field.getName())).toEqual(before);
    });

    it('tells a real PDF cut short that it is broken', async () => {
      expect(await refusal(fixture('real/truncated.pdf'))).toBe(REFUSALS.brokenPdf);
    });
  });
});

describe('each refusal names its real cause', () => {
  // The hostile files named .pdf that only the vault's size limit or antivirus tells (they are PDFs cleanPdf would keep) aside.
  const hostilePdfs = HOSTILE_FILES.filter((hostile) => !hostile.antivirus && /\.pdf$/.test(hostile.fileName) && !/11 MB/.test(hostile.name));

  it.each(hostilePdfs.map((hostile) => ({ ...hostile })))('refuses $name', async (hostile) => {
    const bytes = await hostile.bytes();
    if (bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) expect(await refusal(bytes, { maxPages: 40 })).toMatch(hostile.expect);
    else {
      // Not a PDF by its magic bytes (the vault refuses it as « n’est pas accepté » first): cleanPdf alone finds it broken.
      expect(hostile.expect.source).toMatch(/n’est pas accepté|vide/);
      expect(await refusal(bytes, { maxPages: 40 })).toBe(REFUSALS.brokenPdf);
    }
  });

  it('checks real PDFs among the hostile files, not only files that are no PDF', async () => {
    const magic = await Promise.all(hostilePdfs.map(async (hostile) => (await hostile.bytes()).subarray(0, 5).toString('latin1')));
    expect(magic.filter((start) => start === '%PDF-').length).toBeGreaterThanOrEqual(8);
  });

  it('keeps the PDFs the vault keeps, without the bytes they must lose', async () => {
    for (const stripped of STRIPPED_FILES.filter((file) => file.contentType === 'application/pdf')) {
      const upload = await stripped.bytes();
      const kept = Buffer.from((await cleanPdf(upload, { maxPages: 12 })).bytes);
      for (const text of stripped.absent) expect(kept.includes(text, 0, 'latin1'), `${stripped.name}: ${text}`).toBe(false);
    }
  });

  it('tells an XFA form as XFA, before its usage rights', async () => {
    const xfa = REFUSALS.activePdf('un formulaire XFA');
    const stream = rawStream('<xdp:xdp/>');
    expect(await refusal(rawPdf({ catalog: '/AcroForm << /Fields [] /XFA 100 0 R >>', extra: [stream] }))).toBe(xfa);
    const readerExtended = HOSTILE_FILES.find((hostile) => hostile.name.startsWith('a Reader-extended XFA form'))!;
    expect(await refusal(await readerExtended.bytes())).toBe(xfa);
  });

  it('tells an XFA form as XFA even with attachments (which alone would be removed)', async () => {
    const withAttachment = rawPdf({
      catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) << /Type /Filespec /F (a.exe) /EF << /F 101 0 R >> >>] >> >> /AcroForm << /Fields [] /XFA 100 0 R >>',
      extra: [rawStream('<xdp:xdp/>'), rawStream('MZ', '/Type /EmbeddedFile')],
    });
    expect(await refusal(withAttachment)).toBe(REFUSALS.activePdf('un formulaire XFA'));
  });

  it('tells a broken PDF that says /Encrypt in its bytes that it is broken, not protected', async () => {
    const bytes = brokenPdfSayingEncrypt();
    expect(bytes.includes('/Encrypt')).toBe(true);
    expect(await refusal(bytes)).toBe(REFUSALS.brokenPdf);
    expect(await refusal(bytes, { maxPages: 40, qpdf: null })).toBe(REFUSALS.brokenPdf);
  });

  it('tells more pages than the kind allows', async () => {
    expect(await refusal(await pdfWithPages(5), { maxPages: 4 })).toBe(REFUSALS.tooManyPages(4));
  });
});

describe('encrypted PDFs', () => {
  /** qpdf's private folders are made here, so that what is left can be seen. */
  const tempDir = mkdtempSync(join(scratch, 'qpdf-'));
  const leftovers = () => readdirSync(tempDir);

  it('finds qpdf, and says when it is missing', async () => {
    expect(await qpdfAvailable()).toBe(true);
    expect(await qpdfAvailable('/nonexistent/qpdf')).toBe(false);
  });

  it('keeps a PDF with an owner password only (restrictions), decrypted by qpdf, and leaves no temporary file', async () => {
    const upload = fixture('restricted.pdf');
    const kept = await cleanPdf(upload, { maxPages: 1, tempDir });
    await expectKeptInert(kept.bytes, original(upload));
    expect(kept.pages).toBe(1);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a PDF with an owner password only as protected when qpdf is missing', async () => {
    expect(await refusal(fixture('restricted.pdf'), { maxPages: 1, qpdf: null })).toBe(REFUSALS.encryptedPdf);
    expect(await refusal(fixture('restricted.pdf'), { maxPages: 1, qpdf: '/nonexistent/qpdf' })).toBe(REFUSALS.encryptedPdf);
  });

  it('refuses a PDF that needs a password to be opened, with or without qpdf, and leaves no temporary file', async () => {
    expect(await refusal(fixture('password.pdf'), { maxPages: 40, tempDir })).toBe(REFUSALS.encryptedPdf);
    expect(await refusal(fixture('password.pdf'), { maxPages: 40, qpdf: null })).toBe(REFUSALS.encryptedPdf);
    expect(leftovers()).toEqual([]);
  });
});

describe('pixel budgets', () => {
  const tooLarge = REFUSALS.pdfImageTooLarge(40);
  const millions = (pixels: number) => pixels / 1_000_000;

  it('keeps a picture, a page and a file at their budgets, and refuses them one row of pixels beyond', async () => {
    // Pictures 8000 pixels wide: `rows(pixels)` of them make `pixels`.
    const width = 8000;
    const rows = (pixels: number) => pixels / width;
    const picture = (pixels: number, more = 0): [number, number] => [width, rows(pixels) + more];
    expect(PDF_MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect((await cleanPdf(await picturesPdf([[picture(PDF_MAX_IMAGE_PIXELS)]]), 1)).pages).toBe(1);
    expect(await refusal(await picturesPdf([[picture(PDF_MAX_IMAGE_PIXELS, 1)]]))).toBe(tooLarge);

    const half = PDF_MAX_PAGE_PIXELS / 2;
    expect((await cleanPdf(await picturesPdf([[picture(half), picture(half)]]), 1)).pages).toBe(1);
    expect(await refusal(await picturesPdf([[picture(half), picture(half, 1)]]))).toBe(REFUSALS.pdfPageTooLarge(millions(PDF_MAX_PAGE_PIXELS)));

    // Pages of one picture at its limit, and a last page with what remains of the file's budget.
    const full = Math.floor(PDF_MAX_FILE_PIXELS / PDF_MAX_IMAGE_PIXELS);
    const rest = PDF_MAX_FILE_PIXELS - full * PDF_MAX_IMAGE_PIXELS;
    const file = (more: number) => picturesPdf([...Array.from({ length: full }, () => [picture(PDF_MAX_IMAGE_PIXELS)]), [picture(rest, more)]]);
    expect((await cleanPdf(await file(0), 40)).pages).toBe(full + 1);
    expect(await refusal(await file(1))).toBe(REFUSALS.pdfImagesTooLarge(millions(PDF_MAX_FILE_PIXELS)));
  });

  it('refuses a 140 KB PDF holding a picture of 12000 × 12000 pixels, read from its dictionary without decoding it', async () => {
    const bytes = await pictureBomb();
    expect(bytes.length).toBeLessThan(200 * 1024);
    expect(await refusal(bytes)).toBe(tooLarge);
  });

  it('keeps a scan at 600 dpi (7000 × 5000 pixels)', async () => {
    const upload = await picturesPdf([[[5000, 7000]]]);
    expect((await cleanPdf(upload, 1)).pages).toBe(1);
  });

  it('refuses a page whose pictures together are too large, its form XObjects included', async () => {
    expect(await refusal(await picturesPdf([[[6000, 6000], [6000, 6000]]]))).toBe(REFUSALS.pdfPageTooLarge(60));
    const throughForm = await pdfWithPages(1, (document) => {
      const { context } = document;
      const data = deflateSync(Buffer.alloc(36_000_000));
      const picture = () => context.register(PDFRawStream.of(context.obj({ Type: 'XObject', Subtype: 'Image', Width: 6000, Height: 6000, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode', Length: data.length }), data));
      const content = Buffer.from('q 1 0 0 1 0 0 cm /A Do Q q /B Do Q');
      const form = context.register(PDFRawStream.of(context.obj({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], Resources: { XObject: { A: picture(), B: picture() } }, Length: content.length }), content));
      const page = document.getPage(0);
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(595, 0, 0, 842, 0, 0), drawObject(page.node.newXObject('Form', form)), popGraphicsState());
    });
    expect(await refusal(throughForm)).toBe(REFUSALS.pdfPageTooLarge(60));
  });

  it('counts the pictures a page draws, not all those its resources list', async () => {
    const upload = await pdfWithPages(1, (document) => {
      const { context } = document;
      const data = deflateSync(Buffer.alloc(36_000_000));
      const page = document.getPage(0);
      for (const draw of [true, false]) {
        const picture = context.register(PDFRawStream.of(context.obj({ Type: 'XObject', Subtype: 'Image', Width: 6000, Height: 6000, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode', Length: data.length }), data));
        const name = page.node.newXObject('Scan', picture);
        if (draw) page.pushOperators(pushGraphicsState(), concatTransformationMatrix(595, 0, 0, 842, 0, 0), drawObject(name), popGraphicsState());
      }
    });
    expect((await cleanPdf(upload, 1)).pages).toBe(1);
  });

  it('refuses a file whose pictures together are too large, counting a picture drawn on every page once', async () => {
    const page: [number, number][] = [[6300, 6300]];
    expect(await refusal(await picturesPdf(Array.from({ length: 13 }, () => page)))).toBe(REFUSALS.pdfImagesTooLarge(500));
    expect((await cleanPdf(await picturesPdf(Array.from({ length: 13 }, () => page), { shared: true }), 40)).pages).toBe(13);
  });

  it('reads the size of inline pictures, and of JPEG and JPEG 2000 pictures from their own headers', async () => {
    const withContent = (content: Buffer, edit: (document: PDFDocument) => void = () => undefined) =>
      pdfWithPages(
        1,
        (document) => {
          edit(document);
          document.getPage(0).node.set(PDFName.of('Contents'), document.context.register(PDFRawStream.of(document.context.obj({ Length: content.length }), content)));
        },
        false,
      );
    const inline = Buffer.concat([Buffer.from('q 100 0 0 100 0 0 cm BI /W 12000 /H 12000 /CS /G /BPC 8 /F /Fl ID '), deflateSync(Buffer.alloc(144_000_000), { level: 9 }), Buffer.from('\nEI Q\n')]);
    expect(await refusal(await withContent(inline))).toBe(tooLarge);

    const side = [0x27, 0x10]; // 10000
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, ...side, ...side, 1, 1, 0x11, 0, 0xff, 0xd9]);
    const jpx = Buffer.concat([Buffer.from([0xff, 0x4f, 0xff, 0x51, 0, 41, 0, 0]), ...[10000, 10000, 0, 0, 10000, 10000, 0, 0].map((value) => Buffer.from([0, 0, value >> 8, value & 0xff]))]);
    for (const [filter, data] of [['DCTDecode', jpeg], ['JPXDecode', jpx]] as const) {
      const lying = await withContent(Buffer.from('q 10 0 0 10 0 0 cm /Scan Do Q'), (document) => {
        const picture = document.context.register(PDFRawStream.of(document.context.obj({ Type: 'XObject', Subtype: 'Image', Width: 100, Height: 100, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: filter, Length: data.length }), data));
        document.getPage(0).node.setXObject(PDFName.of('Scan'), picture);
      });
      expect(await refusal(lying), filter).toBe(tooLarge);
    }
  });

  /**
   * A page choosing, `choices` times, a Type 3 font of `glyphs` glyphs without resources of its own, each glyph
   * drawing an inline picture of 40 × 40 pixels (a bitmap font, as scanners and TeX make).
   */
  function type3Pdf(glyphs: number, choices: number): Buffer {
    const names = Array.from({ length: glyphs }, (_, index) => `g${index}`);
    const font =
      `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 40 40] /FontMatrix [0.025 0 0 0.025 0 0] /FirstChar 0 /LastChar ${glyphs - 1} ` +
      `/Widths [${names.map(() => 40).join(' ')}] /Encoding << /Type /Encoding /Differences [0 ${names.map((name) => `/${name}`).join(' ')}] >> ` +
      `/CharProcs << ${names.map((name, index) => `/${name} ${102 + index} 0 R`).join(' ')} >> >>`;
    const content = `BT 72 700 Td ${'/T3 12 Tf (\\000\\001) Tj '.repeat(choices)}ET`;
    const glyph = rawStream(`40 0 d0 q 40 0 0 40 0 0 cm BI /W 40 /H 40 /CS /G /BPC 8 ID ${'x'.repeat(1600)} EI Q`);
    return rawPdf({ page: '/Resources << /Font << /T3 100 0 R >> >> /Contents 101 0 R', extra: [font, rawStream(content), ...names.map(() => glyph)] });
  }

  it('counts a Type 3 glyph’s pictures once per page, however often its font is chosen', async () => {
    // 50 glyphs of 1,600 pixels chosen 8,000 times: 80,000 pixels drawn again and again, not 640 millions.
    expect((await cleanPdf(type3Pdf(50, 8000), 1)).pages).toBe(1);
  });

  it('counts a form without resources of its own with each set of resources it is drawn with', async () => {
    // One form draws /Scan: the page's picture when the page draws it, another when a form with resources of its own does.
    const upload = await pdfWithPages(1, (document) => {
      const { context } = document;
      const data = deflateSync(Buffer.alloc(36_000_000));
      const picture = () => context.register(PDFRawStream.of(context.obj({ Type: 'XObject', Subtype: 'Image', Width: 6000, Height: 6000, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode', Length: data.length }), data));
      const drawScan = Buffer.from('/Scan Do');
      const bare = context.register(PDFRawStream.of(context.obj({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], Length: drawScan.length }), drawScan));
      const drawBare = Buffer.from('/Bare Do');
      const other = context.register(PDFRawStream.of(context.obj({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], Resources: { XObject: { Bare: bare, Scan: picture() } }, Length: drawBare.length }), drawBare));
      const page = document.getPage(0);
      page.node.setXObject(PDFName.of('Scan'), picture());
      for (const form of [page.node.newXObject('Bare', bare), page.node.newXObject('Other', other)]) page.pushOperators(drawObject(form));
    });
    expect(await refusal(upload)).toBe(REFUSALS.pdfPageTooLarge(60));
  });

  it('refuses content that decompresses to hundreds of megabytes', async () => {
    const bomb = deflateSync(Buffer.alloc(100_000_000, 0x20), { level: 9 });
    const upload = await pdfWithPages(1, (document) => {
      document.getPage(0).node.set(PDFName.of('Contents'), document.context.register(PDFRawStream.of(document.context.obj({ Filter: 'FlateDecode', Length: bomb.length }), bomb)));
    });
    expect(await refusal(upload)).toBe(REFUSALS.pdfTooComplex);
  });

});

/** RC4, the cipher of PDF's oldest encryption (revision 2), which qpdf still reads. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + state[i]! + key[i % key.length]!) & 255;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) & 255;
    j = (j + state[i]!) & 255;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[n] = data[n]! ^ state[(state[i]! + state[j]!) & 255]!;
  }
  return out;
}

/**
 * A PDF of 1.6 MB encrypted with an owner password only (RC4, revision 2: it opens without a password), whose object
 * stream inflates to 1.5 GiB: made by hand, as qpdf would pack the spaces away if it wrote it. Only once decrypted can
 * its object stream be read: qpdf inflates it whole to decrypt the file.
 */
function encryptedObjectStreamBomb(): Buffer {
  const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
  const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-44);
  const owner = rc4(md5(Buffer.concat([Buffer.from('proprietaire'), PAD]).subarray(0, 32)).subarray(0, 5), PAD);
  const key = md5(PAD, owner, permissions, id).subarray(0, 5);
  const user = rc4(key, PAD);
  // The object stream's zlib data: its object, then a megabyte of spaces deflated once and repeated (each copy starts
  // afresh), then the last block and the checksum of it all.
  const head = Buffer.from('200 0\n<< /Kept true >>\n');
  const copies = 1536;
  const megabyte = 1024 * 1024;
  const spacesDeflated = deflateRawSync(Buffer.alloc(megabyte, 0x20), { finishFlush: zlib.Z_SYNC_FLUSH });
  const raw = [deflateRawSync(head, { finishFlush: zlib.Z_SYNC_FLUSH }), ...Array.from({ length: copies }, () => spacesDeflated), deflateRawSync(Buffer.alloc(0))];
  let [a, b] = [1n, 0n];
  for (const byte of head) [a, b] = [(a + BigInt(byte)) % 65521n, (b + a + BigInt(byte)) % 65521n];
  const spaces = BigInt(copies * megabyte);
  [a, b] = [(a + 32n * spaces) % 65521n, (b + spaces * a + (32n * spaces * (spaces + 1n)) / 2n) % 65521n];
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(Number((b << 16n) | a));
  const plain = Buffer.concat([Buffer.from([0x78, 0x9c]), ...raw, checksum]);
  const objectKey = (number: number) => md5(key, Buffer.from([number & 255, (number >> 8) & 255, number >> 16, 0, 0])).subarray(0, 10);
  const data = rc4(objectKey(3), plain);

  const chunks: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  const object = (number: number, ...parts: Buffer[]) => {
    offsets[number] = length;
    const bytes = Buffer.concat([Buffer.from(`${number} 0 obj\n`), ...parts, Buffer.from('\nendobj\n')]);
    chunks.push(bytes);
    length += bytes.length;
  };
  object(1, Buffer.from('<< /Type /Catalog /Pages 2 0 R /Kept 200 0 R >>'));
  object(2, Buffer.from('<< /Type /Pages /Kids [5 0 R] /Count 1 >>'));
  object(3, Buffer.from(`<< /Type /ObjStm /N 1 /First 6 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream'));
  object(5, Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'));
  object(6, Buffer.from(`<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P -44 >>`));
  offsets[4] = length;
  const entry = (type: number, field: number, generation: number) => {
    const row = Buffer.alloc(7);
    row.writeUInt8(type);
    row.writeUInt32BE(field, 1);
    row.writeUInt16BE(generation, 5);
    return row;
  };
  const rows = Buffer.concat([entry(0, 0, 65535), ...[1, 2, 3, 4, 5, 6].map((number) => entry(1, offsets[number]!, 0)), entry(2, 3, 0)]);
  const xref = `<< /Type /XRef /Size 201 /Index [0 7 200 1] /W [1 4 2] /Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] /Length ${rows.length} >>\nstream\n`;
  chunks.push(Buffer.from(`4 0 obj\n${xref}`), rows, Buffer.from(`\nendstream\nendobj\nstartxref\n${offsets[4]}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

describe('object and cross-reference streams, and the size of the clean copy', () => {
  const tooComplex = REFUSALS.pdfTooComplex;
  const deflated = new Map<string, Buffer>();
  /** `data` deflated, made once for each content (the bombs below are deflated from 100 MB). */
  const deflate = (data: Buffer) => {
    const key = `${data.length}:${data.subarray(0, 256).toString('latin1')}`;
    let result = deflated.get(key);
    if (!result) deflated.set(key, (result = deflateSync(data, { level: 9 })));
    return result;
  };

  /**
   * An object stream for `rawPdf`'s `extra`: `objects` (numbered from `number` on) after their numbers and offsets
   * (or `pairs` instead), then `tail`; `encode` does its filters' work, `filter` names them, `entries` add to its dictionary.
   */
  function objectStream(
    objects: string[],
    { number = 200, tail = Buffer.alloc(0), filter = '/FlateDecode', encode = deflate, entries = '', pairs }: { number?: number; tail?: Buffer; filter?: string; encode?: (data: Buffer) => Buffer; entries?: string; pairs?: string[] } = {},
  ): string {
    let offset = 0;
    const list =
      pairs ??
      objects.map((object, index) => {
        const pair = `${number + index} ${offset}`;
        offset += Buffer.byteLength(object, 'latin1') + 1;
        return pair;
      });
    const header = `${list.join(' ')}\n`;
    const data = encode(Buffer.concat([Buffer.from(header + objects.map((object) => `${object}\n`).join(''), 'latin1'), tail]));
    return `<< /Type /ObjStm /N ${list.length} /First ${header.length} ${entries} /Filter ${filter} /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;
  }
  /** An object stream holding a small dictionary then 100 MB of spaces (about 100 KB deflated). */
  const spaces = Buffer.alloc(100_000_000, 0x20);

  it('refuses object streams that decompress to hundreds of megabytes before pdf-lib inflates them', async () => {
    const said = await refusal(rawPdf({ catalog: '/Kept 200 0 R', extra: [objectStream(['<< /Kept true >>'], { tail: spaces })] }));
    expect(said).toBe(tooComplex);
  });

  it('finds an object stream however far its dictionary puts its data', async () => {
    const padded = objectStream(['<< /Kept true >>'], { tail: spaces, entries: `/Padding (${'x'.repeat(8000)})` });
    const said = await refusal(rawPdf({ catalog: '/Kept 200 0 R', extra: [padded] }));
    expect(said).toBe(tooComplex);
  });

  it('undoes every filter of an object stream’s chain', async () => {
    const hex = objectStream(['<< /Kept true >>'], { tail: spaces, filter: '[/ASCIIHexDecode /FlateDecode]', encode: (data) => Buffer.from(`${deflate(data).toString('hex')}>`) });
    const said = await refusal(rawPdf({ catalog: '/Kept 200 0 R', extra: [hex] }));
    expect(said).toBe(tooComplex);
    // Kept when small, through the same chain.
    const small = objectStream(['<< /Kept true >>'], { filter: '[/ASCIIHexDecode /FlateDecode]', encode: (data) => Buffer.from(`${deflate(data).toString('hex')}>`) });
    expect((await cleanPdf(rawPdf({ catalog: '/Kept 200 0 R', extra: [small] }), 1)).pages).toBe(1);
  });

  it('refuses a small upload holding one big object in an object stream, quickly', async () => {
    const upload = rawPdf({ catalog: '/Big 200 0 R', extra: [objectStream([`(${'a'.repeat(6_000_000)})`])] });
    expect(upload.length).toBeLessThan(100 * 1024);
    const said = await refusal(upload);
    expect(said).toBe(tooComplex);
  });

  it('keeps an object stream at its limit and object streams at theirs together, and refuses a byte more', async () => {
    expect(PDF_MAX_OBJECT_STREAM_BYTES).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    /** An object stream of `size` bytes once decoded: the object `null`, then spaces. */
    const sized = (size: number, number = 200) => objectStream(['null'], { number, tail: Buffer.alloc(size - `${number} 0\nnull\n`.length, 0x20) });
    expect((await cleanPdf(rawPdf({ extra: [sized(PDF_MAX_OBJECT_STREAM_BYTES)] }), 1)).pages).toBe(1);
    expect(await refusal(rawPdf({ extra: [sized(PDF_MAX_OBJECT_STREAM_BYTES + 1)] }))).toBe(tooComplex);
    const count = PDF_MAX_OBJECT_STREAMS_BYTES / PDF_MAX_OBJECT_STREAM_BYTES;
    const streams = Array.from({ length: count }, (_, index) => sized(PDF_MAX_OBJECT_STREAM_BYTES, 200 + index));
    expect((await cleanPdf(rawPdf({ extra: streams }), 1)).pages).toBe(1);
    expect(await refusal(rawPdf({ extra: [...streams, sized(16, 300)] }))).toBe(tooComplex);
  });

  it('reads each object of an object stream once: objects that overlap are broken', async () => {
    // A hundred numbers all at the offset of one 2 MB string: pdf-lib would read it a hundred times.
    const overlapping = objectStream([`(${'a'.repeat(2_000_000)})`], { pairs: Array.from({ length: 100 }, () => '200 0') });
    const said = await refusal(rawPdf({ catalog: '/Big 200 0 R', extra: [overlapping] }));
    expect(said).toBe(REFUSALS.brokenPdf);
  });

  it('refuses as broken an object stream whose filters cannot be undone', async () => {
    for (const stream of [
      objectStream(['<< /Kept true >>'], { filter: '/DCTDecode', encode: (data) => data }),
      objectStream(['<< /Kept true >>'], { filter: '/FlateDecode', encode: (data) => Buffer.concat([Buffer.from('not deflated'), data]) }),
      objectStream(['<< /Kept true >>'], { entries: '/DecodeParms << /Predictor 12 /Columns 4 >>' }),
    ]) {
      expect(await refusal(rawPdf({ catalog: '/Kept 200 0 R', extra: [stream] }))).toBe(REFUSALS.brokenPdf);
    }
  });

  it('reads a cross-reference stream’s trailer without decoding its entries', async () => {
    // 5 million entries announced, and a deflated bomb: neither matters, nothing reads the entries.
    const empty = '<< /Type /XRef /Size 5000000 /W [0 0 0] /Root 1 0 R /Length 0 >>\nstream\n\nendstream';
    const bomb = deflate(spaces);
    const inflating = `<< /Type /XRef /Size 4 /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n${bomb.toString('latin1')}\nendstream`;
    for (const xref of [empty, inflating]) {
      expect((await cleanPdf(rawPdf({ extra: [xref] }), 1)).pages).toBe(1);
    }
  });

  it('checks the object streams of an encrypted PDF once qpdf has decrypted them', async () => {
    /** An upload qpdf encrypts with an owner password only, its objects packed in object streams. */
    const encrypted = (extra: string) => {
      const input = file(rawPdf({ catalog: '/Big 100 0 R', extra: [extra] }));
      const output = `${input}.encrypted.pdf`;
      execFileSync('qpdf', ['--object-streams=generate', '--encrypt', '', 'proprietaire', '256', '--', input, output]);
      const bytes = readFileSync(output);
      expect(bytes.includes('/ObjStm')).toBe(true);
      return bytes;
    };
    expect((await cleanPdf(encrypted('(Revenu fiscal de reference)'), 1)).pages).toBe(1);
    const big = encrypted(`(${'a'.repeat(6_000_000)})`);
    expect(big.length).toBeLessThan(100 * 1024);
    expect(await refusal(big)).toBe(tooComplex);
  });

  it('refuses an encrypted PDF whose object stream qpdf would inflate to gigabytes, qpdf held to its memory', async () => {
    const upload = encryptedObjectStreamBomb();
    expect(upload.length).toBeLessThan(2 * 1024 * 1024);
    const said = await refusal(upload);
    expect(said).toBe(tooComplex);
  });

  it('refuses a file whose clean copy would be more than twice the upload limit', async () => {
    // A name of 7 million bytes outside the plain characters: written again as #E9, each takes three.
    const upload = rawPdf({ catalog: '/Big 100 0 R', extra: [`/${'\xe9'.repeat(7_000_000)}`] });
    expect(upload.length).toBeLessThan(10 * 1024 * 1024);
    expect(PDF_MAX_COPY_BYTES).toBe(20 * 1024 * 1024);
    expect(await refusal(upload)).toBe(REFUSALS.pdfCopyTooLarge(20));
  });
});

describe('malformed PDFs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a page whose resources are no dictionary, as a reader does (none)', async () => {
    for (const resources of ['[]', '42', '100 0 R']) {
      const upload = rawPdf({ page: `/Resources ${resources}`, extra: ['[/PDF /Text]'] });
      expect((await cleanPdf(upload, 1)).pages, resources).toBe(1);
    }
  });

  it('keeps a file of 160,000 objects', async () => {
    const count = 160_000;
    const upload = rawPdf({ catalog: `/Many [${Array.from({ length: count }, (_, index) => `${100 + index} 0 R`).join(' ')}]`, extra: Array.from({ length: count }, () => 'null') });
    expect((await cleanPdf(upload, 1)).pages).toBe(1);
  });

  it('tells a file that fails anywhere once opened that it is broken, never an error of its own', async () => {
    vi.spyOn(PDFDocument.prototype, 'save').mockRejectedValueOnce(new TypeError('Expected instance of PDFDict, but got instance of PDFArray'));
    expect(await refusal(rawPdf())).toBe(REFUSALS.brokenPdf);
    vi.spyOn(PDFDict.prototype, 'entries').mockImplementationOnce(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    expect(await refusal(rawPdf())).toBe(REFUSALS.brokenPdf);
  });
});
