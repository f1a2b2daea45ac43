import * as z from 'zod/mini';

export const slugSchema = z.strictObject({
  slug: z.string("L'adresse de la résidence est incorrecte.").check(z.maxLength(160, "L'adresse de la résidence est incorrecte.")),
});

export const optionalIdSchema = z.strictObject({ id: z.optional(z.int("L'identifiant doit être un nombre entier.")) });
