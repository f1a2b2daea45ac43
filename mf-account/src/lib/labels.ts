import type { Option } from '@hsa-lli/common/domain';

/** The French label of a value among options of common/domain (the value itself if unknown). */
export function labelOf(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** « 12 mars 2026 à 14:05 », in France's time. */
export function formatDateTime(at: string): string {
  return dateTime.format(new Date(at));
}
