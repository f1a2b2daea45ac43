import { EQUIPMENT_TYPES } from '@hsa-lli/common/domain';
import * as z from 'zod/mini';

/** Filters with a type, or one id, or nothing for all of them (spec section 7). */
export const equipmentListSchema = z.strictObject({
  filters: z.optional(z.strictObject({ type: z.optional(z.enum(EQUIPMENT_TYPES, "Le type d'équipement est inconnu.")) })),
  id: z.optional(z.int("L'identifiant doit être un nombre entier.")),
});
export type EquipmentListRequest = z.output<typeof equipmentListSchema>;
