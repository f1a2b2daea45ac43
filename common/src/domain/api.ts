/** Shapes of the API's answers: the contract between the API and the front apps. Amounts are in cents. */
import type { EnergyLetter } from './energy.js';
import type { FlatSize, Zone } from './reference.js';

/** A city entry as the spec names its fields. */
export interface CityView {
  value: string;
  label: string;
  zip_code: string;
  areas: Zone;
}

export interface ImageView {
  id: number;
  kind: 'photo' | 'plan';
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface ResidenceSummary {
  id: number;
  slug: string;
  name: string;
  city: CityView;
  area: Zone;
  neighborhood: string | null;
  photos: ImageView[];
  /** Enabled homes of the residence (garages aside). */
  goods_count: number;
  /** Lowest monthly rent of a home, charges included; null without one. */
  min_rent_price_cents: number | null;
}

export interface GoodView {
  id: number;
  enabled: boolean;
  reference: string;
  slug: string;
  flat_size: FlatSize;
  surface: number;
  /** Monthly rent, charges included. */
  rent_price_cents: number;
  monthly_costs_cents: number;
  description: string;
  facilities: EquipmentView[];
  dpe_kwh: number | null;
  dpe_kgco2: number | null;
  /** The class of each value, and the final class (the worse of the two); null without a DPE. */
  energy_class: EnergyLetter | null;
  kwh_class: EnergyLetter | null;
  kgco2_class: EnergyLetter | null;
  available_from: string | null;
  occupied: boolean;
  photos: ImageView[];
  plan: ImageView[];
  _residence: { id: number; slug: string; name: string; city: CityView; neighborhood: string | null; address_line_1: string };
}

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobView {
  id: string;
  queue: string;
  name: string;
  state: JobState;
  result: unknown;
  failed_reason: string | null;
}

/**
 * What a page recognises an error answer by, whatever its French sentence says: `stale_version`, a save made on an
 * older version of a record than the stored one (someone saved it meanwhile); `documents_not_validated`, a file moved
 * to « Complet » while a required document is not validated (staff may force the move with a reason).
 */
export type ApiErrorCode = 'stale_version' | 'documents_not_validated' | 'session_closed';

/** The body of an error answer of the API. */
export interface ApiErrorBody {
  error: string;
  /** Set on the answers a page acts upon; the user reads `error`. */
  code?: ApiErrorCode;
  warning?: string;
  /** French messages per field name. */
  fields?: Record<string, string>;
}

export interface PagesAnswer {
  pages: string[];
  version: string;
}

export interface LoginAnswer extends PagesAnswer {
  roles: string[];
  user_id: number;
}

export interface RolesAnswer {
  roles: string[];
  user_id: number | null;
}

/** The logged-in user's own account (POST /users/get-me). */
export interface MeAnswer {
  user: { id: number; email: string; first_name: string; last_name: string };
}

/** An equipment entry as the spec names its fields. */
export interface EquipmentView {
  _id: number;
  name: string;
  type: 'good' | 'residence';
}

/** A good in the list of its residence. */
export interface GoodSummary {
  id: number;
  slug: string;
  reference: string;
  flat_size: FlatSize;
  surface: number;
  rent_price_cents: number;
  /** The day from which staff let it, null for now: what `availabilityOf` reads, with `occupied`. */
  available_from: string | null;
  /** A household lives in it, as the follow-up of the files naming it says (a lease signed or a move-in, no leaving since). */
  occupied: boolean;
  energy_class: EnergyLetter | null;
  photos: ImageView[];
}

export interface ResidenceDetails {
  id: number;
  slug: string;
  name: string;
  reference: string;
  status: string;
  closed_label: string | null;
  city: CityView;
  area: Zone;
  neighborhood: string | null;
  delivery_date: string | null;
  limit_date: string | null;
  facilities: EquipmentView[];
  advantages: string[];
  certifications: string[];
  description: string;
  district_desc: string | null;
  address_line_1: string;
  address_line_2: string | null;
  photos: ImageView[];
  goods: GoodSummary[];
}

/** Filters of the public list of residences (kept in the page's URL). */
export interface ResidenceFilters {
  city?: string;
  zone?: Zone;
  flat_size?: FlatSize;
  /** Maximum monthly rent charges included, in euros. */
  max_rent?: number;
  /** Only the homes that can be let now (neither let nor available from a later day). */
  available_now?: boolean;
}
