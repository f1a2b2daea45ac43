import type { Commune } from './entities/commune.entity.js';

/** A city entry as the spec names its fields. */
export interface CityView {
  value: string;
  label: string;
  zip_code: string;
  areas: Commune['zone'];
}

export function toCityView(commune: Commune): CityView {
  return { value: commune.insee, label: commune.name, zip_code: commune.postalCode, areas: commune.zone };
}
