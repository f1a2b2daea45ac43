import type { Page } from '@playwright/test';

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
