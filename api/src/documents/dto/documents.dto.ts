import { requiredText, text, textIdField } from '@hsa-lli/common/back-office';
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
const REASON_LIMIT = { length: 500, message: 'La raison ne peut pas dépasser 500 caractères.' };
/** A refusal's reason says something, as any required text (`requiredText`): a reason of dots or emoji is none. */
const saysSomething = requiredText(REASON_MISSING, REASON_LIMIT, 'lines');

/** Staff's review of documents of one file: each validated, or refused with the reason its owner will read. */
export const reviewSchema = z.strictObject({
  record_id: id,
  reviews: z
    .array(
      z
        .strictObject({
          id,
          status: z.enum(['validated', 'declined'], 'Choisissez « validated » ou « declined ».'),
          // Staff's words as the owner will read them (several lines): cleaned and checked as any text typed in a form.
          reason: z.optional(z.nullable(text(REASON_MISSING, REASON_LIMIT, 'lines'))),
        })
        .check(
          z.refine((review) => review.status !== 'declined' || (review.reason != null && z.safeParse(saysSomething, review.reason).success), {
            error: REASON_MISSING,
            path: ['reason'],
            // A reason refused as a text (a control character, too long) is said so, not said missing as well.
            when: (payload) => payload.issues.length === 0,
          }),
        ),
      'Indiquez les pièces examinées.',
    )
    .check(z.minLength(1, 'Indiquez les pièces examinées.'), z.maxLength(100, 'Examinez au plus 100 pièces à la fois.')),
});
export type ReviewRequest = z.output<typeof reviewSchema>;
