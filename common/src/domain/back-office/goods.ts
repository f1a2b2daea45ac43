import * as z from 'zod/mini';
import type { CityView, ImageView } from '../api.js';
import { currentLliYear } from '../eligibility.js';
import type { EnergyLetter } from '../energy.js';
import { formatCents, formatSurface, slugify } from '../format.js';
import { rentCeilingCents } from '../lli.js';
import { FLAT_SIZE_OPTIONS, FLAT_SIZES, labelOf, zoneLabel, type FlatSize, type ResidenceStatus, type Zone } from '../reference.js';
import { builtWhenUsed, requiredText } from '../schema.js';
import type { HistoryEntryView } from './history.js';
import { listRequestSchema, oneOf, versionField } from './list.js';

export const GOOD_REFERENCE_MAX = 40;
export const GOOD_DESCRIPTION_MAX = 5000;
/** The largest surface a good may have, in m². */
export const GOOD_SURFACE_MAX = 500;
/** No monthly rent goes beyond this, in euros: a larger figure is a typing slip. */
export const GOOD_RENT_MAX = 100_000;
/** The last bound of the energy classes (G): a larger DPE value is a typing slip. */
export const DPE_VALUE_MAX = 10_000;

const FLAT_SIZE_UNKNOWN = 'Choisissez la typologie dans la liste.';
const ID_WRONG = "L'identifiant doit être un nombre entier.";

/** `POST /api/goods/list`: filtered by residence, flat size and enabled, searched in the reference and the residence's name. */
export const goodListSchema = builtWhenUsed(() => listRequestSchema(
  z.strictObject({
    residence: z.optional(z.int('Choisissez une résidence de la liste.')),
    flat_size: oneOf(FLAT_SIZES, FLAT_SIZE_UNKNOWN),
    enabled: z.optional(z.boolean('Indiquez oui ou non.')),
  }),
  ['reference', 'residence', 'flat_size', 'surface', 'rent_price', 'available_from', 'updated_at'],
));
export type GoodListRequest = z.input<typeof goodListSchema>;

/** An amount in euros, as typed: at most two decimals (cents). */
const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

function euros(missing: string, name: string) {
  return z
    .number(missing)
    .check(z.refine(hasCents, `${name} s’indique en euros, avec au plus deux décimales.`), z.lte(GOOD_RENT_MAX, `${name} semble trop élevé : vérifiez le montant.`));
}

function dpeValue(missing: string) {
  return z.nullable(
    z
      .int(missing)
      .check(z.gte(0, 'Une valeur du DPE ne peut pas être négative.'), z.lte(DPE_VALUE_MAX, 'Cette valeur du DPE semble trop élevée : vérifiez-la.')),
  );
}

const DPE_KWH_MISSING = 'Indiquez la consommation d’énergie du DPE, en kWh/m²/an (un nombre entier).';
const DPE_KGCO2_MISSING = 'Indiquez les émissions de gaz à effet de serre du DPE, en kgCO₂/m²/an (un nombre entier).';

const goodFields = builtWhenUsed(() => ({
  enabled: z.boolean('Indiquez si le bien est proposé sur le site.'),
  residence: z.int('Choisissez la résidence du bien.').check(z.minimum(1, 'Choisissez la résidence du bien.')),
  reference: requiredText('Indiquez la référence du bien.', {
    length: GOOD_REFERENCE_MAX,
    message: `La référence ne peut pas dépasser ${GOOD_REFERENCE_MAX} caractères.`,
  }),
  flat_size: z.enum(FLAT_SIZES, FLAT_SIZE_UNKNOWN),
  surface: z
    .number('Indiquez la surface en m².')
    .check(
      z.gt(0, 'La surface doit être supérieure à 0 m².'),
      z.lte(GOOD_SURFACE_MAX, `La surface ne peut pas dépasser ${GOOD_SURFACE_MAX} m².`),
      z.refine(hasCents, 'La surface s’indique avec au plus deux décimales.'),
    ),
  rent_price: euros('Indiquez le loyer mensuel charges comprises, en euros.', 'Le loyer').check(z.gt(0, 'Le loyer doit être supérieur à 0 €.')),
  monthly_costs: euros('Indiquez les charges mensuelles, en euros (0 s’il n’y en a pas).', 'Le montant des charges').check(
    z.gte(0, 'Les charges ne peuvent pas être négatives.'),
  ),
  available_from: z.nullable(z.iso.date('Indiquez une date qui existe, ou laissez vide si le bien est disponible tout de suite.')),
  description: requiredText('Décrivez le bien.', { length: GOOD_DESCRIPTION_MAX, message: `La description ne peut pas dépasser ${GOOD_DESCRIPTION_MAX} caractères.` }, 'lines'),
  facilities: z
    .array(z.int('Choisissez les équipements dans la liste.'), 'Choisissez les équipements dans la liste.')
    .check(z.refine((ids) => new Set(ids).size === ids.length, 'Un équipement est choisi deux fois.')),
  dpe_kwh: dpeValue(DPE_KWH_MISSING),
  dpe_kgco2: dpeValue(DPE_KGCO2_MISSING),
}));

type GoodFields = z.output<z.ZodMiniObject<typeof goodFields>>;

/** A rule between fields is checked once the fields it reads are right, whatever is wrong elsewhere. */
const fieldsRight =
  (...fields: (keyof GoodFields)[]) =>
  (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => fields.includes(issue.path?.[0] as keyof GoodFields));

/** The rules between fields: the charges are part of the rent; a DPE has both values, and only a garage goes without. */
const goodChecks = [
  z.refine<GoodFields>((good) => good.monthly_costs < good.rent_price, {
    error: 'Les charges sont comprises dans le loyer : elles doivent être inférieures au loyer.',
    path: ['monthly_costs'],
    when: fieldsRight('monthly_costs', 'rent_price'),
  }),
  z.refine<GoodFields>((good) => good.dpe_kwh !== null || good.dpe_kgco2 === null, {
    error: DPE_KWH_MISSING,
    path: ['dpe_kwh'],
    when: fieldsRight('dpe_kwh', 'dpe_kgco2'),
  }),
  z.refine<GoodFields>((good) => good.dpe_kgco2 !== null || good.dpe_kwh === null, {
    error: DPE_KGCO2_MISSING,
    path: ['dpe_kgco2'],
    when: fieldsRight('dpe_kwh', 'dpe_kgco2'),
  }),
  z.refine<GoodFields>((good) => good.flat_size === 'garage' || good.dpe_kwh !== null || good.dpe_kgco2 !== null, {
    error: 'Un logement a un DPE : indiquez ses deux valeurs (seul un garage s’en passe).',
    path: ['dpe_kwh'],
    when: fieldsRight('dpe_kwh', 'dpe_kgco2', 'flat_size'),
  }),
];

/** The good form, and the body of `goods/create`; amounts in euros, as the form shows them. */
export const goodSchema = builtWhenUsed(() => z.strictObject(goodFields).check(...goodChecks));
export type GoodRequest = z.output<typeof goodSchema>;

/** `goods/update`: the form, with the id and the version it was made on. */
export const goodUpdateSchema = builtWhenUsed(() => z.strictObject({ ...goodFields, id: z.int(ID_WRONG), version: versionField }).check(...goodChecks));
export type GoodUpdateRequest = z.output<typeof goodUpdateSchema>;

/** « T2 bis », « Studio »: a flat size as people read it. */
export function flatSizeLabel(flatSize: string): string {
  return labelOf(FLAT_SIZE_OPTIONS, flatSize);
}

/** The `good_slug` of a good's public address: its kind and rounded surface, as « appartement-t2-45-m2 ». */
export function goodSlug(flatSize: FlatSize, surface: number): string {
  if (flatSize === 'garage') return 'garage';
  return slugify(`appartement ${flatSizeLabel(flatSize)} ${Math.round(surface)} m2`);
}

/** The LLI monthly rent ceiling, charges excluded, in euros, of a good of that surface in that zone. */
export function goodRentCeiling(zone: Zone, surface: number, year = currentLliYear()): number {
  return rentCeilingCents(year, zone, surface) / 100;
}

/** Whether a rent, charges included, goes beyond the LLI ceiling, which applies to the rent without the charges. */
export function rentAboveCeiling(rentPrice: number, monthlyCosts: number, ceiling: number): boolean {
  return Math.round((rentPrice - monthlyCosts) * 100) > Math.round(ceiling * 100);
}

/**
 * Why a good may not be offered on the site as typed, null when it may: a home's rent without its charges over the LLI
 * ceiling of its zone for its surface. A garage has no ceiling, and a good not offered (`enabled` off) may be saved
 * whatever its rent. The API refuses such a save on `rent_price` with this message; the form says it before saving.
 */
export function rentCeilingProblem(
  good: Pick<GoodRequest, 'enabled' | 'flat_size' | 'surface' | 'rent_price' | 'monthly_costs'>,
  zone: Zone,
  year = currentLliYear(),
): string | null {
  if (!good.enabled || good.flat_size === 'garage') return null;
  const ceiling = goodRentCeiling(zone, good.surface, year);
  if (!rentAboveCeiling(good.rent_price, good.monthly_costs, ceiling)) return null;
  const rent = Math.round((good.rent_price - good.monthly_costs) * 100);
  return (
    `Le loyer hors charges (${formatCents(rent)}) dépasse le plafond LLI ${year} de la zone ${zoneLabel(zone)} pour ${formatSurface(good.surface)} ` +
    `(${formatCents(Math.round(ceiling * 100))}) : baissez le loyer, ou décochez « Proposer ce bien sur le site ».`
  );
}

/** An item of `residences/get-options`: the zone is what the good form reads the LLI rent ceiling from. */
export interface ResidenceOption {
  label: string;
  value: number;
  area: Zone;
}

/** A row of the goods list. */
export interface GoodRow {
  id: number;
  reference: string;
  residence: { id: number; name: string; city: string };
  flat_size: FlatSize;
  surface: number;
  /** Monthly rent charges included, in euros. */
  rent_price: number;
  monthly_costs: number;
  energy_class: EnergyLetter | null;
  enabled: boolean;
  available_from: string | null;
  /** A household lives in it, as the follow-up of the files naming it says: not available, whatever the date. */
  occupied: boolean;
  version: number;
}

/** A good as its back-office page shows it: the form's fields, with what the page shows beside them. */
export interface GoodAdminView extends GoodRequest {
  id: number;
  version: number;
  slug: string;
  photos: ImageView[];
  plan: ImageView[];
  kwh_class: EnergyLetter | null;
  kgco2_class: EnergyLetter | null;
  energy_class: EnergyLetter | null;
  /** The LLI monthly rent ceiling of the residence's zone for this surface, charges excluded, in euros. */
  rent_ceiling: number;
  /** A household lives in it, as the follow-up of the files naming it says (not a field of the form). */
  occupied: boolean;
  _residence: { id: number; slug: string; name: string; status: ResidenceStatus; city: CityView; area: Zone };
}

export interface GoodAnswer {
  good: GoodAdminView;
  history: HistoryEntryView[];
}
