import * as z from 'zod/mini';
import type { EquipmentView } from '../api.js';
import { plural } from '../format.js';
import { EQUIPMENT_TYPES, type Option } from '../reference.js';
import { builtWhenUsed, requiredText } from '../schema.js';
import type { HistoryEntryView } from './history.js';
import { listRequestSchema, oneOf, versionField } from './list.js';

export const EQUIPMENT_TYPE_OPTIONS = [
  { value: 'residence', label: 'Équipement de résidence' },
  { value: 'good', label: 'Équipement de logement' },
] as const satisfies readonly Option<(typeof EQUIPMENT_TYPES)[number]>[];

export const EQUIPMENT_NAME_MAX = 120;
const TYPE_UNKNOWN = "Choisissez le type : résidence ou logement.";

/** `POST /api/equipments/list`: the spec's `filters.type` and `id`, and the lists' search, sort and pages. */
export const equipmentListSchema = builtWhenUsed(() => z.extend(
  listRequestSchema(z.strictObject({ type: oneOf(EQUIPMENT_TYPES, TYPE_UNKNOWN) }), ['name', 'type']),
  { id: z.optional(z.int("L'identifiant doit être un nombre entier.")) },
));

/** The equipment form, and the body of `equipments/create`. */
export const equipmentSchema = builtWhenUsed(() => z.strictObject({
  name: requiredText("Indiquez le nom de l'équipement.", { length: EQUIPMENT_NAME_MAX, message: `Le nom ne peut pas dépasser ${EQUIPMENT_NAME_MAX} caractères.` }).check(
    z.minLength(2, 'Le nom doit compter au moins 2 caractères.'),
  ),
  type: z.enum(EQUIPMENT_TYPES, TYPE_UNKNOWN),
}));
export type EquipmentRequest = z.output<typeof equipmentSchema>;

/** `equipments/update`: the form, with the id and the version it was made on. */
export const equipmentUpdateSchema = builtWhenUsed(() => z.extend(equipmentSchema, { id: z.int("L'identifiant doit être un nombre entier."), version: versionField }));
export type EquipmentUpdateRequest = z.output<typeof equipmentUpdateSchema>;

/** An equipment as the back office sees it: with its version and where it is used. */
export interface EquipmentAdminView extends EquipmentView {
  version: number;
  /** How many residences and goods list it: an equipment in use cannot be deleted. */
  used_by: { residences: number; goods: number };
}

export interface EquipmentAnswer {
  equipment: EquipmentAdminView;
  history: HistoryEntryView[];
}

/** Where an equipment is used: « 2 résidences et 5 logements », or « Aucune fiche ». */
export function usageText({ residences, goods }: EquipmentAdminView['used_by']): string {
  const parts = [
    residences > 0 ? plural(residences, 'résidence', 'résidences') : null,
    goods > 0 ? plural(goods, 'logement', 'logements') : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' et ') : 'Aucune fiche';
}
