/**
 * What the equipments tell the rest of the API (docs/api-convention.md, « When something changed »):
 * EquipmentsService emits it once a change is committed, and awaits it (`emitAsync`); the public pages' prerendering
 * (seo/) listens, the residences' and goods' pages naming their equipments.
 */
export const EQUIPMENT_EVENTS = {
  changed: 'equipment.changed',
} as const;

export class EquipmentChanged {
  constructor(
    readonly equipmentId: number,
    readonly change: 'created' | 'updated' | 'removed',
  ) {}
}
