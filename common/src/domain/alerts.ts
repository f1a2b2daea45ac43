/**
 * E-mail alerts on the public list of residences (docs/alerts.md): a visitor saves the list's filters with their
 * address, confirms by the link e-mailed to them, then gets at most one e-mail a day with the homes that match and
 * were published or became available since the last one.
 */
import * as z from 'zod/mini';
import { findCommune } from './communes.js';
import { formatEuros } from './format.js';
import { FLAT_SIZE_OPTIONS, FLAT_SIZES, labelOf, ZONES, zoneLabel } from './reference.js';
import { builtWhenUsed, emailField } from './schema.js';
import type { ResidenceFilters } from './api.js';

const CITY_WRONG = 'Choisissez une commune de la liste.';

/** The filters of the public list, as the page reads them from its address and an alert keeps them. */
export const residenceFiltersSchema = builtWhenUsed(() => z.strictObject({
  city: z.optional(z.string(CITY_WRONG).check(z.regex(/^\d[\dAB]\d{3}$/, CITY_WRONG))),
  zone: z.optional(z.enum(ZONES, 'Choisissez une zone de la liste.')),
  flat_size: z.optional(z.enum(FLAT_SIZES, 'Choisissez une typologie de la liste.')),
  max_rent: z.optional(z.number('Le loyer maximum doit être un montant en euros.').check(z.gte(0, 'Le loyer maximum ne peut pas être négatif.'))),
  available_now: z.optional(z.boolean('Indiquez oui ou non.')),
}) satisfies z.ZodMiniType<ResidenceFilters>);

/** An alert's filters: those of the list, the commune one the platform serves (its name is in the e-mails). */
const alertFiltersSchema = builtWhenUsed(() => z.extend(residenceFiltersSchema, {
  city: z.optional(z.string(CITY_WRONG).check(z.refine((insee) => findCommune(insee) !== undefined, CITY_WRONG))),
  max_rent: z.optional(
    z.number('Le loyer maximum doit être un montant en euros.').check(
      z.gte(0, 'Le loyer maximum ne peut pas être négatif.'),
      z.lte(100_000, 'Le loyer maximum doit être un montant mensuel en euros.'),
    ),
  ),
}));

/** « Créer une alerte » on /residences: the address to write to and the list's filters. */
export const alertCreateSchema = builtWhenUsed(() => z.strictObject({
  email: emailField(),
  filters: alertFiltersSchema,
}));
export type AlertCreateRequest = z.infer<typeof alertCreateSchema>;

/** What keeps an alert from being misused (docs/alerts.md). */
export const ALERT_LIMITS = {
  /** Alerts one address may have, waiting for confirmation or active. */
  perAddress: 5,
  /** Confirmation e-mails one address may be sent in a day. */
  confirmationsPerAddressPerDay: 3,
  /** Alerts one network address may ask for in an hour. */
  requestsPerHour: 10,
  /** Homes listed in one e-mail; the others are behind the list's link. */
  homesPerEmail: 10,
  /** Days a confirmation link stays usable. */
  confirmationDays: 7,
  /** Months an alert lasts after its confirmation or its last renewal. */
  months: 12,
} as const;

export type AlertStatus = 'pending' | 'active';

/** An alert as its owner sees it (their space, the page of an alert's link). */
export interface AlertView {
  id: number;
  label: string;
  filters: ResidenceFilters;
  status: AlertStatus;
  created_at: string;
  confirmed_at: string | null;
  /** The day it stops by itself unless renewed (France's day, YYYY-MM-DD); null while it waits for confirmation. */
  ends_on: string | null;
  last_sent_at: string | null;
}

/** An alert's filters said in French, as its e-mails and its owner's space name it: « Zone A · T3 », « Bayonne · T2 ». */
export function describeFilters(filters: ResidenceFilters): string {
  const parts = [
    filters.city ? (findCommune(filters.city)?.label ?? 'Commune inconnue') : null,
    filters.zone ? `zone ${zoneLabel(filters.zone)}` : null,
    filters.flat_size ? labelOf(FLAT_SIZE_OPTIONS, filters.flat_size) : null,
    filters.max_rent !== undefined ? `${formatEuros(filters.max_rent)} par mois au plus` : null,
    filters.available_now ? 'disponibles immédiatement' : null,
  ].filter((part): part is string => part !== null);
  const label = parts.join(' · ');
  return label ? label.charAt(0).toUpperCase() + label.slice(1) : 'Toutes nos résidences';
}

/** The address of the public list with these filters, as the page reads them (`filtersFrom` in mf-public). */
export function residencesSearch(filters: ResidenceFilters): string {
  const search = new URLSearchParams();
  if (filters.city) search.set('commune', filters.city);
  if (filters.zone) search.set('zone', filters.zone);
  if (filters.flat_size) search.set('typologie', filters.flat_size);
  if (filters.max_rent !== undefined) search.set('loyer_max', String(filters.max_rent));
  if (filters.available_now) search.set('disponible', '1');
  const query = search.toString();
  return query ? `/residences?${query}` : '/residences';
}
