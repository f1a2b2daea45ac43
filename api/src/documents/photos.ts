import heicConvert from 'heic-convert';
import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { FieldsError } from '../common/api-errors.js';
import { REFUSALS } from './messages.js';

/**
 * The most pixels a photo of a document may have (40 millions, beyond any phone's camera): a small file can declare a
 * huge image, whose decoding would take gigabytes of memory.
 */
export const DOCUMENT_MAX_PIXELS = 40_000_000;

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/heic' | 'image/heif';

/** A photo ready to be kept: its content, re-encoded as it comes, and its type (a HEIC photo becomes a JPEG). */
export interface CleanPhoto {
  content: Sharp;
  contentType: 'image/jpeg' | 'image/png';
}

/**
 * A photo as it will be kept: its size read from its header before anything is decoded (too many pixels is refused),
 * HEIC/HEIF decoded to JPEG, then turned upright by its EXIF orientation and encoded again by sharp without any
 * metadata (EXIF, GPS position, comments, ICC profile). JPEG stays JPEG, PNG stays PNG. A photo that does not decode
 * whole fails while `content` is read.
 */
export async function cleanPhoto(path: string, type: PhotoType): Promise<CleanPhoto> {
  // The header only: sharp's own pixel limit would take a bomb for a broken file.
  const { width = 0, height = 0 } = await sharp(path, { limitInputPixels: false }).metadata().catch(() => ({ width: 0, height: 0 }));
  if (width === 0 || height === 0) throw new FieldsError({ file: REFUSALS.unreadableImage });
  if (width * height > DOCUMENT_MAX_PIXELS) throw new FieldsError({ file: REFUSALS.tooManyPixels(DOCUMENT_MAX_PIXELS / 1_000_000) });
  const options = { failOn: 'truncated', limitInputPixels: DOCUMENT_MAX_PIXELS } as const;
  if (type === 'image/png') return { content: sharp(path, options).rotate().png(), contentType: 'image/png' };
  let input: string | Buffer = path;
  if (type === 'image/heic' || type === 'image/heif') {
    try {
      input = Buffer.from(await heicConvert({ buffer: await readFile(path), format: 'JPEG', quality: 0.92 }));
    } catch {
      throw new FieldsError({ file: REFUSALS.unreadableImage });
    }
  }
  return { content: sharp(input, options).rotate().jpeg({ quality: 90, mozjpeg: true }), contentType: 'image/jpeg' };
}
