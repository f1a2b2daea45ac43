import { formatDateTime } from '@hsa-lli/common/domain';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a session was last used, as people say it: « à l’instant », « il y a 5 minutes », « il y a 2 heures », then
 * the date (activity is known to the minute).
 */
export function activityText(at: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(at));
  if (elapsed < 2 * MINUTE) return 'à l’instant';
  if (elapsed < HOUR) return `il y a ${Math.floor(elapsed / MINUTE)} minutes`;
  if (elapsed < 2 * HOUR) return 'il y a 1 heure';
  if (elapsed < 12 * HOUR) return `il y a ${Math.floor(elapsed / HOUR)} heures`;
  return `le ${formatDateTime(at)}`;
}
