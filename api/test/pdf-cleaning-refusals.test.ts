/**
 * `cleanPdf` on its own (no server): each refusal says its real cause (the hostile files, XFA forms, broken files, too
 * many pages), encrypted PDFs are decrypted by qpdf or refused, and malformed files are kept or told broken.
 */
import { readdirSync } from 'node:fs';
import { PDFDict, PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFUSALS } from '../src/vault/messages.js';
import { cleanPdf, qpdfAvailable } from '../src/vault/pdf-cleaning/index.js';
import { fixture } from './fixture-files.js';
import { HOSTILE_FILES, STRIPPED_FILES } from './hostile-files.js';
import { brokenPdfSayingEncrypt, pdfWithPages, rawPdf, rawStream } from './hostile-pdfs.js';
import { expectKeptInert, original, refusal, scratchFolder } from './pdf-cleaning-checks.js';

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
  const tempDir = scratchFolder();
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
