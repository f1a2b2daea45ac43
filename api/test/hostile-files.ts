/**
 * Files an applicant's upload must refuse, or keep only once made harmless, for the document vault's tests, the records
 * API's and the PDF cleaning's. They are made in code: the PDFs by hostile-pdfs.ts (two encrypted PDFs made by qpdf are
 * carried in fixtures/, and real-world PDFs from packages in fixtures/real/), the files that are no PDF by
 * hostile-binaries.ts, and the PDFs kept once inert are listed in inert-pdfs.ts.
 */
import { EICAR } from './clamd.js';
import { fixture } from './fixture-files.js';
import { elf, pe, photo, pngBomb, zip } from './hostile-binaries.js';
import { brokenPdfSayingEncrypt, pdfWithPages, pictureBomb, rawPdf, rawStream, USAGE_RIGHTS } from './hostile-pdfs.js';
import { INERT_PDFS } from './inert-pdfs.js';

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

const NOT_ACCEPTED = /n’est pas accepté : envoyez un PDF, ou une photo au format JPEG, PNG ou HEIC/;
const BROKEN = /Ce PDF est illisible ou endommagé : enregistrez-le à nouveau .* ou envoyez une photo du document/;
const ACTIVE = (what: string) => new RegExp(`Ce PDF contient ${what}, ce qui n’est pas accepté .* ou envoyez une photo du document`);

/** An opening JavaScript action whose names are escaped (/Java#53cript is /JavaScript), as is its key. */
const ESCAPED_JAVASCRIPT = '/Open#41ction << /S /Java#53cript /J#53 (app.alert(1)) >>';

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
