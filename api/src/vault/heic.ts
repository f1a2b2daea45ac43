import heicConvert from 'heic-convert';
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * How HEIC/HEIF photos (iPhones', many Android phones') are decoded: by libheif's `heif-convert` (Debian's
 * libheif-examples, native, about half a second for 12 megapixels), else by heic-convert's WASM build of libheif in the
 * worker thread (several seconds a photo). Chosen once at start; either runs off the API's event loop.
 */
export type HeicDecoder = { kind: 'native'; path: string } | { kind: 'wasm' };

/** A photo's decoding never takes longer than this: past it, the photo is taken for broken. */
const NATIVE_TIMEOUT_MS = 30_000;
const JPEG_QUALITY = 92;

/** `heif-convert` from HEIF_CONVERT_PATH, else the first on PATH, else none (the WASM decoder). */
export function findHeicDecoder(env: NodeJS.ProcessEnv = process.env): HeicDecoder {
  const candidates = env.HEIF_CONVERT_PATH ? [env.HEIF_CONVERT_PATH] : (env.PATH ?? '').split(delimiter).filter(Boolean).map((folder) => join(folder, 'heif-convert'));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return { kind: 'native', path };
    } catch {
      // Not there: the next one.
    }
  }
  return { kind: 'wasm' };
}

export function describeHeicDecoder(decoder: HeicDecoder): string {
  return decoder.kind === 'native'
    ? `HEIC/HEIF photos are decoded natively by libheif (${decoder.path})`
    : 'HEIC/HEIF photos are decoded by the WASM build of libheif in a worker thread (several seconds a photo): install Debian’s libheif-examples for heif-convert';
}

/**
 * The JPEG of a HEIC/HEIF photo's primary image (`primary`: its index among the file's top-level images, as sharp tells
 * it), turned as its container says (libheif applies its rotation and mirror), without metadata. The native decoder
 * writes into a folder of its own under `scratch` (a private folder), removed at the end: `photo.jpg`, or `photo-1.jpg`,
 * `photo-2.jpg`… when the file holds several images. Throws when the photo does not decode.
 */
export async function heicToJpeg(path: string, decoder: HeicDecoder, scratch: string, primary = 0): Promise<Buffer> {
  if (decoder.kind === 'wasm') {
    const images = await heicConvert.all({ buffer: await readFile(path), format: 'JPEG', quality: JPEG_QUALITY / 100 });
    const image = images[primary];
    if (!image) throw new Error(`No image ${primary} in the photo`);
    return Buffer.from(await image.convert());
  }
  const folder = await mkdtemp(join(scratch, 'heic-'));
  try {
    await run(decoder.path, ['--quiet', '-q', String(JPEG_QUALITY), '--', path, join(folder, 'photo.jpg')], { timeout: NATIVE_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 });
    const written = await readdir(folder);
    return await readFile(join(folder, written.includes('photo.jpg') ? 'photo.jpg' : `photo-${primary + 1}.jpg`));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
