import { EQUIPMENT_TYPE_OPTIONS } from '@hsa-lli/common/back-office';

export function equipmentTypeLabel(type: string): string {
  return EQUIPMENT_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type;
}
