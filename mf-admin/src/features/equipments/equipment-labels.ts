import { EQUIPMENT_TYPE_OPTIONS, type EquipmentAdminView } from '@hsa-lli/common/back-office';

export function equipmentTypeLabel(type: string): string {
  return EQUIPMENT_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type;
}

/** « 2 résidences et 5 logements », or « Aucune fiche ». */
export function usageText({ residences, goods }: EquipmentAdminView['used_by']): string {
  const parts = [
    residences > 0 ? `${residences} résidence${residences > 1 ? 's' : ''}` : null,
    goods > 0 ? `${goods} logement${goods > 1 ? 's' : ''}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' et ') : 'Aucune fiche';
}
