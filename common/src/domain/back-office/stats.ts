/**
 * The dashboard's statistics (spec section 7, `GET /stats/<path>`): what each one is, and the periods they are asked
 * for. docs/statistics.md defines what each figure counts; the API computes them month by month (France's months),
 * so that a period is a run of whole months and its figure the sum of theirs.
 */
import * as z from 'zod/mini';
import { parisDay } from '../format.js';
import { builtWhenUsed } from '../schema.js';

/**
 * - `flow`: what happened during the period (the sum of its months);
 * - `stock`: what there is at the end of the period (the sum of every month up to its last);
 * - `rate`: a ratio between 0 and 1 of two flows of the period, 0 when nothing was there to count;
 * - `breakdown`: a flow split by a label (a residence, a kind of visit), as a list of `{ label, value }`.
 */
export type StatisticKind = 'flow' | 'stock' | 'rate' | 'breakdown';

export const STATISTIC_OPTIONS = [
  { value: 'interventions/count', label: 'Interventions', kind: 'flow' },
  { value: 'interventions/interviews-count', label: 'Entretiens', kind: 'flow' },
  { value: 'interventions/visits-count', label: 'Visites', kind: 'flow' },
  { value: 'interventions/visits-by-residence', label: 'Visites par résidence', kind: 'breakdown' },
  { value: 'interventions/visits-by-type', label: 'Visites par type', kind: 'breakdown' },
  { value: 'interventions/refused-by-residence', label: 'Refus par résidence', kind: 'breakdown' },
  { value: 'interventions/refused-count', label: 'Refus', kind: 'flow' },
  { value: 'interventions/leaving-count', label: 'Départs', kind: 'flow' },
  { value: 'goods/count', label: 'Logements proposés', kind: 'stock' },
  { value: 'residences/count', label: 'Résidences publiées', kind: 'stock' },
  { value: 'records/count', label: 'Dossiers ouverts', kind: 'flow' },
  { value: 'records/signed-count', label: 'Baux signés', kind: 'flow' },
  { value: 'records/entries-count', label: 'Entrées dans les lieux', kind: 'flow' },
  { value: 'records/contact-conversion-rate', label: 'Demandes devenues dossiers', kind: 'rate' },
  { value: 'records/entries-conversion-rate', label: 'Dossiers ayant abouti à une entrée', kind: 'rate' },
  { value: 'contact-forms/count', label: 'Demandes de contact', kind: 'flow' },
] as const satisfies readonly { value: string; label: string; kind: StatisticKind }[];

export type StatisticKey = (typeof STATISTIC_OPTIONS)[number]['value'];
export const STATISTIC_KEYS: StatisticKey[] = STATISTIC_OPTIONS.map((option) => option.value);

export function statistic(key: StatisticKey) {
  return STATISTIC_OPTIONS.find((option) => option.value === key)!;
}

export function isStatisticKey(key: string): key is StatisticKey {
  return (STATISTIC_KEYS as string[]).includes(key);
}

/** A figure of a breakdown, or of one month. */
export interface StatisticEntry {
  label: string;
  value: number;
}

/** The whole months a figure covers: from the first day of the first to the last day of the last. */
export interface StatisticPeriod {
  from: string;
  to: string;
}

/** `GET /api/stats/<key>`: a number, or a list for a breakdown (or, asked `by=month`, one entry per month). */
export interface StatisticView {
  key: StatisticKey;
  value: number | StatisticEntry[];
  period: StatisticPeriod;
  /** When the figures were last computed; null before the first computation ends. */
  computed_at: string | null;
}

/** How many months a period covers when none is asked for: this month and the eleven before. */
export const DEFAULT_PERIOD_MONTHS = 12;
/** The widest period asked for, so that a request never sums more than 50 years of months. */
const MAX_PERIOD_MONTHS = 600;

/** 'YYYY-MM': the month of an instant on France's calendar. */
export function parisMonth(instant: Date): string {
  return parisDay(instant).slice(0, 7);
}

/** Months since year 0 of 'YYYY-MM' (or of the month of 'YYYY-MM-DD'). */
function monthIndex(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return year * 12 + number - 1;
}

/** The month `count` months after 'YYYY-MM' (before it when negative). */
export function addMonths(month: string, count: number): string {
  const index = monthIndex(month) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `first` to `last`, both included ('YYYY-MM'). */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) months.push(month);
  return months;
}

function lastDay(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** The whole months from the month of `from` to the month of `to` ('YYYY-MM-DD' each). */
export function periodOf(firstMonth: string, lastMonth: string): StatisticPeriod {
  return { from: `${firstMonth}-01`, to: lastDay(lastMonth) };
}

export function periodMonths(period: StatisticPeriod): { first: string; last: string } {
  return { first: period.from.slice(0, 7), last: period.to.slice(0, 7) };
}

/** The period asked for, rounded to whole months; without a bound, the last twelve months up to the current one. */
export function resolvePeriod({ from, to }: { from?: string | undefined; to?: string | undefined }, now: Date): StatisticPeriod {
  const last = (to ?? parisDay(now)).slice(0, 7);
  const first = from ? from.slice(0, 7) : addMonths(last, 1 - DEFAULT_PERIOD_MONTHS);
  return periodOf(first, last);
}

/** The period of as many months just before, for the change from one to the next. */
export function previousPeriod(period: StatisticPeriod): StatisticPeriod {
  const { first, last } = periodMonths(period);
  const length = monthIndex(last) - monthIndex(first) + 1;
  return periodOf(addMonths(first, -length), addMonths(first, -1));
}

const DAY_WRONG = 'Indiquez une date au format AAAA-MM-JJ.';
export const PERIOD_ORDER_WRONG = 'La date de début doit précéder la date de fin.';
/** A calendar day 'YYYY-MM-DD' of this century or the next. */
function isDay(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) &&
    value >= '2000-01-01' &&
    value <= '2100-12-31' &&
    lastDay(value.slice(0, 7)) >= value
  );
}
const day = builtWhenUsed(() => z.optional(z.string(DAY_WRONG).check(z.refine(isDay, DAY_WRONG))));

/** `GET /api/stats[/<key>]?from=YYYY-MM-DD&to=YYYY-MM-DD[&by=month]`. */
export const statsQuerySchema = builtWhenUsed(() => z
  .strictObject({
    from: day,
    to: day,
    by: z.optional(z.literal('month', 'Seul le détail par mois (by=month) est proposé.')),
  })
  .check(
    // Checked only once both days are right.
    z.refine((query) => !isDay(query.from) || !isDay(query.to) || query.from.slice(0, 7) <= query.to.slice(0, 7), {
      error: PERIOD_ORDER_WRONG,
      path: ['from'],
    }),
    z.refine((query) => !isDay(query.from) || !isDay(query.to) || monthIndex(query.to) - monthIndex(query.from) < MAX_PERIOD_MONTHS, {
      error: 'La période ne peut pas dépasser 50 ans.',
      path: ['from'],
    }),
  ));
export type StatsQuery = z.output<typeof statsQuerySchema>;
