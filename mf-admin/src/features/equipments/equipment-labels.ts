import { EQUIPMENT_TYPE_OPTIONS } from '@hsa-lli/common/back-office';
import { labelOf } from '@hsa-lli/common/domain';

export function equipmentTypeLabel(type: string): string {
  return labelOf(EQUIPMENT_TYPE_OPTIONS, type);
}
