const money = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1 234,56 €': space as thousands separator, two decimals (spec section 9). Amounts are kept in cents. */
export function formatCents(cents: number): string {
  // Intl uses a narrow no-break space; the spec asks for a (non-breaking) space.
  return `${money.format(cents / 100).replace(/\u202f/g, '\u00a0')}\u00a0€`;
}

const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });

/** '1er février 2027', '15 mars 2026': a date (ISO string or Date) as French prose writes it. */
export function formatDate(date: string | Date): string {
  const text = longDate.format(typeof date === 'string' ? new Date(date) : date);
  return text.replace(/^1 /, '1er ');
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
