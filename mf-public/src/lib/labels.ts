import { ADVANTAGE_OPTIONS, CERTIFICATION_OPTIONS, FLAT_SIZE_OPTIONS, formatDate, labelOf } from '@hsa-lli/common/domain';

export const flatSizeLabel = (value: string) => labelOf(FLAT_SIZE_OPTIONS, value);
export const advantageLabel = (value: string) => labelOf(ADVANTAGE_OPTIONS, value);
export const certificationLabel = (value: string) => labelOf(CERTIFICATION_OPTIONS, value);

export function availability(availableFrom: string | null, today = new Date().toISOString().slice(0, 10)): string {
  return availableFrom && availableFrom > today ? `Disponible à partir du ${formatDate(availableFrom)}` : 'Disponible immédiatement';
}
