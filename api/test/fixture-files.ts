/** The files carried in fixtures/ (encrypted PDFs made by qpdf, real-world PDFs and photos; see fixtures/real/README.md). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const FIXTURES = join(import.meta.dirname, 'fixtures');
export const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/** A small PDF of its own, as an applicant's scan: its text on each page (`— page n` after it when there are several). */
export async function pdfOf(text: string, pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) document.addPage([595, 842]).drawText(pages === 1 ? text : `${text} — page ${index + 1}`, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await document.save());
}

