import { ADVANTAGE_OPTIONS, availabilityOf, CERTIFICATION_OPTIONS, FLAT_SIZE_OPTIONS, formatDate, labelOf, type GoodSummary } from '@hsa-lli/common/domain';

export const flatSizeLabel = (value: string) => labelOf(FLAT_SIZE_OPTIONS, value);
export const advantageLabel = (value: string) => labelOf(ADVANTAGE_OPTIONS, value);
export const certificationLabel = (value: string) => labelOf(CERTIFICATION_OPTIONS, value);

/** « Déjà loué », « Disponible à partir du … » or « Disponible immédiatement », as `availabilityOf` decides. */
export function availability(good: Pick<GoodSummary, 'available_from' | 'occupied'>, today?: string): string {
  const state = availabilityOf(good, today);
  if (state.kind === 'let') return 'Déjà loué';
  return state.kind === 'from' ? `Disponible à partir du ${formatDate(state.day)}` : 'Disponible immédiatement';
}
