import { FLAT_SIZES, ZONES, type ResidenceFilters } from '@hsa-lli/common/domain';
import * as z from 'zod/mini';

const CITY_WRONG = 'Choisissez une commune de la liste.';

/** The filters of the public list, as the page reads them from its address (`ResidenceFilters`). */
export const residenceListSchema = z.strictObject({
  city: z.optional(z.string(CITY_WRONG).check(z.regex(/^\d[\dAB]\d{3}$/, CITY_WRONG))),
  zone: z.optional(z.enum(ZONES, 'Choisissez une zone de la liste.')),
  flat_size: z.optional(z.enum(FLAT_SIZES, 'Choisissez une typologie de la liste.')),
  max_rent: z.optional(z.number('Le loyer maximum doit être un montant en euros.').check(z.gte(0, 'Le loyer maximum ne peut pas être négatif.'))),
  available_now: z.optional(z.boolean('Indiquez oui ou non.')),
}) satisfies z.ZodMiniType<ResidenceFilters>;

export const slugSchema = z.strictObject({
  slug: z.string("L'adresse de la résidence est incorrecte.").check(z.maxLength(160, "L'adresse de la résidence est incorrecte.")),
});

export const optionalIdSchema = z.strictObject({ id: z.optional(z.int("L'identifiant doit être un nombre entier.")) });
