/**
 * `cleanPdf` on its own (no server): pictures are held to their pixel budgets (a picture, a page, a file) without
 * being decoded, and content that would decompress to hundreds of megabytes is refused.
 */
import { deflateSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, PDFRawStream, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '../src/vault/messages.js';
import { cleanPdf, PDF_MAX_FILE_PIXELS, PDF_MAX_IMAGE_PIXELS, PDF_MAX_PAGE_PIXELS } from '../src/vault/pdf-cleaning/index.js';
import { pdfWithPages, pictureBomb, picturesPdf, rawPdf, rawStream } from './hostile-pdfs.js';
import { refusal } from './pdf-cleaning-checks.js';

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
