// Numbers and dates are written by hand rather than with Intl: the first Intl formatter a page makes
// costs a phone about a tenth of a second, in one block, while the page comes alive.

/** '1 234,5': a number as French text writes it, a no-break space between thousands and a decimal comma. */
export function formatNumber(value: number, fractionDigits?: number): string {
  const magnitude = Math.abs(value);
  const [whole, fraction] = (fractionDigits === undefined ? String(magnitude) : magnitude.toFixed(fractionDigits)).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** '1 234,56 €': space as thousands separator, two decimals (spec section 9). Amounts are kept in cents. */
export function formatCents(cents: number): string {
  return `${formatNumber(cents / 100, 2)}\u00a0€`;
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** The calendar day in France of an instant, as 'YYYY-MM-DD' (the Canadian English format is ISO's). */
const parisDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Paris' }).format(instant);

/** '1er février 2027', '15 mars 2026': a day ('YYYY-MM-DD') or an instant (in France) as French prose writes it. */
export function formatDate(date: string | Date): string {
  const day = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : parisDay(new Date(date));
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  return `${dayOfMonth === 1 ? '1er' : dayOfMonth} ${MONTHS[month - 1]} ${year}`;
}

/** Reads a number typed by a person: a comma or a dot as decimal separator, other characters ignored. */
export function parseNumber(input: string): number | null {
  const cleaned = input.replace(',', '.').replace(/[^\d.-]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** URL slug from a French name: accents dropped, lower case, words joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
