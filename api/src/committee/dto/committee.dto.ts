import { text } from '@hsa-lli/common/back-office';
import * as z from 'zod/mini';

const ID_WRONG = "L'identifiant doit être un nombre entier positif.";
const id = z.int(ID_WRONG).check(z.minimum(1, ID_WRONG));
const search = z.optional(text('La recherche doit être un texte.', { length: 100, message: 'La recherche ne peut pas dépasser 100 caractères.' }));

/** `POST /api/committee/members/options`: nothing to say. */
export const noOptionsSchema = z.strictObject({});

/** `POST /api/committee/goods/options`. */
export const goodOptionsSchema = z.strictObject({ search });

/** `POST /api/committee/records/options`: the files that may be presented for that good. */
export const recordOptionsSchema = z.strictObject({ good_id: id, search });
export type RecordOptionsRequest = z.output<typeof recordOptionsSchema>;
