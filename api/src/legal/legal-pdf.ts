import { formatDate, type LegalDocument } from '@hsa-lli/common/domain';
import PDFDocument from 'pdfkit';

/**
 * Lays a text out on A4 pages: title, date, then each section. The legal documents use it, and the data subject's
 * export for its readable copy of their file (in a worker thread: `file-work.ts`).
 */
export function renderLegalPdf(document: LegalDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: document.title, Author: 'HSA Logement intermédiaire' }, lang: 'fr-FR' });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.font('Helvetica-Bold').fontSize(20).fillColor('#083650').text(document.title);
  pdf.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#5a6472').text(`HSA Logement intermédiaire — mise à jour du ${formatDate(document.updated)}`);
  for (const section of document.sections) {
    pdf.moveDown(1).font('Helvetica-Bold').fontSize(13).fillColor('#083650').text(section.heading);
    pdf.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#1d2430');
    for (const paragraph of section.paragraphs) pdf.text(paragraph, { align: 'justify' }).moveDown(0.4);
    if (section.items) pdf.list(section.items, { bulletRadius: 2, textIndent: 12, paragraphGap: 4 });
  }
  pdf.end();
  return done;
}
