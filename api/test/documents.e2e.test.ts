import { HttpException } from '@nestjs/common';
import { DOCUMENT_MAX_PAGES, formatDate, type DocumentType } from '@hsa-lli/common/domain';
import { createCanvas } from '@napi-rs/canvas';
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClamavError, scanFile } from '../src/vault/clamav.js';
import { documentsDir, VaultService, incomingDir, type IngestedDocument } from '../src/vault/vault.service.js';
import { defaultKeyFile, loadKeyring, type Keyring } from '../src/vault/keyring.js';
import { decryptFrom, encryptInto, VaultError } from '../src/vault/encrypted-files.js';
import { BACKENDS, EMBEDDED_BACKEND, type TestApi } from './backends.js';
import { findClamd, startClamd, type Clamd } from './clamd.js';
import { fixture } from './fixture-files.js';
import { photo } from './hostile-binaries.js';
import { HOSTILE_FILES, STRIPPED_FILES } from './hostile-files.js';
import { PDF_MARKER, pdfWithPages, rawPdf } from './hostile-pdfs.js';

const clamdBinary = findClamd();
if (!clamdBinary && process.env.CI) throw new Error('clamd is missing: install Debian’s clamav-daemon (.ci/run does) — the documents suite must not be skipped in CI');
if (!clamdBinary) console.warn('\n\n!!! clamd is missing (apt-get install clamav-daemon): the document vault tests are SKIPPED !!!\n\n');
const describeWithClamd = clamdBinary ? describe : describe.skip;

/** What a refusal says: its status and its French message. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpException)) throw new Error(`Expected a refusal, got ${error === null ? 'the document kept' : String(error)}`);
  const body = error.getResponse() as { error: string; fields?: { file?: string } };
  return { status: error.getStatus(), message: body.fields?.file ?? body.error };
}

/** Every file under a folder, recursively (none when it does not exist). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** pdfjs's view of a PDF: its text per page and each page drawn at 72 dpi (RGBA). */
async function readPdf(bytes: Uint8Array): Promise<{ text: string[]; pixels: { width: number; height: number; data: Uint8ClampedArray }[] }> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const document = await task.promise;
    const text: string[] = [];
    const pixels = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      text.push((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(''));
      const viewport = page.getViewport({ scale: 1 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
      pixels.push({ width: canvas.width, height: canvas.height, data: context.getImageData(0, 0, canvas.width, canvas.height).data });
    }
    return { text, pixels };
  } finally {
    await task.destroy();
  }
}

/** Share of pixels where red clearly dominates: the watermark's colour, absent from the test documents. */
function reddish(data: Uint8ClampedArray | Buffer, channels: number): number {
  let count = 0;
  for (let index = 0; index < data.length; index += channels) {
    if (data[index]! - Math.max(data[index + 1]!, data[index + 2]!) > 40) count += 1;
  }
  return count / (data.length / channels);
}

describeWithClamd('the document vault', () => {
  let clamd: Clamd;

  beforeAll(async () => {
    clamd = await startClamd(clamdBinary!);
  }, 90_000);

  afterAll(async () => {
    await clamd?.stop();
  });

  describe.each(BACKENDS)('on $name, scanned by clamd', (backend) => {
    let api: TestApi;
    let documents: VaultService;
    const folder = () => documentsDir(api.config.dataDir);

    /** An upload as multer leaves it: a file of the incoming folder, handed to `ingest`. */
    async function ingest(bytes: Buffer, originalName: string, type: DocumentType = 'tax_notices'): Promise<{ path: string; kept: Promise<IngestedDocument> }> {
      mkdirSync(incomingDir(api.config.dataDir), { recursive: true });
      const path = join(incomingDir(api.config.dataDir), randomUUID());
      writeFileSync(path, bytes);
      return { path, kept: documents.ingest({ path, originalName, type }) };
    }

    beforeAll(async () => {
      api = await backend.start({ clamavUrl: clamd.url, seedDemo: false });
      documents = api.app.get(VaultService);
    });

    afterAll(async () => {
      await api?.stop();
    });

    it.each(HOSTILE_FILES)('refuses $name, keeping nothing of it', async (hostile) => {
      const before = filesUnder(api.config.dataDir);
      const { path, kept } = await ingest(await hostile.bytes(), hostile.fileName);
      expect(await refusal(kept)).toEqual({ status: hostile.status ?? 400, message: expect.stringMatching(hostile.expect) });
      expect(existsSync(path)).toBe(false);
      expect(filesUnder(api.config.dataDir)).toEqual(before.filter((file) => file !== path));
    });

    it.each(STRIPPED_FILES)('keeps $name only as a clean copy', async (file) => {
      const upload = await file.bytes();
      const { path, kept } = await ingest(upload, file.fileName);
      const document = await kept;
      expect(document).toMatchObject({ contentType: file.contentType, originalName: file.originalName, scan: 'clean' });
      expect(existsSync(path)).toBe(false);
      // Under its random name, in the documents folder, and nowhere else.
      expect(document.storedName).toMatch(/^[0-9a-f-]{36}\.enc$/);
      expect(filesUnder(api.config.dataDir).filter((name) => name.includes('passwd') || name.includes(document.storedName))).toEqual([join(folder(), document.storedName)]);
      const content = await documents.open(document);
      for (const absent of file.absent) {
        expect(upload.includes(absent, 0, 'latin1'), absent).toBe(true);
        expect(content.includes(absent, 0, 'latin1'), absent).toBe(false);
      }
    });

    it('keeps a PDF encrypted at rest, counts its pages and checks it each time it is read', async () => {
      const upload = rawPdf({ pages: [PDF_MARKER, 'Page 2', 'Page 3'] });
      const { kept } = await ingest(upload, 'avis-imposition-2025.pdf');
      const document = await kept;
      expect(document).toMatchObject({ contentType: 'application/pdf', pages: 3, scan: 'clean', originalName: 'avis-imposition-2025.pdf' });
      const content = await documents.open(document);
      expect(content.includes(PDF_MARKER)).toBe(true);
      expect(document).toMatchObject({ size: content.length, sha256: createHash('sha256').update(content).digest('hex') });
      expect((await PDFDocument.load(content)).getPageCount()).toBe(3);

      const stored = readFileSync(join(folder(), document.storedName));
      expect(stored.includes(PDF_MARKER)).toBe(false);
      expect(stored.includes('%PDF')).toBe(false);
      // The file names its key, and no other key opens it.
      const wrongKey: Keyring = { current: { id: document.keyId, key: randomBytes(32) }, keys: new Map([[document.keyId, randomBytes(32)]]) };
      await expect(decryptFrom(folder(), wrongKey, document.storedName)).rejects.toThrow(VaultError);
      await expect(decryptFrom(folder(), loadKeyring(api.config), document.storedName)).resolves.toEqual(content);
    });

    it('refuses to read a stored file altered in any byte, or that is not the one recorded', async () => {
      const { kept } = await ingest(rawPdf(), 'avis.pdf');
      const document = await kept;
      const path = join(folder(), document.storedName);
      const original = readFileSync(path);
      for (const position of [10, Math.floor(original.length / 2), original.length - 1]) {
        const altered = Buffer.from(original);
        altered.writeUInt8(altered.readUInt8(position) ^ 0x01, position);
        writeFileSync(path, altered);
        await expect(documents.read(document.storedName)).rejects.toThrow(VaultError);
      }
      writeFileSync(path, original.subarray(0, original.length - 10));
      await expect(documents.read(document.storedName)).rejects.toThrow(VaultError);
      writeFileSync(path, original);
      await expect(documents.open({ ...document, sha256: '0'.repeat(64) })).rejects.toThrow(VaultError);
      expect((await documents.open(document)).length).toBe(document.size);
    });

    it('holds each kind of document to its page limit', async () => {
      const pages = DOCUMENT_MAX_PAGES.nat_id + 1;
      const { kept: refused } = await ingest(await pdfWithPages(pages), 'cni.pdf', 'nat_id');
      expect(await refusal(refused)).toEqual({ status: 400, message: `Ce PDF a trop de pages pour ce document (${DOCUMENT_MAX_PAGES.nat_id} au plus) : envoyez seulement les pages demandées.` });
      const { kept } = await ingest(await pdfWithPages(pages), 'avis.pdf', 'tax_notices');
      expect(await kept).toMatchObject({ pages });
    });

    it('turns a photo upright and keeps none of its metadata (EXIF, GPS position)', async () => {
      const upload = await photo(300, 200)
        .withExif({ IFD0: { Copyright: 'EXIF-MARKER' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 29/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '1/1 28/1 0/1' } })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      const before = await sharp(upload).metadata();
      expect(before).toMatchObject({ width: 300, height: 200, orientation: 6 });
      expect(before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

      const document = await (await ingest(upload, 'IMG_2041.JPG', 'nat_id')).kept;
      expect(document).toMatchObject({ contentType: 'image/jpeg', pages: 1, originalName: 'IMG_2041.JPG' });
      const content = await documents.open(document);
      const after = await sharp(content).metadata();
      expect(after).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
      expect(after.orientation).toBeUndefined();
      expect(after.exif).toBeUndefined();
      expect(content.includes('EXIF-MARKER')).toBe(false);
    });

    it('keeps a PNG as a PNG, and a HEIC photo as a JPEG', async () => {
      const png = await (await ingest(await photo(64, 48).png().toBuffer(), 'releve.png')).kept;
      expect(png).toMatchObject({ contentType: 'image/png', pages: 1 });
      expect(await sharp(await documents.open(png)).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });

      // A 160 × 96 photo made by libheif's heif-enc, red on its left half and green on its right.
      const heic = await (await ingest(fixture('photo.heic'), 'IMG_0001.HEIC')).kept;
      expect(heic).toMatchObject({ contentType: 'image/jpeg', pages: 1, originalName: 'IMG_0001.HEIC' });
      const { data, info } = await sharp(await documents.open(heic)).raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width: 160, height: 96 });
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      expect(at(20, 48)[0]).toBeGreaterThan(150);
      expect(at(140, 48)[1]).toBeGreaterThan(120);
    });

    it('gives staff a PDF of pictures watermarked in their pixels, made once', async () => {
      const document = await (await ingest(rawPdf({ pages: [PDF_MARKER, 'Page 2'] }), 'avis.pdf')).kept;
      const copy = await documents.watermarked({ ...document, watermarkedName: null, watermarkedType: null });
      expect(copy.contentType).toBe('application/pdf');
      expect(copy.storedName).not.toBe(document.storedName);
      expect(readFileSync(join(folder(), copy.storedName)).includes('%PDF')).toBe(false);

      const pdf = await PDFDocument.load(copy.buffer);
      expect(pdf.getPageCount()).toBe(2);
      for (const page of pdf.getPages()) {
        const resources = page.node.Resources()!;
        expect(resources.lookupMaybe(PDFName.of('Font'), PDFDict)?.keys() ?? []).toEqual([]);
        const objects = resources.lookup(PDFName.of('XObject'), PDFDict);
        expect(objects.keys().map((key) => (objects.lookup(key) as PDFRawStream).dict.get(PDFName.of('Subtype'))?.toString())).toEqual(['/Image']);
      }
      expect(copy.buffer.includes(PDF_MARKER)).toBe(false);
      const original = await readPdf(await documents.open(document));
      const watermarked = await readPdf(copy.buffer);
      expect(original.text[0]).toContain(PDF_MARKER);
      expect(watermarked.text).toEqual(['', '']);
      expect(reddish(original.pixels[0]!.data, 4)).toBe(0);
      expect(reddish(watermarked.pixels[0]!.data, 4)).toBeGreaterThan(0.02);
      expect(reddish(watermarked.pixels[1]!.data, 4)).toBeGreaterThan(0.02);

      // Recorded on the document's row, the copy is read again rather than made again.
      const again = await documents.watermarked({ ...document, watermarkedName: copy.storedName, watermarkedType: copy.contentType });
      expect(again.storedName).toBe(copy.storedName);
      expect(again.buffer.equals(copy.buffer)).toBe(true);
      await documents.remove(document.storedName, copy.storedName, copy.storedName);
      expect(existsSync(join(folder(), copy.storedName))).toBe(false);
      expect(existsSync(join(folder(), document.storedName))).toBe(false);
    });

    it('gives staff a photo as a JPEG with the watermark drawn across it', async () => {
      const plain = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#9ab' } }).png().toBuffer();
      const document = await (await ingest(plain, 'scan.png')).kept;
      const copy = await documents.watermarked({ ...document, watermarkedName: null, watermarkedType: null });
      expect(copy.contentType).toBe('image/jpeg');
      const { data, info } = await sharp(copy.buffer).raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width: 1200, height: 900 });
      const original = await sharp(plain).raw().toBuffer();
      // The text covers the picture: a good share of its pixels changed, in the middle band and in a corner's quarter.
      const changed = (left: number, top: number, width: number, height: number) => {
        let count = 0;
        for (let y = top; y < top + height; y += 1) {
          for (let x = left; x < left + width; x += 1) {
            const index = (y * info.width + x) * 3;
            if ([0, 1, 2].some((channel) => Math.abs(data[index + channel]! - original[index + channel]!) > 30)) count += 1;
          }
        }
        return count / (width * height);
      };
      expect(changed(0, 350, 1200, 200)).toBeGreaterThan(0.05);
      expect(changed(0, 0, 600, 450)).toBeGreaterThan(0.05);
    });

    it('names the day the copy is made, in French', async () => {
      const { watermarkText } = await import('../src/vault/messages.js');
      expect(watermarkText(new Date('2026-03-01T10:00:00Z'))).toBe('Document exclusivement destiné à l’étude d’une demande de logement HSA — 1er mars 2026');
      expect(watermarkText(new Date())).toContain(formatDate(new Date()));
    });

    it('takes uploads from the incoming folder only', async () => {
      const elsewhere = join(api.config.dataDir, 'elsewhere.pdf');
      writeFileSync(elsewhere, rawPdf());
      await expect(documents.ingest({ path: elsewhere, originalName: 'a.pdf', type: 'tax_notices' })).rejects.toThrow(/must be written under/);
      expect(existsSync(elsewhere)).toBe(true);
    });
  });
});

describe.runIf(EMBEDDED_BACKEND)('the document vault without an antivirus, or with one that does not answer', () => {
  const apis: TestApi[] = [];
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
  });

  async function start(clamavUrl: string | null): Promise<{ api: TestApi; ingest: (bytes: Buffer) => { path: string; kept: Promise<IngestedDocument> } }> {
    const api = await EMBEDDED_BACKEND!.start({ clamavUrl, seedDemo: false });
    apis.push(api);
    const documents = api.app.get(VaultService);
    return {
      api,
      ingest(bytes) {
        mkdirSync(incomingDir(api.config.dataDir), { recursive: true });
        const path = join(incomingDir(api.config.dataDir), randomUUID());
        writeFileSync(path, bytes);
        return { path, kept: documents.ingest({ path, originalName: 'avis.pdf', type: 'tax_notices' }) };
      },
    };
  }

  it('marks documents « non analysé » when no antivirus is configured', async () => {
    const { ingest } = await start(null);
    expect(await ingest(rawPdf()).kept).toMatchObject({ scan: 'not_scanned', pages: 1 });
  });

  it('refuses every upload, keeping nothing, while the configured antivirus cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const { api, ingest } = await start(`tcp://127.0.0.1:${port}`);
    const { path, kept } = ingest(rawPdf());
    expect(await refusal(kept)).toEqual({ status: 503, message: 'L’analyse antivirus est momentanément indisponible : votre fichier n’a pas été enregistré. Réessayez dans quelques minutes.' });
    expect(existsSync(path)).toBe(false);
    expect(filesUnder(documentsDir(api.config.dataDir))).toEqual([]);
  });

  it('gives up on a clamd that does not answer', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const file = join(mkdtempSync(join(tmpdir(), 'hsa-scan-')), 'upload');
    writeFileSync(file, rawPdf());
    try {
      const { port } = silent.address() as { port: number };
      await expect(scanFile(`tcp://127.0.0.1:${port}`, file, { timeoutMs: 300 })).rejects.toThrow(ClamavError);
    } finally {
      silent.close();
      rmSync(file, { force: true });
    }
  });

  it('makes its own key once, readable by the service only, and keeps it across restarts', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hsa-keys-'));
    try {
      const first = loadKeyring({ dataDir, documentsKeys: null });
      expect(first.current.id).toMatch(/^local-[0-9a-f]{12}$/);
      expect(statSync(defaultKeyFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, 'secrets')).mode & 0o077).toBe(0);
      const again = loadKeyring({ dataDir, documentsKeys: null });
      expect(again.current).toEqual(first.current);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads files of an older key after a rotation, and encrypts new ones with the new key', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hsa-rotation-'));
    const old = { id: '2025', key: randomBytes(32) };
    const current = { id: '2026', key: randomBytes(32) };
    const before = loadKeyring({ dataDir: folder, documentsKeys: [old] });
    const after = loadKeyring({ dataDir: folder, documentsKeys: [current, old] });
    try {
      const content = Buffer.from('%PDF-1.7 rotation');
      const kept = await encryptInto(folder, before, (async function* () {
        yield content;
      })());
      expect(kept.keyId).toBe('2025');
      await expect(decryptFrom(folder, after, kept.storedName)).resolves.toEqual(content);
      const next = await encryptInto(folder, after, (async function* () {
        yield content;
      })());
      expect(next.keyId).toBe('2026');
      await expect(decryptFrom(folder, loadKeyring({ dataDir: folder, documentsKeys: [current] }), kept.storedName)).rejects.toThrow(/key 2025/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
