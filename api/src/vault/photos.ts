import sharp from 'sharp';
import { heicToJpeg, type HeicDecoder } from './heic.js';
import { DOCUMENT_MAX_PIXELS, DocumentRefused, REFUSALS } from './messages.js';

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/heic' | 'image/heif';

/** A photo ready to be kept: its content, encoded again, and its type (a HEIC photo becomes a JPEG). */
export interface CleanPhoto {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

/** How HEIC photos are decoded, and the private folder where a native decoder may write. */
export interface PhotoDecoding {
  heic: HeicDecoder;
  scratch: string;
}

/**
 * A photo as it will be kept: its size read from its header before anything is decoded (too many pixels is refused),
 * HEIC/HEIF decoded to JPEG, then turned upright by its EXIF orientation and encoded again by sharp without any
 * metadata (EXIF, GPS position, comments, ICC profile). JPEG stays JPEG, PNG stays PNG. A photo that does not decode
 * whole is refused. Runs in a worker thread (`file-work.ts`).
 */
export async function cleanPhoto(path: string, type: PhotoType, decoding: PhotoDecoding): Promise<CleanPhoto> {
  // The header only: sharp's own pixel limit would take a bomb for a broken file.
  const header = (page?: number) => sharp(path, { limitInputPixels: false, page }).metadata().catch(() => ({ width: 0, height: 0, pages: 1, pagePrimary: 0 }));
  const { width = 0, height = 0, pages = 1, pagePrimary = 0 } = await header();
  if (width === 0 || height === 0) throw new DocumentRefused(REFUSALS.unreadableImage);
  if (width * height > DOCUMENT_MAX_PIXELS) throw new DocumentRefused(REFUSALS.tooManyPixels(DOCUMENT_MAX_PIXELS / 1_000_000));
  const heic = type === 'image/heic' || type === 'image/heif';
  if (heic && pages > 1) {
    // The native decoder decodes every image of the file: together they keep within twice a photo's budget.
    let total = 0;
    for (let page = 0; page < pages; page += 1) {
      const each = await header(page);
      total += (each.width ?? 0) * (each.height ?? 0);
    }
    if (total > 2 * DOCUMENT_MAX_PIXELS) throw new DocumentRefused(REFUSALS.tooManyPixels(DOCUMENT_MAX_PIXELS / 1_000_000));
  }
  const options = { failOn: 'truncated', limitInputPixels: DOCUMENT_MAX_PIXELS } as const;
  try {
    if (type === 'image/png') return { bytes: await sharp(path, options).rotate().png().toBuffer(), contentType: 'image/png' };
    const input = heic ? await heicToJpeg(path, decoding.heic, decoding.scratch, pagePrimary) : path;
    // libjpeg-turbo's own encoder: mozjpeg's smaller files (about 12 %) cost a 12-megapixel photo over a second more.
    return { bytes: await sharp(input, options).rotate().jpeg({ quality: 90 }).toBuffer(), contentType: 'image/jpeg' };
  } catch {
    throw new DocumentRefused(REFUSALS.unreadableImage);
  }
}
