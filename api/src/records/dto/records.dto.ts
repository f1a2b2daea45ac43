import { textIdField } from '@hsa-lli/common/back-office';
import { documentTypeSchema, sharedLinkSchema, uploadLinkCreateSchema } from '@hsa-lli/common/domain';
import * as z from 'zod/mini';

const ID_WRONG = "L'identifiant doit être un nombre entier positif.";
const id = z.int(ID_WRONG).check(z.minimum(1, ID_WRONG));

/** The text fields of its owner's upload; the file comes apart, under `file`. */
export const ownerUploadSchema = z.extend(documentTypeSchema, { replaces: z.optional(textIdField(ID_WRONG)) });
export type OwnerUploadRequest = z.output<typeof ownerUploadSchema>;

/** The text fields of an upload through a shared link. */
export const sharedUploadSchema = z.extend(documentTypeSchema, sharedLinkSchema.shape);

export const recordIdSchema = z.strictObject({ record_id: id });

export const staffUploadLinkCreateSchema = z.extend(uploadLinkCreateSchema, { record_id: id });

export const staffUploadLinkWithdrawSchema = z.strictObject({ record_id: id, id });

const REASON_MISSING = 'Indiquez la raison du refus : elle sera transmise au demandeur.';

/** Staff's review of documents of one file: each validated, or refused with the reason its owner will read. */
export const reviewSchema = z.strictObject({
  record_id: id,
  reviews: z
    .array(
      z
        .strictObject({
          id,
          status: z.enum(['validated', 'declined'], 'Choisissez « validated » ou « declined ».'),
          reason: z.optional(z.nullable(z.string(REASON_MISSING).check(z.trim(), z.maxLength(500, 'La raison ne peut pas dépasser 500 caractères.')))),
        })
        .check(z.refine((review) => review.status !== 'declined' || Boolean(review.reason), { error: REASON_MISSING, path: ['reason'] })),
      'Indiquez les pièces examinées.',
    )
    .check(z.minLength(1, 'Indiquez les pièces examinées.'), z.maxLength(100, 'Examinez au plus 100 pièces à la fois.')),
});
export type ReviewRequest = z.output<typeof reviewSchema>;
