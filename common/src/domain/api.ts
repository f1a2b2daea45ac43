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
  facilities: { id: number; name: string }[];
  dpe_kwh: number | null;
  dpe_kgco2: number | null;
  /** The final class, the worse of the energy and climate classes; null without a DPE. */
  energy_class: EnergyLetter | null;
  available_from: string | null;
  photos: ImageView[];
  plan: ImageView[];
  _residence: { id: number; slug: string; name: string; city: CityView; address_line_1: string };
}

export interface StatisticView {
  /** The stats path, such as `goods/count`. */
  key: string;
  value: unknown;
  computed_at: string;
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

/** The body of an error answer of the API. */
export interface ApiErrorBody {
  error: string;
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
