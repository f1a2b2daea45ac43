import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { PDF_MAX_IMAGE_PIXELS } from './pdf-cleaning/index.js';

/** pdfjs-dist's own data (standard fonts, character maps, colour profiles, image decoders), read from disk in Node. */
const PDFJS = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const pdfjsFolder = (name: string) => `${join(PDFJS, name)}/`;

/** The font of the watermark, shipped with pdfjs-dist: the text draws the same on a machine without any font. */
const FONT = 'HSA watermark';
GlobalFonts.registerFromPath(join(PDFJS, 'standard_fonts', 'LiberationSans-Bold.ttf'), FONT);

/** PDF pages are drawn at 150 dpi (readable, print-worthy), within 3,508 pixels a side (A4 at 300 dpi). */
const PAGE_DPI = 150;
const PAGE_MAX_SIDE = 3508;
/** Photos are sent to staff within 2,400 pixels a side: an A4 page at about 200 dpi. */
const PHOTO_MAX_SIDE = 2400;

/** The text repeated in diagonal rows over the whole surface, dark red and half transparent, outlined in white. */
function drawWatermark(context: SKRSContext2D, width: number, height: number, text: string): void {
  const size = Math.max(14, Math.round(Math.min(width, height) / 32));
  const diagonal = Math.hypot(width, height);
  context.save();
  context.translate(width / 2, height / 2);
  context.rotate(-Math.atan2(height, width));
  context.font = `${size}px "${FONT}"`;
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  context.lineWidth = Math.max(1, size / 12);
  context.strokeStyle = 'rgba(255, 255, 255, 0.45)';
  context.fillStyle = 'rgba(170, 20, 20, 0.42)';
  const step = context.measureText(text).width + size * 2;
  const gap = size * 3.5;
  for (let row = 0, y = -diagonal / 2; y <= diagonal / 2; row += 1, y += gap) {
    // Each row starts half a text further than the previous one, so that no column of blanks runs across.
    for (let x = -diagonal / 2 - (row % 2) * (step / 2); x <= diagonal / 2; x += step) {
      context.strokeText(text, x, y);
      context.fillText(text, x, y);
    }
  }
  context.restore();
}

/**
 * A PDF whose pages are pictures of the original's, each with the watermark drawn into its pixels: no text, link or
 * object of the original survives, so the watermark cannot be removed as text.
 */
export async function watermarkPdf(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    enableXfa: false,
    standardFontDataUrl: pdfjsFolder('standard_fonts'),
    cMapUrl: pdfjsFolder('cmaps'),
    iccUrl: pdfjsFolder('iccs'),
    wasmUrl: pdfjsFolder('wasm'),
    // Uploads over it were refused; a picture over it is never decoded (left blank) rather than filling the memory.
    maxImageSize: PDF_MAX_IMAGE_PIXELS,
    verbosity: 0,
  });
  try {
    const source = await task.promise;
    const copy = await PDFDocument.create();
    copy.setProducer('HSA');
    copy.setCreator('HSA');
    for (let number = 1; number <= source.numPages; number += 1) {
      const page = await source.getPage(number);
      const size = page.getViewport({ scale: 1 });
      const scale = Math.min(PAGE_DPI / 72, PAGE_MAX_SIDE / Math.max(size.width, size.height));
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
      page.cleanup();
      drawWatermark(context, canvas.width, canvas.height, text);
      const image = await copy.embedJpg(await canvas.encode('jpeg', 82));
      copy.addPage([size.width, size.height]).drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
    }
    return await copy.save();
  } finally {
    await task.destroy();
  }
}

/** A JPEG of the photo, within PHOTO_MAX_SIDE, with the watermark composited into its pixels. */
export async function watermarkPhoto(bytes: Uint8Array, text: string): Promise<Buffer> {
  const base = await sharp(bytes)
    .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const overlay = createCanvas(base.info.width, base.info.height);
  drawWatermark(overlay.getContext('2d'), base.info.width, base.info.height, text);
  return sharp(base.data)
    .composite([{ input: await overlay.encode('png') }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
