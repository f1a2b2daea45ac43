/**
 * The PDFs of the hostile files, made here in code: PDFs written by hand or by pdf-lib, filled and Reader-extended
 * forms, a Factur-X bill, PDFs of pictures (pixel bombs included) and a broken one. The PDFs carried in fixtures/ (two
 * encrypted by qpdf, real-world ones from packages) are read with fixture-files.ts.
 */
import { deflateSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, PDFRawStream, popGraphicsState, pushGraphicsState, StandardFonts } from 'pdf-lib';

/** Text of the first page of `textPdf`, to look for in the kept file, the stored file and the watermarked copy. */
export const PDF_MARKER = 'AVIS-IMPOT-2025-MARKER';

/**
 * A PDF written by hand (uncompressed, so that its text can be found in its bytes): a catalog, one page per entry of
 * `pages` saying that text (objects 10, 12… with their content 11, 13…), and `extra` objects from number 100 on;
 * `catalog` is added to the catalog's dictionary, `page` to each page's.
 */
export function rawPdf({ pages = [PDF_MARKER], catalog = '', page = '', extra = [] as string[] } = {}): Buffer {
  const objects = new Map<number, string>();
  const pageRefs = pages.map((_, index) => `${10 + index * 2} 0 R`).join(' ');
  objects.set(1, `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`);
  objects.set(2, `<< /Type /Pages /Kids [${pageRefs}] /Count ${pages.length} >>`);
  objects.set(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pages.forEach((text, index) => {
    const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
    objects.set(10 + index * 2, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${11 + index * 2} 0 R ${page} >>`);
    objects.set(11 + index * 2, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  extra.forEach((object, index) => objects.set(100 + index, object));
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets = new Map<number, number>();
  for (const [number, object] of [...objects].sort(([a], [b]) => a - b)) {
    offsets.set(number, Buffer.byteLength(body, 'latin1'));
    body += `${number} 0 obj\n${object}\nendobj\n`;
  }
  const size = [...objects.keys()].reduce((largest, number) => Math.max(largest, number), 0) + 1;
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let number = 1; number < size; number += 1) {
    const offset = offsets.get(number);
    body += offset === undefined ? '0000000000 65535 f \n' : `${String(offset).padStart(10, '0')} 00000 n \n`;
  }
  body += `trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF as pdf-lib writes it, with `pages` pages (compressed: object streams and deflated content). */
export async function pdfWithPages(pages: number, edit: (document: PDFDocument) => void | Promise<void> = () => undefined, useObjectStreams = true): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page += 1) document.addPage([595, 842]).drawText(`Page ${page}`, { x: 72, y: 720, size: 24, font });
  await edit(document);
  return Buffer.from(await document.save({ useObjectStreams }));
}

/** A stream object for `rawPdf`'s `extra`. */
export const rawStream = (content: string, entries = '') => `<< ${entries} /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;

/**
 * A usage-rights signature as Adobe's servers add it to make a form « Reader-extended » (fill in and save it in the
 * free Reader): its transform parameters hold an /EF array of names (rights on attachments), not files.
 */
export const USAGE_RIGHTS =
  '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Name (ARE Acrobat Product v8.0 P23 0002337) ' +
  '/M (D:20250301120000Z) /ByteRange [0 0 0 0] /Contents <3082000a06092a864886f70d010702> /Reference [<< /Type /SigRef ' +
  '/TransformMethod /UR3 /TransformParams << /Type /TransformParams /V /2.2 /Document [/FullSave] /Form [/Add /Delete ' +
  '/FillIn /Import /Export /SubmitStandalone /SpawnTemplate] /Annots [/Create /Delete /Modify /Copy /Import /Export] ' +
  '/EF [/Create /Delete /Modify /Import] /Signature [/Modify] >> >>] /Prop_Build << /App << /Name /Acrobat >> >> >>';

/** The value typed into the filled forms below. */
export const FORM_VALUE = 'Marie Dupont';

/**
 * A filled form, as a CERFA made fillable by a public office: one text field (object 100, on the first page) with its
 * typed value drawn in its appearance (101). `catalog`, `page`, `field` and `extra` (from 102 on) add to it.
 */
export function formPdf({ catalog = '', page = '', field = '', extra = [] as string[] } = {}): Buffer {
  return rawPdf({
    catalog: `/AcroForm << /Fields [100 0 R] /DA (/F1 0 Tf 0 g) /DR << /Font << /F1 3 0 R >> >> >> ${catalog}`,
    page: `/Annots [100 0 R] ${page}`,
    extra: [
      `<< /Type /Annot /Subtype /Widget /FT /Tx /T (nom) /V (${FORM_VALUE}) /DA (/F1 12 Tf 0 g) /Rect [72 600 300 620] /P 10 0 R /F 4 /AP << /N 101 0 R >> ${field} >>`,
      rawStream(`/Tx BMC BT /F1 12 Tf 2 5 Td (${FORM_VALUE}) Tj ET EMC`, '/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /F1 3 0 R >> >>'),
      ...extra,
    ],
  });
}

/** A Reader-extended form, filled: usage rights (/Perms /UR3) over a form. */
export const readerExtendedForm = () => formPdf({ catalog: '/Perms << /UR3 102 0 R >>', extra: [USAGE_RIGHTS] });

/** A filled form (as `formPdf`) whose field's appearance stream has `entries` in its dictionary. */
export function formPdfWithAppearance(entries: string): Buffer {
  return rawPdf({
    catalog: '/AcroForm << /Fields [100 0 R] /DA (/F1 0 Tf 0 g) /DR << /Font << /F1 3 0 R >> >> >>',
    page: '/Annots [100 0 R]',
    extra: [
      `<< /Type /Annot /Subtype /Widget /FT /Tx /T (nom) /V (${FORM_VALUE}) /DA (/F1 12 Tf 0 g) /Rect [72 600 300 620] /P 10 0 R /F 4 /AP << /N 101 0 R >> >>`,
      rawStream(`/Tx BMC BT /F1 12 Tf 2 5 Td (${FORM_VALUE}) Tj ET EMC`, `/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /F1 3 0 R >> >> ${entries}`),
    ],
  });
}

/** The invoice data a Factur-X (ZUGFeRD) bill carries as an embedded file. */
const FACTUR_X_XML =
  '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">' +
  '<rsm:ExchangedDocument><ram:ID xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">FA-2025-0042</ram:ID>' +
  '</rsm:ExchangedDocument></rsm:CrossIndustryInvoice>';

/**
 * An energy bill as invoicing software makes it for Factur-X: a PDF/A-3 (its XMP metadata says so) whose catalog
 * associates (/AF) and attaches (/EmbeddedFiles) factur-x.xml, a file specification whose /EF holds the XML stream.
 */
export function facturX(): Buffer {
  const xmp =
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">' +
    '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance><fx:DocumentType>INVOICE</fx:DocumentType>' +
    '<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName><fx:ConformanceLevel>EN 16931</fx:ConformanceLevel></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
  return rawPdf({
    pages: ['Facture electricite FA-2025-0042'],
    catalog: '/Names << /EmbeddedFiles << /Names [(factur-x.xml) 100 0 R] >> >> /AF [100 0 R] /Metadata 102 0 R',
    extra: [
      '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /Desc (Factur-X) /AFRelationship /Data /EF << /F 101 0 R /UF 101 0 R >> >>',
      rawStream(FACTUR_X_XML, `/Type /EmbeddedFile /Subtype /text#2Fxml /Params << /Size ${FACTUR_X_XML.length} /ModDate (D:20250301120000+01'00') >>`),
      rawStream(xmp, '/Type /Metadata /Subtype /XML'),
    ],
  });
}

/** A picture of `width` × `height` grey pixels, all black: deflated, a few hundred kilobytes at most. */
const blackPixels = new Map<number, Buffer>();
function deflatedBlack(pixels: number): Buffer {
  let data = blackPixels.get(pixels);
  if (!data) {
    data = deflateSync(Buffer.alloc(pixels), { level: 9 });
    blackPixels.set(pixels, data);
  }
  return data;
}

/**
 * A PDF whose pages each draw pictures of `pixels` (width × height), all black and deflated: each page of `pages`
 * lists the sizes it draws. `shared`: one picture drawn on every page instead of one each.
 */
export async function picturesPdf(pages: [number, number][][], { shared = false } = {}): Promise<Buffer> {
  return pdfWithPages(
    pages.length,
    (document) => {
      const pictures = new Map<string, ReturnType<typeof document.context.register>>();
      const picture = ([width, height]: [number, number]) => {
        const key = `${width}x${height}`;
        const existing = shared ? pictures.get(key) : undefined;
        if (existing) return existing;
        const data = deflatedBlack(width * height);
        const entries = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode', Length: data.length };
        const ref = document.context.register(PDFRawStream.of(document.context.obj(entries), data));
        pictures.set(key, ref);
        return ref;
      };
      pages.forEach((sizes, index) => {
        const page = document.getPage(index);
        for (const size of sizes) {
          const name = page.node.newXObject('Scan', picture(size));
          page.pushOperators(pushGraphicsState(), concatTransformationMatrix(595, 0, 0, 842, 0, 0), drawObject(name), popGraphicsState());
        }
      });
    },
    false,
  );
}

/** A scan of 12000 × 12000 pixels (144 millions) in a PDF of about 140 KB: drawing it would take half a gigabyte. */
export const pictureBomb = () => picturesPdf([[[12_000, 12_000]]]);

/** A PDF whose bytes say /Encrypt (in a stream) but that is broken: its page tree is cut short. */
export function brokenPdfSayingEncrypt(): Buffer {
  const note = rawStream('% trailer << /Encrypt 4 0 R >> is only text here');
  return Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n4 0 obj\n${note}\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1\n%%EOF\n`,
    'latin1',
  );
}
