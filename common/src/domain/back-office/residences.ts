import * as z from 'zod/mini';
import type { CityView, ImageView } from '../api.js';
import { findCommune } from '../communes.js';
import {
  ADVANTAGE_OPTIONS,
  CERTIFICATION_OPTIONS,
  labelOf,
  RESIDENCE_STATUS_OPTIONS,
  RESIDENCE_STATUSES,
  ZONES,
  type FlatSize,
  type ResidenceStatus,
  type Zone,
} from '../reference.js';
import { builtWhenUsed, requiredText, text, type TextKind } from '../schema.js';
import type { HistoryEntryView } from './history.js';
import { listRequestSchema, oneOf, versionField } from './list.js';

export const RESIDENCE_REFERENCE_MAX = 40;
export const RESIDENCE_NAME_MAX = 160;
export const RESIDENCE_TEXT_MAX = 5000;
export const CLOSED_LABEL_MAX = 60;
/** What a closed residence shows by default instead of its availability. */
export const DEFAULT_CLOSED_LABEL = 'Complet';

const CITY_WRONG = 'Choisissez la commune dans la liste.';
const DATE_WRONG = 'Indiquez une date qui existe, ou laissez vide.';
const ADVANTAGES = ADVANTAGE_OPTIONS.map((option) => option.value);
const CERTIFICATIONS = CERTIFICATION_OPTIONS.map((option) => option.value);

/** `POST /api/residences/list`: filtered by status, commune (INSEE code) and zone. */
export const residenceAdminListSchema = builtWhenUsed(() => listRequestSchema(
  z.strictObject({
    status: oneOf(RESIDENCE_STATUSES, 'Choisissez un statut de la liste.'),
    city: z.optional(z.string(CITY_WRONG).check(z.refine((insee) => findCommune(insee) !== undefined, CITY_WRONG))),
    zone: oneOf(ZONES, 'Choisissez une zone de la liste.'),
  }),
  ['reference', 'name', 'city', 'status', 'updated_at'],
));

function optionalText(max: number, message: string, kind: TextKind = 'line') {
  return z.nullable(text(message, { length: max, message }, kind));
}

const residenceFields = builtWhenUsed(() => ({
  status: z.enum(RESIDENCE_STATUSES, 'Choisissez le statut : brouillon, publiée ou fermée.'),
  closed_label: optionalText(CLOSED_LABEL_MAX, `Le libellé de fermeture ne peut pas dépasser ${CLOSED_LABEL_MAX} caractères.`),
  reference: requiredText('Indiquez la référence de la résidence.', {
    length: RESIDENCE_REFERENCE_MAX,
    message: `La référence ne peut pas dépasser ${RESIDENCE_REFERENCE_MAX} caractères.`,
  }),
  name: requiredText('Indiquez le nom de la résidence.', { length: RESIDENCE_NAME_MAX, message: `Le nom ne peut pas dépasser ${RESIDENCE_NAME_MAX} caractères.` }),
  /** The commune's INSEE code; the zone (`area`) comes from it. */
  city: z.string(CITY_WRONG).check(z.refine((insee) => findCommune(insee) !== undefined, CITY_WRONG)),
  /** Sent back as get-one gave it, or left out: the commune decides it. */
  area: z.optional(z.enum(ZONES, 'La zone est celle de la commune.')),
  neighborhood: optionalText(RESIDENCE_NAME_MAX, `Le quartier ne peut pas dépasser ${RESIDENCE_NAME_MAX} caractères.`),
  delivery_date: z.nullable(z.iso.date(DATE_WRONG)),
  limit_date: z.nullable(z.iso.date(DATE_WRONG)),
  facilities: z
    .array(z.int('Choisissez les équipements dans la liste.'), 'Choisissez les équipements dans la liste.')
    .check(z.refine((ids) => new Set(ids).size === ids.length, 'Un équipement est choisi deux fois.')),
  advantages: z.array(z.enum(ADVANTAGES, 'Choisissez les avantages dans la liste.'), 'Choisissez les avantages dans la liste.'),
  certifications: z.array(z.enum(CERTIFICATIONS, 'Choisissez les certifications dans la liste.'), 'Choisissez les certifications dans la liste.'),
  description: requiredText('Décrivez la résidence.', { length: RESIDENCE_TEXT_MAX, message: `La description ne peut pas dépasser ${RESIDENCE_TEXT_MAX} caractères.` }, 'lines'),
  district_desc: optionalText(RESIDENCE_TEXT_MAX, `La description du quartier ne peut pas dépasser ${RESIDENCE_TEXT_MAX} caractères.`, 'lines'),
  address_line_1: requiredText("Indiquez l'adresse de la résidence.", { length: 200, message: "L'adresse ne peut pas dépasser 200 caractères." }),
  address_line_2: optionalText(200, "Le complément d'adresse ne peut pas dépasser 200 caractères."),
}));

/** The rules that tie fields together: a closed residence says what it shows instead; the zone is the commune's. */
function residenceRules(residence: { status: ResidenceStatus; closed_label: string | null; city: string; area?: Zone }, context: z.core.$RefinementCtx) {
  if (residence.status === 'closed' && !residence.closed_label) {
    context.addIssue({
      code: 'custom',
      path: ['closed_label'],
      message: `Indiquez ce que la résidence affiche une fois fermée, par exemple « ${DEFAULT_CLOSED_LABEL} ».`,
      input: residence.closed_label,
    });
  }
  const commune = findCommune(residence.city);
  if (commune && residence.area !== undefined && residence.area !== commune.areas) {
    context.addIssue({ code: 'custom', path: ['area'], message: `La zone de ${commune.label} est ${commune.areas}.`, input: residence.area });
  }
}

/** The residence form, and the body of `residences/create`. */
export const residenceSchema = builtWhenUsed(() => z.strictObject(residenceFields).check(z.superRefine(residenceRules)));
export type ResidenceRequest = z.output<typeof residenceSchema>;

/** `residences/update`: the form, with the id and the version it was made on. */
export const residenceUpdateSchema = builtWhenUsed(() => z
  .strictObject({ ...residenceFields, id: z.int("L'identifiant doit être un nombre entier."), version: versionField })
  .check(z.superRefine(residenceRules)));
export type ResidenceUpdateRequest = z.output<typeof residenceUpdateSchema>;

export function residenceStatusLabel(status: string): string {
  return labelOf(RESIDENCE_STATUS_OPTIONS, status);
}

/** A row of the residences' list. */
export interface ResidenceRow {
  id: number;
  reference: string;
  name: string;
  status: ResidenceStatus;
  closed_label: string | null;
  city: CityView;
  area: Zone;
  goods_count: number;
  updated_at: string;
  version: number;
}

/** A residence as its back-office page shows it: the form's fields, with what the page adds. */
export interface ResidenceAdminView extends Omit<ResidenceRequest, 'area'> {
  id: number;
  slug: string;
  area: Zone;
  version: number;
  _city: CityView;
  photos: ImageView[];
  goods: { id: number; reference: string; flat_size: FlatSize; enabled: boolean }[];
  updated_at: string;
}

export interface ResidenceAnswer {
  residence: ResidenceAdminView;
  history: HistoryEntryView[];
}
