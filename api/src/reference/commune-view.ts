import type { CityView } from '@hsa-lli/common/domain';
import type { Commune } from './entities/commune.entity.js';

export function toCityView(commune: Commune): CityView {
  return { value: commune.insee, label: commune.name, zip_code: commune.postalCode, areas: commune.zone };
}
