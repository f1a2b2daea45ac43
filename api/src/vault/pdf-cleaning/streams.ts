// Undoing a stream's filters within a byte limit, never an image filter.
import { constants as zlib, inflateRawSync, inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFRawStream, type PDFContext, type PDFStream } from 'pdf-lib';
import { MAX_CONTENT_BYTES } from './limits.js';
import { broken, N, nameOf, numberOf, resolve } from './objects.js';

const FILTER_NAMES: Record<string, string> = {
  Fl: 'FlateDecode', LZW: 'LZWDecode', AHx: 'ASCIIHexDecode', A85: 'ASCII85Decode', RL: 'RunLengthDecode', DCT: 'DCTDecode', CCF: 'CCITTFaxDecode',
};

/** A stream's filters, by their full names (readers take the abbreviations of inline pictures here too), with their parameters. */
export function filtersOf(context: PDFContext, dict: PDFDict): { name: string; parms: PDFDict | undefined }[] {
  const filter = resolve(context, dict.get(N('Filter')));
  const parms = resolve(context, dict.get(N('DecodeParms')));
  const names = filter instanceof PDFArray ? filter.asArray().map((value) => resolve(context, value)) : filter ? [filter] : [];
  return names.map((value, index) => {
    const name = nameOf(value) ?? '';
    const own = parms instanceof PDFArray ? resolve(context, parms.get(index)) : parms;
    return { name: FILTER_NAMES[name] ?? name, parms: own instanceof PDFDict ? own : undefined };
  });
}

export class ContentTooLarge extends Error {}

/** Whether data starts with a zlib header (deflate, a valid check): `FlateDecode`'s format. */
const zlibHeader = (data: Uint8Array) => data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;

/**
 * One filter undone within `limit` bytes: `ContentTooLarge` beyond (zlib stops there, other decoders are read a
 * megabyte at a time), null when it cannot be undone here (an image filter, data that does not decode).
 */
function undoFilter(context: PDFContext, name: string, parms: PDFDict | undefined, data: Uint8Array, limit: number): Uint8Array | null {
  if (name === 'FlateDecode') {
    const options = { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: limit };
    // zlib's format; the same with a wrong checksum (readers take its data, as pdf-lib does); raw deflate.
    const attempts = [() => inflateSync(data, options), () => (zlibHeader(data) ? inflateRawSync(data.subarray(2), options) : null), () => inflateRawSync(data, options)];
    for (const attempt of attempts) {
      try {
        const inflated = attempt();
        if (inflated) return inflated;
      } catch (error) {
        if (error instanceof RangeError) throw new ContentTooLarge();
      }
    }
    return null;
  }
  if (!['LZWDecode', 'ASCIIHexDecode', 'ASCII85Decode', 'RunLengthDecode'].includes(name)) return null;
  try {
    const decoder = decodePDFRawStream(PDFRawStream.of(context.obj({ Filter: name, DecodeParms: parms ?? null }), data));
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (let chunk = decoder.getBytes(1024 * 1024); chunk.length > 0; chunk = decoder.getBytes(1024 * 1024)) {
      total += chunk.length;
      if (total > limit) throw new ContentTooLarge();
      chunks.push(Uint8Array.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof ContentTooLarge) throw error;
    return null;
  }
}

/**
 * A stream's data once every filter of its chain is undone, each within `limit` bytes (`ContentTooLarge` beyond). When
 * one cannot be undone here (an image filter, a predictor, data that does not decode): null, or, `required`, a broken file.
 */
export function decodeStream(context: PDFContext, stream: PDFStream, limit: number, required = false): Uint8Array | null {
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  let data: Uint8Array = stream.contents;
  for (const { name, parms } of filtersOf(context, stream.dict)) {
    const undone = parms && numberOf(context, parms.get(N('Predictor'))) > 1 ? null : undoFilter(context, name, parms, data, limit);
    if (!undone) {
      if (required) throw broken();
      return null;
    }
    data = undone;
  }
  return data;
}

/** A content stream decoded within `MAX_CONTENT_BYTES` (null when its filters cannot be undone here). */
export const decodeContent = (context: PDFContext, stream: PDFStream) => decodeStream(context, stream, MAX_CONTENT_BYTES);
