/** Photos and plans of residences and goods, as staff upload, describe, order and delete them. */
import * as z from 'zod/mini';
import { builtWhenUsed, requiredText, shownName } from '../schema.js';

export const IMAGE_OWNERS = ['residence', 'good'] as const;
export type ImageOwner = (typeof IMAGE_OWNERS)[number];

/** Residences have photos; goods have photos and plans. */
export const IMAGE_KINDS_OF: Record<ImageOwner, readonly ('photo' | 'plan')[]> = { residence: ['photo'], good: ['photo', 'plan'] };

/** The largest picture taken, in bytes (15 Mo). */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** How many pictures one upload takes. */
export const IMAGE_MAX_FILES = 20;
/**
 * What the file picker offers (HEIC/HEIF by extension too: some systems announce no type for them); the API checks each
 * file's content, never its name or announced type.
 */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
/** The formats a picture may come in, as staff read them. */
export const IMAGE_FORMATS = 'JPEG, PNG, WebP ou HEIC';
export const IMAGE_ALT_MAX = 255;

/** The answer's message when an upload is refused: all of its files, or none, are kept. */
export const UPLOAD_REFUSED = 'Aucune image n’a été enregistrée.';
/**
 * The most pixels a picture may have (60 millions, a 9,000 × 6,700 photo): a small file can declare a huge image,
 * whose decoding would take gigabytes of memory.
 */
export const IMAGE_MAX_PIXELS = 60_000_000;
export const TOO_MANY_IMAGES = `Envoyez ${IMAGE_MAX_FILES} images au plus à la fois.`;
const SHOWN_NAME_MAX = 80;

/** A file's name as messages quote it: as it may be shown (`shownName`), shortened. */
export function quotedFileName(name: string): string {
  const clean = shownName(name) || 'sans nom';
  return `« ${clean.length > SHOWN_NAME_MAX ? `${clean.slice(0, SHOWN_NAME_MAX - 1)}…` : clean} »`;
}

export const imageTooLarge = (name: string) =>
  `Le fichier ${quotedFileName(name)} dépasse ${IMAGE_MAX_BYTES / (1024 * 1024)} Mo : envoyez une image plus légère.`;
export const imageTooManyPixels = (name: string) =>
  `L’image ${quotedFileName(name)} est trop grande (plus de ${IMAGE_MAX_PIXELS / 1_000_000} millions de pixels) : réduisez-la avant de l’envoyer.`;
export const notAnImage = (name: string) => `Le fichier ${quotedFileName(name)} n’est pas une image ${IMAGE_FORMATS}.`;
export const unreadableImage = (name: string) => `L’image ${quotedFileName(name)} est abîmée ou incomplète : elle ne peut pas être lue.`;

/** The alternative text of one picture: what a screen reader says of it. */
export const imageAltField = builtWhenUsed(() => z.pipe(
  z.string('Indiquez le texte alternatif.'),
  requiredText('Indiquez le texte alternatif : ce que montre l’image, pour qui ne la voit pas.', {
    length: IMAGE_ALT_MAX,
    message: `Le texte alternatif ne peut pas dépasser ${IMAGE_ALT_MAX} caractères.`,
  }),
));

/** The form of one picture's alternative text. */
export const imageAltSchema = builtWhenUsed(() => z.strictObject({ alt: imageAltField }));
