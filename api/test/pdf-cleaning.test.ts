/**
 * `cleanPdf` on its own (no server): kept PDFs hold no action, active annotation or embedded file anywhere, and keep
 * their pages and text (read again by pdf-lib, qpdf and poppler); each refusal says its real cause; pictures are held
 * to their pixel budgets without being decoded.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, PDFTextField, popGraphicsState, pushGraphicsState, type PDFObject } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_PIXELS, DocumentRefused, REFUSALS } from '../src/documents/messages.js';
import { cleanPdf, PDF_MAX_FILE_PIXELS, PDF_MAX_IMAGE_PIXELS, PDF_MAX_PAGE_PIXELS, qpdfAvailable } from '../src/documents/pdf.js';
import {
  brokenPdfSayingEncrypt,
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
const FORBIDDEN_KEYS = ['OpenAction', 'AA', 'JS', 'JavaScript', 'URI', 'Perms', 'XFA', 'EmbeddedFiles', 'RichMediaContent', 'PA'];
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
      if (object instanceof PDFStream && dict.has(PDFName.of('F'))) found.push(`${where}: external stream data`);
      for (const [key, value] of dict.entries()) {
        const plain = key.decodeText();
        if (NAME_MAPS.includes(plain) || (/\/AP$/.test(where) && ['N', 'D', 'R'].includes(plain))) {
          const map = lookup(value);
          if (map instanceof PDFDict) maps.add(map);
        }
        if (FORBIDDEN_KEYS.includes(plain)) found.push(`${where}: /${plain}`);
        if (plain === 'A' && lookup(value) instanceof PDFDict) found.push(`${where}: /A action`);
        if (plain === 'EF' && lookup(value) instanceof PDFDict) found.push(`${where}: /EF files`);
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
  it.each(
    HOSTILE_FILES.filter((hostile) => !hostile.antivirus && /\.pdf$/.test(hostile.fileName) && !/11 MB/.test(hostile.name)).map((hostile) => ({ ...hostile })),
  )('refuses $name', async (hostile) => {
    const bytes = await hostile.bytes();
    if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) return;
    expect(await refusal(bytes, { maxPages: 40 })).toMatch(hostile.expect);
  });

  it('keeps the PDFs the vault keeps, without the bytes they must lose', async () => {
    for (const stripped of STRIPPED_FILES.filter((file) => file.contentType === 'application/pdf')) {
      const upload = await stripped.bytes();
      const kept = Buffer.from((await cleanPdf(upload, { maxPages: 12 })).bytes);
      for (const text of stripped.absent) expect(kept.includes(text, 0, 'latin1'), `${stripped.name}: ${text}`).toBe(false);
    }
  });

  it('tells an XFA form as XFA, before its usage rights or its attachments', async () => {
    const xfa = REFUSALS.activePdf('un formulaire XFA');
    const stream = rawStream('<xdp:xdp/>');
    expect(await refusal(rawPdf({ catalog: '/AcroForm << /Fields [] /XFA 100 0 R >>', extra: [stream] }))).toBe(xfa);
    const readerExtended = HOSTILE_FILES.find((hostile) => hostile.name.startsWith('a Reader-extended XFA form'))!;
    expect(await refusal(await readerExtended.bytes())).toBe(xfa);
    const withAttachment = rawPdf({
      catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) << /Type /Filespec /F (a.exe) /EF << /F 101 0 R >> >>] >> >> /AcroForm << /Fields [] /XFA 100 0 R >>',
      extra: [stream, rawStream('MZ', '/Type /EmbeddedFile')],
    });
    expect(await refusal(withAttachment)).toBe(xfa);
  });

  it('refuses embedded files, wherever they hang, as « des fichiers joints »', async () => {
    const attachments = REFUSALS.activePdf('des fichiers joints');
    const exe = rawStream('MZ', '/Type /EmbeddedFile');
    expect(await refusal(await pdfWithPages(1, (document) => document.attach(Buffer.from('MZ'), 'lisez-moi.exe', { mimeType: 'application/octet-stream' }).then(() => undefined)))).toBe(attachments);
    expect(await refusal(rawPdf({ catalog: '/OpenAction << /S /Launch /F << /Type /Filespec /F (run.exe) /EF << /F 100 0 R >> >> >>', extra: [exe] }))).toBe(attachments);
    expect(await refusal(rawPdf({ page: '/Annots [100 0 R]', extra: ['<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 9 9] /FS << /F (a.txt) >> >>'] }))).toBe(attachments);
    // An attachments tree without any file, or a file specification of another file, is no attachment: it is dropped.
    const kept = await cleanPdf(rawPdf({ catalog: '/Names << /EmbeddedFiles << /Names [(a) << /Type /Filespec /F (ailleurs.pdf) >>] >> >>' }), 1);
    expect(kept.removed).toEqual(['EmbeddedFiles']);
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

  it('holds pictures to the photos’ 40 millions, pages to 60 millions and files to 500 millions of pixels', () => {
    expect(DOCUMENT_MAX_PIXELS).toBe(40_000_000);
    expect(PDF_MAX_IMAGE_PIXELS).toBe(DOCUMENT_MAX_PIXELS);
    expect(PDF_MAX_PAGE_PIXELS).toBe(60_000_000);
    expect(PDF_MAX_FILE_PIXELS).toBe(500_000_000);
    expect(tooLarge).toContain('trop grande');
  });

  it('refuses a 140 KB PDF holding a picture of 12000 × 12000 pixels in well under a second, without decoding it', async () => {
    const bytes = await pictureBomb();
    expect(bytes.length).toBeLessThan(200 * 1024);
    const started = performance.now();
    expect(await refusal(bytes)).toBe(tooLarge);
    expect(performance.now() - started).toBeLessThan(1000);
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

  it('refuses content that decompresses to hundreds of megabytes', async () => {
    const bomb = deflateSync(Buffer.alloc(100_000_000, 0x20), { level: 9 });
    const upload = await pdfWithPages(1, (document) => {
      document.getPage(0).node.set(PDFName.of('Contents'), document.context.register(PDFRawStream.of(document.context.obj({ Filter: 'FlateDecode', Length: bomb.length }), bomb)));
    });
    expect(await refusal(upload)).toBe(REFUSALS.pdfTooComplex);
  });

  it('refuses object streams that decompress to hundreds of megabytes before pdf-lib inflates them', async () => {
    const bomb = deflateSync(Buffer.alloc(100_000_000, 0x20), { level: 9 });
    const upload = rawPdf({ extra: [`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n${bomb.toString('latin1')}\nendstream`] });
    const started = performance.now();
    expect(await refusal(upload)).toBe(REFUSALS.pdfTooComplex);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
