/**
 * `cleanPdf` on its own (no server): kept PDFs hold no action, active annotation, external data or embedded file
 * anywhere, and keep their pages and text (read again by pdf-lib, qpdf and poppler), real-world PDFs included.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFTextField } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '../src/vault/messages.js';
import { cleanPdf } from '../src/vault/pdf-cleaning/index.js';
import { fixture } from './fixture-files.js';
import { facturX, FORM_VALUE, pdfWithPages, rawPdf, rawStream, readerExtendedForm } from './hostile-pdfs.js';
import { INERT_PDFS } from './inert-pdfs.js';
import { activeLeft, expectKeptInert, original, pdfinfoPages, refusal } from './pdf-cleaning-checks.js';

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
