// Reading a PDF's structure with pdf-lib's parser, its object and cross-reference streams read here within bounds.
import { PDFDocument, PDFNumber, PDFObjectParser, PDFParser, PDFRawStream, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';
import { DocumentRefused, REFUSALS } from '../messages.js';
import { PDF_MAX_OBJECT_STREAM_BYTES, PDF_MAX_OBJECT_STREAMS_BYTES } from './limits.js';
import { broken, N, refuse } from './objects.js';
import { ContentTooLarge, decodeStream } from './streams.js';

/** What pdf-lib's parsers keep to themselves, reached to read object and cross-reference streams within bounds. */
interface ParserInside {
  readonly context: PDFContext;
  readonly bytes: { offset(): number; moveTo(offset: number): void };
  parseIndirectObjectHeader(): PDFRef;
  parseIndirectObject(): Promise<PDFRef>;
  skipWhitespaceAndComments(): void;
  parseRawInt(): number;
  parseObject(): PDFObject;
  matchKeyword(keyword: number[]): boolean;
}
const ENDOBJ = [...'endobj'].map((character) => character.charCodeAt(0));
/** pdf-lib's document around a parsed context (its constructor is private: `PDFDocument.load` does just this). */
const PDFDocumentOf = PDFDocument as unknown as new (context: PDFContext, ignoreEncryption: boolean, updateMetadata: boolean) => PDFDocument;

/**
 * The document pdf-lib reads in `bytes`, its object and cross-reference streams read here rather than by pdf-lib, which
 * inflates them whole before looking at them: each indirect object is parsed as pdf-lib does (same parser, same test of
 * its /Type, whatever its dictionary holds before its data), then an object stream is decoded through every filter of
 * its chain within `PDF_MAX_OBJECT_STREAM_BYTES` (all of them within `PDF_MAX_OBJECT_STREAMS_BYTES`, « trop lourd »
 * beyond), a filter that cannot be undone making the file broken, and its objects are read once each; a
 * cross-reference stream gives its trailer and nothing else (pdf-lib reads its entries for nothing: one that announces
 * millions of them would hold it for seconds). `strict`: an object that cannot be read makes the whole file unreadable
 * (pdf-lib's `throwOnInvalidObject`); else it is skipped, but object streams stay within their limits.
 */
export async function load(bytes: Uint8Array, strict = true): Promise<PDFDocument> {
  const parser = PDFParser.forBytesWithOptions(bytes, Infinity, strict, false);
  const inside = parser as unknown as ParserInside;
  const budget = { total: 0 };
  // pdf-lib turns any error of one object into its own "invalid object" error, or skips the object: kept here.
  let refusal: DocumentRefused | undefined;
  inside.parseIndirectObject = async () => {
    if (refusal) throw refusal;
    const ref = inside.parseIndirectObjectHeader();
    inside.skipWhitespaceAndComments();
    const object = inside.parseObject();
    inside.skipWhitespaceAndComments();
    inside.matchKeyword(ENDOBJ);
    const type = object instanceof PDFRawStream ? object.dict.lookup(N('Type')) : undefined;
    if (object instanceof PDFRawStream && type === N('ObjStm')) {
      try {
        unpackObjectStream(inside.context, object, budget);
      } catch (error) {
        if (error instanceof DocumentRefused && (strict || error.message === REFUSALS.pdfTooComplex)) refusal = error;
        throw error;
      }
    } else if (object instanceof PDFRawStream && type === N('XRef')) {
      const { dict } = object;
      inside.context.trailerInfo = { Root: dict.get(N('Root')), Encrypt: dict.get(N('Encrypt')), Info: dict.get(N('Info')), ID: dict.get(N('ID')) };
    } else inside.context.assign(ref, object);
    return ref;
  };
  let context: PDFContext;
  try {
    context = await parser.parseDocument();
  } catch (error) {
    throw refusal ?? error;
  }
  if (refusal) throw refusal;
  return new PDFDocumentOf(context, true, false);
}

/**
 * Puts the objects of an object stream into `context`, as pdf-lib would, after decoding it within its limits (counted
 * in `budget`). Its objects are read in the order of their offsets, each from its offset to its end, and the next may
 * not start before: a hundred numbers at the offset of one big string would have it read a hundred times. A stream
 * among them (forbidden there) makes the file broken.
 */
function unpackObjectStream(context: PDFContext, stream: PDFRawStream, budget: { total: number }) {
  let data: Uint8Array;
  try {
    data = decodeStream(context, stream, PDF_MAX_OBJECT_STREAM_BYTES, true) ?? new Uint8Array();
  } catch (error) {
    throw error instanceof ContentTooLarge ? refuse(REFUSALS.pdfTooComplex) : error;
  }
  budget.total += data.length;
  if (budget.total > PDF_MAX_OBJECT_STREAMS_BYTES) throw refuse(REFUSALS.pdfTooComplex);
  const first = stream.dict.lookup(N('First'));
  const count = stream.dict.lookup(N('N'));
  if (!(first instanceof PDFNumber) || !(count instanceof PDFNumber)) throw broken();
  const start = first.asNumber();
  const reader = PDFObjectParser.forBytes(data, context) as unknown as ParserInside;
  const entries: { number: number; offset: number; object?: PDFObject }[] = [];
  try {
    // Each pair takes two bytes at least: a count beyond the data ends at its end.
    for (let index = 0; index < count.asNumber(); index += 1) {
      reader.skipWhitespaceAndComments();
      const number = reader.parseRawInt();
      reader.skipWhitespaceAndComments();
      entries.push({ number, offset: start + reader.parseRawInt() });
    }
    let end = reader.bytes.offset();
    for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
      if (entry.offset < end || entry.offset >= data.length) throw broken();
      reader.bytes.moveTo(entry.offset);
      entry.object = reader.parseObject();
      if (entry.object instanceof PDFStream) throw broken();
      end = reader.bytes.offset();
    }
  } catch (error) {
    throw error instanceof DocumentRefused ? error : broken();
  }
  for (const { number, object } of entries) context.assign(PDFRef.of(number, 0), object!);
}
