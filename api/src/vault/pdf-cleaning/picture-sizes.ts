// Pictures: their size read from their dictionaries and headers, never by decoding them.
import { constants as zlib, inflateSync } from 'node:zlib';
import { PDFRawStream, type PDFContext, type PDFStream } from 'pdf-lib';
import { N, numberOf, resolve } from './objects.js';
import { filtersOf } from './streams.js';

const u16 = (data: Uint8Array, at: number) => (data[at]! << 8) | data[at + 1]!;
const u32 = (data: Uint8Array, at: number) => data[at]! * 0x1000000 + ((data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!);

/** A JPEG's size from its frame header (pdf.js decodes a DCT picture at that size, whatever its dictionary says). */
export function jpegPixels(data: Uint8Array): number {
  let at = data.indexOf(0xff);
  while (at >= 0 && at + 9 < data.length) {
    if (data[at] !== 0xff) return 0;
    const marker = data[at + 1]!;
    if (marker === 0xff) at += 1;
    else if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) at += 2;
    else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return u16(data, at + 5) * u16(data, at + 7);
    else if (marker === 0xda) return 0;
    else at += 2 + u16(data, at + 2);
  }
  return 0;
}

/** A JPEG 2000 picture's size from its image header box and its codestream's SIZ marker. */
function jpxPixels(data: Uint8Array): number {
  let pixels = 0;
  const siz = (at: number) => {
    if (u16(data, at) === 0xff4f && u16(data, at + 2) === 0xff51 && at + 28 <= data.length) {
      pixels = Math.max(pixels, (u32(data, at + 8) - u32(data, at + 16)) * (u32(data, at + 12) - u32(data, at + 20)));
    }
  };
  siz(0);
  const boxes = (start: number, end: number, depth: number) => {
    for (let at = start; at + 8 <= end && depth < 4; ) {
      let length = u32(data, at);
      const type = String.fromCharCode(data[at + 4]!, data[at + 5]!, data[at + 6]!, data[at + 7]!);
      let header = 8;
      if (length === 1 && at + 16 <= end) {
        length = u32(data, at + 8) * 2 ** 32 + u32(data, at + 12);
        header = 16;
      }
      if (length === 0) length = end - at;
      if (length < header) return;
      if (type === 'jp2h') boxes(at + header, Math.min(end, at + length), depth + 1);
      else if (type === 'ihdr' && at + 16 <= end) pixels = Math.max(pixels, u32(data, at + 8) * u32(data, at + 12));
      else if (type === 'jp2c') siz(at + header);
      at += length;
    }
  };
  if (pixels === 0) boxes(0, data.length, 0);
  return pixels;
}

/** A JBIG2 picture's size from its page information segments (its globals' included). */
function jbig2Pixels(data: Uint8Array): number {
  let pixels = 0;
  for (let at = 0, segments = 0; at + 11 <= data.length && segments < 10_000; segments += 1) {
    const number = u32(data, at);
    const flags = data[at + 4]!;
    let cursor = at + 5;
    let referred = data[cursor]! >> 5;
    if (referred === 7) {
      referred = u32(data, cursor) & 0x1fffffff;
      cursor += 4 + Math.ceil((referred + 1) / 8);
    } else cursor += 1;
    cursor += referred * (number <= 256 ? 1 : number <= 65536 ? 2 : 4);
    cursor += flags & 0x40 ? 4 : 1;
    if (cursor + 4 > data.length) break;
    const length = u32(data, cursor);
    cursor += 4;
    if ((flags & 0x3f) === 48 && cursor + 8 <= data.length) {
      const height = u32(data, cursor + 4);
      if (height !== 0xffffffff) pixels = Math.max(pixels, u32(data, cursor) * height);
    }
    if (length === 0xffffffff) break;
    at = cursor + length;
  }
  return pixels;
}

/** The first bytes of a picture's data once its non-image filters are undone (a few kilobytes: enough for a header). */
function pictureHead(stream: PDFRawStream, filters: { name: string }[]): Uint8Array | null {
  let data: Uint8Array = stream.contents;
  for (const { name } of filters.slice(0, -1)) {
    if (name !== 'FlateDecode') return null;
    try {
      // 16 KB of a deflated stream decode to 17 MB at most.
      data = inflateSync(data.subarray(0, 16 * 1024), { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: 32 * 1024 * 1024 });
    } catch {
      return null;
    }
  }
  return data;
}

/** How many pixels a picture XObject decodes to: its declared size, or the one of its own header when larger. */
export function picturePixels(context: PDFContext, stream: PDFStream): number {
  const dict = stream.dict;
  let pixels = numberOf(context, dict.get(N('Width'))) * numberOf(context, dict.get(N('Height')));
  if (!(stream instanceof PDFRawStream)) return pixels;
  const filters = filtersOf(context, dict);
  const last = filters.at(-1)?.name;
  if (last === 'DCTDecode' || last === 'JPXDecode' || last === 'JBIG2Decode') {
    const head = pictureHead(stream, filters);
    if (head) {
      if (last === 'DCTDecode') pixels = Math.max(pixels, jpegPixels(head));
      else if (last === 'JPXDecode') pixels = Math.max(pixels, jpxPixels(head));
      else {
        const globals = resolve(context, filters.at(-1)!.parms?.get(N('JBIG2Globals')));
        pixels = Math.max(pixels, jbig2Pixels(head), globals instanceof PDFRawStream ? jbig2Pixels(globals.contents) : 0);
      }
    }
  }
  return pixels;
}
