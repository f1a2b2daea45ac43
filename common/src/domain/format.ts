const money = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1 234,56 €': space as thousands separator, two decimals (spec section 9). Amounts are kept in cents. */
export function formatCents(cents: number): string {
  // Intl uses a narrow no-break space; the spec asks for a (non-breaking) space.
  return `${money.format(cents / 100).replace(/\u202f/g, '\u00a0')}\u00a0€`;
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
