import type { EquipmentView } from '@hsa-lli/common/domain';
import type { Equipment } from './entities/equipment.entity.js';

export function toEquipmentView(equipment: Equipment): EquipmentView {
  return { _id: equipment.id, name: equipment.name, type: equipment.type };
}
