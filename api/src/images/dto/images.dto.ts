import { IMAGE_KINDS_OF, IMAGE_OWNERS, imageAltField, textIdField, type ImageOwner } from '@hsa-lli/common/back-office';
import * as z from 'zod/mini';
import { IMAGE_KINDS, type ImageKind } from '../entities/image.entity.js';

const OWNER_WRONG = 'Indiquez « residence » ou « good ».';
const OWNER_ID_WRONG = "L'identifiant de la résidence ou du logement doit être un nombre entier positif.";
const KIND_WRONG = 'Indiquez « photo » ou « plan ».';
const ID_WRONG = "L'identifiant de l'image doit être un nombre entier positif.";

const imageId = z.int(ID_WRONG).check(z.minimum(1, ID_WRONG));

/** Whose pictures, and which: a residence's photos, a good's photos or plans. */
export interface ImageTarget {
  owner: ImageOwner;
  owner_id: number;
  kind: ImageKind;
}

const kindOfOwner = z.refine<{ owner: ImageOwner; kind: ImageKind }>((target) => IMAGE_KINDS_OF[target.owner].includes(target.kind), {
  message: 'Une résidence n’a pas de plan : joignez-le à l’un de ses logements.',
  path: ['kind'],
});

function targetSchema<OwnerId extends z.ZodMiniType<number, unknown>>(ownerId: OwnerId) {
  return { owner: z.enum(IMAGE_OWNERS, OWNER_WRONG), owner_id: ownerId, kind: z.enum(IMAGE_KINDS, KIND_WRONG) };
}

/** The text fields of an upload (multipart: every value is a text); the files come apart, under `files`. */
export const imageUploadSchema = z
  .strictObject(targetSchema(textIdField(OWNER_ID_WRONG)))
  .check(kindOfOwner);

/** `images/reorder`: every picture of that owner and kind, in their new order. */
export const imageReorderSchema = z
  .strictObject({
    ...targetSchema(z.int(OWNER_ID_WRONG).check(z.minimum(1, OWNER_ID_WRONG))),
    ids: z.array(imageId, 'Indiquez les images dans leur nouvel ordre.').check(z.minLength(1, 'Indiquez les images dans leur nouvel ordre.')),
  })
  .check(kindOfOwner);
export type ImageReorderRequest = z.output<typeof imageReorderSchema>;

export const imageUpdateSchema = z.strictObject({ id: imageId, alt: imageAltField });
export type ImageUpdateRequest = z.output<typeof imageUpdateSchema>;

export const imageIdSchema = z.strictObject({ id: imageId });
