import type { Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';

/** A real one-page PDF, written by hand (offsets included) so that the API's PDF reader takes it; its text is its only content. */
export function onePagePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A one-page PDF file to send, named and holding its name. */
export const pdfFile = (name: string): TestFile => ({ name, mimeType: 'application/pdf', buffer: onePagePdf(name) });

/** A photo as a phone's camera gives one: a JPEG the browser itself encodes, with a line of text on it. */
export async function photo(page: Page, name: string, text: string): Promise<TestFile> {
  const base64 = await page.evaluate(async (line) => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 800;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#f6f4ef';
    context.fillRect(0, 0, 600, 800);
    context.fillStyle = '#1d2430';
    context.font = '32px sans-serif';
    context.fillText(line, 40, 80);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, text);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/**
 * A one-page PDF of a few dozen kilobytes whose single picture is `side` × `side` grey pixels, deflated: what a
 * scanner at an absurd resolution, or someone meaning harm, makes. The API refuses it as too big at upload.
 */
export function pdfHidingPicture(name: string, side = 7000): TestFile {
  const pixels = deflateSync(Buffer.alloc(side * side, 0xee), { level: 9 });
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (...chunks: Buffer[]) => {
    offsets.push(length);
    for (const chunk of chunks) {
      parts.push(chunk);
      length += chunk.length;
    }
  };
  add(Buffer.from('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n', 'latin1'));
  add(Buffer.from('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n', 'latin1'));
  add(Buffer.from('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>\nendobj\n', 'latin1'));
  const content = 'q 595 0 0 842 0 0 cm /Im1 Do Q';
  add(Buffer.from(`4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`, 'latin1'));
  add(
    Buffer.from(`5 0 obj\n<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`, 'latin1'),
    pixels,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  );
  const table = `xref\n0 6\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.concat([...parts, Buffer.from(table, 'latin1')]) };
}
