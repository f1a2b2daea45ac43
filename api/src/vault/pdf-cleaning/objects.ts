// Small helpers on pdf-lib's objects shared by the PDF cleaning, and its two ways of refusing a file.
import { PDFDict, PDFName, PDFNumber, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';
import { DocumentRefused, REFUSALS } from '../messages.js';

export const refuse = (message: string) => new DocumentRefused(message);
export const broken = () => refuse(REFUSALS.brokenPdf);
export const millions = (pixels: number) => pixels / 1_000_000;

export const N = (key: string) => PDFName.of(key);
export const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);
export const dictOf = (object: PDFObject | undefined) => (object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined);

export function resolve(context: PDFContext, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? context.lookup(value) : value;
}

export const numberOf = (context: PDFContext, value: PDFObject | undefined) => {
  const number = resolve(context, value);
  return number instanceof PDFNumber && Number.isFinite(number.asNumber()) && number.asNumber() > 0 ? Math.floor(number.asNumber()) : 0;
};
