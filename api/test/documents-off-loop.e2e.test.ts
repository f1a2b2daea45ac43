/**
 * The site never waits for a file: while a phone's 12-megapixel HEIC photo is checked and staff open a scanned PDF,
 * the API's event loop (this process's: the API runs in the test's process) stays free and `/api/health` answers.
 * The HEIC is decoded by the WASM decoder, the slow one, that took the event loop for seconds when it ran on it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilePool } from '../src/vault/file-pool.js';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';

const hasEncoder = (() => {
  try {
    execFileSync('heif-enc', ['--help'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // heif-enc prints its help and exits 1 or 0 depending on its version: only a missing program is missing.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();
if (!hasEncoder && process.env.CI) throw new Error('heif-enc is missing: install Debian’s libheif-examples (.ci/run does)');
const describeWithEncoder = hasEncoder ? describe : describe.skip;

/** A photo-like picture: smooth colour fields with grain. */
async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const small = await sharp({ create: { width: width / 8, height: height / 8, channels: 3, background: '#7a9', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 92 }).toBuffer();
}

/** The longest the event loop waited, and `/api/health`'s slowest answer (asked every 100 ms), while `work` runs. */
async function whileWatching<T>(api: TestApi, work: () => Promise<T>): Promise<{ result: T; loopMs: number; healthMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let running = true;
  let healthMs = 0;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await request(api.server).get('/api/health').expect(200);
      healthMs = Math.max(healthMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await work();
    return { result, loopMs: delay.max / 1e6, healthMs };
  } finally {
    running = false;
    await probe;
    delay.disable();
  }
}

describeWithEncoder.each(BACKENDS)('files handled off the event loop on $name', (backend) => {
  let api: TestApi;
  let heic: Buffer;
  let scanned: Buffer;
  const work = mkdtempSync(join(tmpdir(), 'hsa-lli-heic-'));
  const decoderBefore = process.env.HEIF_CONVERT_PATH;

  beforeAll(async () => {
    writeFileSync(join(work, 'photo.jpg'), await photoJpeg(4032, 3024));
    execFileSync('heif-enc', ['-q', '60', '-o', join(work, 'photo.heic'), join(work, 'photo.jpg')], { stdio: 'ignore' });
    heic = readFileSync(join(work, 'photo.heic'));
    const document = await PDFDocument.create();
    // A page scanned at about 480 dpi, then one at 300 dpi: pdf.js decodes each picture in JavaScript, which took the event
    // loop for seconds.
    for (const [width, height] of [[4000, 5656], [2480, 3504]] as const) {
      const image = await document.embedJpg(await photoJpeg(width, height));
      document.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
    scanned = Buffer.from(await document.save());
    // The slow decoder: nothing at this path, so the pool's threads decode with WASM.
    process.env.HEIF_CONVERT_PATH = join(work, 'no-heif-convert');
    api = await backend.start();
  }, 120_000);

  afterAll(async () => {
    if (decoderBefore === undefined) delete process.env.HEIF_CONVERT_PATH;
    else process.env.HEIF_CONVERT_PATH = decoderBefore;
    await api?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('checks a 12-megapixel HEIC photo in a worker thread while the API goes on answering', async () => {
    expect(api.app.get(FilePool).heic).toEqual({ kind: 'wasm' });
    const customer = await loggedIn(api, 'customer@demo.hsa-lli.fr');
    const { result, loopMs, healthMs } = await whileWatching(api, () =>
      customer.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', 'p1_rent_receipts').attach('file', heic, 'IMG_4032.HEIC'),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    expect(result.body.document).toMatchObject({ content_type: 'image/jpeg', file_name: 'IMG_4032.HEIC', pages: 1 });
    const original = await customer.get(`/api/records/documents/${result.body.document.id}/file`).expect(200);
    expect(await sharp(original.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 4032, height: 3024 });
    expect(loopMs).toBeLessThan(1000);
    expect(healthMs).toBeLessThan(1000);
  }, 120_000);

  it('draws the watermarked copy of a scanned PDF in a worker thread while the API goes on answering', async () => {
    const customer = await loggedIn(api, 'customer@demo.hsa-lli.fr');
    const hsa = await loggedIn(api, 'hsa@demo.hsa-lli.fr');
    const kept = await customer.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', 'p1_rent_receipts').attach('file', scanned, 'releves.pdf');
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const { result, loopMs, healthMs } = await whileWatching(api, () => hsa.get(`/api/records/documents/${kept.body.document.id}/file`).set('Sec-Fetch-Site', 'same-origin'));
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(result.body as Buffer)).getPageCount()).toBe(2);
    expect(loopMs).toBeLessThan(1000);
    expect(healthMs).toBeLessThan(1000);
  }, 120_000);
});
