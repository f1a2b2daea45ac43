import { DOCUMENT_TOO_LARGE, formatDate } from '@hsa-lli/common/domain';

/** What to do with a PDF we cannot keep as it is: a new, plain PDF of it, or a photo. */
const REMEDY = 'enregistrez-le à nouveau (Imprimer → Enregistrer au format PDF) ou envoyez une photo du document.';
/** What to do with a PDF whose pictures are too large: a scan at an ordinary resolution, or a photo. */
const SCAN_REMEDY = 'numérisez le document à nouveau avec une résolution plus faible (300 ppp suffisent) ou envoyez une photo du document.';

/**
 * The most pixels one picture of a document may have (40 millions, beyond any phone's camera and an A4 page scanned at
 * 600 dpi): a small file can declare a huge picture, whose decoding would take gigabytes of memory. Photos are held to
 * it, and each picture of a PDF.
 */
export const DOCUMENT_MAX_PIXELS = 40_000_000;

/**
 * A file refused for its sender's reason (the French message of `fields.file`). A plain Error, not an HTTP one: it is
 * thrown in the worker threads that check files and crosses back to the request as its message.
 */
export class DocumentRefused extends Error {
  override readonly name = 'DocumentRefused';
}

/** Why a document is refused, in the words its sender reads (the `file` field of a 400 answer). */
export const REFUSALS = {
  empty: 'Ce fichier est vide : choisissez à nouveau le document.',
  tooLarge: DOCUMENT_TOO_LARGE,
  notAccepted: 'Ce type de fichier n’est pas accepté : envoyez un PDF, ou une photo au format JPEG, PNG ou HEIC.',
  infected: 'Ce fichier a été détecté comme dangereux par notre antivirus : il n’a pas été conservé. Envoyez une autre copie du document, depuis un appareil sain.',
  brokenPdf: `Ce PDF est illisible ou endommagé : ${REMEDY}`,
  encryptedPdf: `Ce PDF est protégé par un mot de passe ou chiffré : nous ne pouvons pas le lire. Ouvrez-le, puis ${REMEDY}`,
  tooManyPages: (max: number) => `Ce PDF a trop de pages pour ce document (${max} au plus) : envoyez seulement les pages demandées.`,
  activePdf: (what: string) => `Ce PDF contient ${what}, ce qui n’est pas accepté pour une pièce justificative : ${REMEDY}`,
  pdfImageTooLarge: (millions: number) => `Ce PDF contient une image trop grande (plus de ${millions} millions de pixels) : ${SCAN_REMEDY}`,
  pdfPageTooLarge: (millions: number) => `Une page de ce PDF contient des images trop grandes (plus de ${millions} millions de pixels en tout) : ${SCAN_REMEDY}`,
  pdfImagesTooLarge: (millions: number) => `Les images de ce PDF sont trop grandes (plus de ${millions} millions de pixels en tout) : ${SCAN_REMEDY}`,
  pdfTooComplex: `Ce PDF est trop lourd à afficher (son contenu décompressé est démesuré) : ${REMEDY}`,
  pdfCopyTooLarge: (megabytes: number) => `Ce PDF est trop lourd une fois nettoyé (plus de ${megabytes} Mo) : ${REMEDY}`,
  tooManyPixels: (millions: number) => `Cette image est trop grande (plus de ${millions} millions de pixels) : réduisez-la ou prenez une photo moins grande.`,
  unreadableImage: 'Cette image est abîmée ou incomplète : elle ne peut pas être lue. Prenez une nouvelle photo du document.',
};

/** 503: the antivirus could not say, so the file is not taken (never kept unscanned when an antivirus is configured). */
export const SCAN_UNAVAILABLE = 'L’analyse antivirus est momentanément indisponible : votre fichier n’a pas été enregistré. Réessayez dans quelques minutes.';

/** 503: the file waited too long for its turn to be checked. */
export const PROCESSING_BUSY = 'Le traitement des fichiers prend plus de temps que prévu : votre fichier n’a pas été enregistré. Réessayez dans quelques minutes.';

/** The text drawn across every page of the copies staff read, dated the day the copy is made. */
export function watermarkText(day: Date): string {
  return `Document exclusivement destiné à l’étude d’une demande de logement HSA — ${formatDate(day)}`;
}
