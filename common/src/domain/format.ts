// Numbers and dates are written by hand rather than with Intl: the first Intl formatter a page makes
// costs a phone about a tenth of a second, in one block, while the page comes alive.

/** '1 234,5': a number as French text writes it, a no-break space between thousands and a decimal comma. */
export function formatNumber(value: number, fractionDigits?: number): string {
  const magnitude = Math.abs(value);
  const [whole, fraction] = (fractionDigits === undefined ? String(magnitude) : magnitude.toFixed(fractionDigits)).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** '33,3 %': a ratio between 0 and 1 as a percentage, to a tenth. */
export function formatPercent(ratio: number): string {
  return `${formatNumber(ratio * 100, 1)}\u00a0%`;
}

/** '46,5 m²': a living area, as the pages, the printable PDFs and the API's labels write it. */
export function formatSurface(surface: number): string {
  return `${formatNumber(surface)} m²`;
}

/** '240 ko', '2,4 Mo': a file's size as a person reads it (never « 0 ko »). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))}\u00a0ko`;
  return `${formatNumber(bytes / (1024 * 1024), 1)}\u00a0Mo`;
}

/**
 * '32 500 €', '812,50 €': an amount in euros, whole euros without decimals and any other with its cents, as amounts are
 * written in French (or with `fractionDigits` decimals, rounded), then « € ».
 */
export function formatEuros(euros: number, fractionDigits?: number): string {
  return `${formatNumber(euros, fractionDigits ?? (Number.isInteger(euros) ? undefined : 2))}\u00a0€`;
}

/** '1 234,56 €': space as thousands separator, two decimals (spec section 9). Amounts are kept in cents. */
export function formatCents(cents: number): string {
  return formatEuros(cents / 100, 2);
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const SHORT_MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (0 for January), when the clocks of the European Union change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * 24 * HOUR_MS;
}

/**
 * How far France's clocks are ahead of UTC at an instant: two hours in summer time, from 01:00 UTC on the last Sunday
 * of March to 01:00 UTC on the last Sunday of October (the European Union's rule, France's since 1996), else one.
 * Written by hand as the rest of this file: an Intl formatter for the time zone would cost a phone a tenth of a second on
 * every page that dates something, a good's availability among them. A test holds it to Intl's time zone data.
 */
function parisOffsetMs(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9) ? 2 * HOUR_MS : HOUR_MS;
}

/** The calendar day ('YYYY-MM-DD') and the time of an instant in France. */
function inParis(instant: Date): { day: string; hour: number; minute: string } {
  // The wall-clock time in France, read with the UTC methods; an invalid date throws a RangeError, as Intl would.
  const clock = new Date(instant.getTime() + parisOffsetMs(instant.getTime()));
  return { day: clock.toISOString().slice(0, 10), hour: clock.getUTCHours(), minute: String(clock.getUTCMinutes()).padStart(2, '0') };
}

/** 'YYYY-MM-DDTHH:mm': an instant on France's clocks, as a date-and-time field holds it (parisInstant's inverse). */
export function parisLocalDateTime(instant: Date): string {
  const { day, hour, minute } = inParis(instant);
  return `${day}T${String(hour).padStart(2, '0')}:${minute}`;
}

/** A date and time an API call takes: an instant when it names its offset (`Z`, `+02:00`), else France's wall-clock time. */
export function instantOf(at: string): Date {
  return /(?:Z|[+-]\d{2}:?\d{2})$/.test(at) ? new Date(at) : parisInstant(at.slice(0, 16));
}

/**
 * The instant a French wall-clock time names ('YYYY-MM-DDTHH:mm', as a date-and-time field gives it): its offset is
 * read from the time zone of France at that moment (+01:00 in winter, +02:00 in summer).
 */
export function parisInstant(local: string): Date {
  const [day, time] = local.split('T') as [string, string];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  // The offset at the guess, then at the instant it gives: both agree but for the hour the clocks change.
  const offsetAt = (instant: number) => {
    const paris = inParis(new Date(instant));
    const [y, m, d] = paris.day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d, paris.hour, Number(paris.minute)) - Math.floor(instant / 60_000) * 60_000;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

/** The calendar day of an instant in France, 'YYYY-MM-DD'. */
export function parisDay(instant: Date): string {
  return inParis(instant).day;
}

/** '22/11/2026': the day of an instant in France, as a table or a spreadsheet writes it. */
export function formatShortDate(instant: Date): string {
  const [year, month, day] = parisDay(instant).split('-');
  return `${day}/${month}/${year}`;
}

/** '1er février 2027', '15 mars 2026': a day ('YYYY-MM-DD') or an instant (in France) as French prose writes it. */
export function formatDate(date: string | Date): string {
  const day = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : inParis(new Date(date)).day;
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  return `${dayOfMonth === 1 ? '1er' : dayOfMonth} ${MONTHS[month - 1]} ${year}`;
}

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

/** 'jeudi 3 décembre 2026': a day ('YYYY-MM-DD') or an instant (in France) with its day of the week, as a diary writes it. */
export function formatDayOfWeek(date: string | Date): string {
  const day = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : inParis(new Date(date)).day;
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay()]} ${formatDate(day)}`;
}

/** 'mars 2026' ('YYYY-MM'); `short`, 'mars 26' for a chart's axis. */
export function formatMonth(month: string, { short = false }: { short?: boolean } = {}): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return short ? `${SHORT_MONTHS[number - 1]} ${String(year).slice(2)}` : `${MONTHS[number - 1]} ${year}`;
}

/** '14 h 05', '9 h 30': the time of an instant in France, as French writes it (no-break spaces keep it on one line). */
export function formatTime(at: string | Date): string {
  const { hour, minute } = inParis(new Date(at));
  return `${hour}\u00a0h\u00a0${minute}`;
}

/** « 1 enfant », « 0 pièce », « 3 pièces validées »: a count and its words, plural from 2 as French writes it. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count > 1 ? many : one}`;
}

/** 42: whole years between a birth date ('YYYY-MM-DD') and a day (today in France unless told). */
export function ageInYears(birthDate: string, on: string = parisDay(new Date())): number {
  const [year, month, day] = on.split('-').map(Number) as [number, number, number];
  const [bornYear, bornMonth, bornDay] = birthDate.split('-').map(Number) as [number, number, number];
  return year - bornYear - (month < bornMonth || (month === bornMonth && day < bornDay) ? 1 : 0);
}

/** '22 novembre 2026 à 14 h 05': an instant in France. */
export function formatDateTime(at: string | Date): string {
  return `${formatDate(new Date(at))} à ${formatTime(at)}`;
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
