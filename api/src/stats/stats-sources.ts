/**
 * The statistics' read model: the one deliberate exception to « a service owns its data » (docs/api-convention.md).
 * The dashboard's figures are counted month by month with SQL over six tables of five domains (records, record_events,
 * record_stage_changes, contact_forms, residences, goods), in a few grouped queries a computation, rather than through
 * their services: counting a year of files and events through them would read every row into the API. It reads, never
 * writes, those tables; StatsService hears of their changes from the data source (its SOURCES). What each figure
 * counts: docs/statistics.md.
 */
import type { DataSource } from 'typeorm';
import type { StatisticKey } from '@hsa-lli/common/back-office';
import { eventType, labelOf, type EventType } from '@hsa-lli/common/domain';
import type { Dialect } from '../database/data-source.js';

/** One month's figure: the row the statistics job stores (see StatisticMonth). */
export interface MonthFigure {
  key: StatisticKey;
  month: string;
  label: string;
  value: number;
}

/** The labels a rate keeps its two flows under. */
export const NUMERATOR = 'numerator';
export const DENOMINATOR = 'denominator';
/** A visit or a refusal that names no good (or a good since deleted), in a count by residence. */
export const NO_RESIDENCE = 'Logement non précisé';

/**
 * The month ('YYYY-MM') of a UTC datetime column on France's calendar, in SQL. France is one hour ahead of UTC in
 * winter and two in summer, and its clocks never change on the first of a month: summer time covers the first
 * moments of April to October, winter time those of November to March. So the month two hours later is the right one
 * when it is one of April to October, and otherwise the month one hour later is (tested against Intl around each
 * boundary, api/test/stats.e2e.test.ts).
 */
export function parisMonthSql(dialect: Dialect, column: string): string {
  if (dialect === 'mariadb') {
    return `DATE_FORMAT(IF(MONTH(${column} + INTERVAL 2 HOUR) BETWEEN 4 AND 10, ${column} + INTERVAL 2 HOUR, ${column} + INTERVAL 1 HOUR), '%Y-%m')`;
  }
  return `CASE WHEN CAST(strftime('%m', ${column}, '+2 hours') AS INTEGER) BETWEEN 4 AND 10 THEN strftime('%Y-%m', ${column}, '+2 hours') ELSE strftime('%Y-%m', ${column}, '+1 hours') END`;
}

/** Figures added up by key, month and label. */
class Tally {
  private readonly figures = new Map<string, MonthFigure>();

  add(key: StatisticKey, month: string, value: number, label = ''): void {
    const id = `${key}\u0000${month}\u0000${label}`;
    const figure = this.figures.get(id);
    if (figure) figure.value += value;
    else this.figures.set(id, { key, month, label, value });
  }

  rows(): MonthFigure[] {
    return [...this.figures.values()].filter((figure) => figure.value !== 0);
  }
}

const REFUSALS: EventType[] = ['refusal_by_applicant', 'refusal_by_provider'];

/**
 * Every statistic of the dashboard, month by month, from the follow-up events, the stages, the files, the contact
 * requests and the catalogue: one grouped query per table, so that the cost grows with the data only once. What each
 * figure counts is docs/statistics.md; `homes` is the residences feature's rule of a home offered on the site.
 */
export async function computeMonthFigures(
  dataSource: DataSource,
  dialect: Dialect,
  homes: { residences: Date[]; homes: Date[] },
  paris: (instant: Date) => string,
): Promise<MonthFigure[]> {
  const q = (name: string) => dataSource.driver.escape(name);
  const month = (column: string) => parisMonthSql(dialect, column);
  const number = (value: unknown) => Number(value ?? 0);
  const tally = new Tally();

  const [events, residences, stages, records, contacts] = await Promise.all([
    dataSource.query(
      `SELECT ${month(`e.${q('at')}`)} AS month, e.${q('type')} AS type, e.${q('reason')} AS reason, e.${q('outcome')} AS outcome,
              g.${q('residenceId')} AS residence, COUNT(*) AS n
         FROM ${q('record_events')} e LEFT JOIN ${q('goods')} g ON g.${q('id')} = e.${q('goodId')}
        GROUP BY 1, e.${q('type')}, e.${q('reason')}, e.${q('outcome')}, g.${q('residenceId')}`,
    ) as Promise<{ month: string; type: EventType; reason: string | null; outcome: string | null; residence: number | null; n: unknown }[]>,
    dataSource.query(`SELECT ${q('id')} AS id, ${q('name')} AS name, ${q('reference')} AS reference FROM ${q('residences')}`) as Promise<
      { id: number; name: string; reference: string }[]
    >,
    dataSource.query(
      `SELECT ${month(q('at'))} AS month, ${q('to')} AS stage, COUNT(DISTINCT ${q('recordId')}) AS n
         FROM ${q('record_stage_changes')} WHERE ${q('to')} IN ('lease_signed', 'moved_in') GROUP BY 1, ${q('to')}`,
    ) as Promise<{ month: string; stage: 'lease_signed' | 'moved_in'; n: unknown }[]>,
    dataSource.query(
      `SELECT ${month(q('createdAt'))} AS month, COUNT(*) AS n, SUM(CASE WHEN ${q('stage')} = 'moved_in' THEN 1 ELSE 0 END) AS entered
         FROM ${q('records')} GROUP BY 1`,
    ) as Promise<{ month: string; n: unknown; entered: unknown }[]>,
    dataSource.query(
      `SELECT ${month(q('createdAt'))} AS month, COUNT(*) AS n,
              SUM(CASE WHEN ${q('subject')} = 'new_record' OR ${q('recordId')} IS NOT NULL THEN 1 ELSE 0 END) AS asked,
              SUM(CASE WHEN ${q('recordId')} IS NOT NULL THEN 1 ELSE 0 END) AS converted
         FROM ${q('contact_forms')} GROUP BY 1`,
    ) as Promise<{ month: string; n: unknown; asked: unknown; converted: unknown }[]>,
  ]);

  // A residence by its name; two of the same name are told apart by their references.
  const named = new Map<string, number>();
  for (const { name } of residences) named.set(name, (named.get(name) ?? 0) + 1);
  const residenceNames = new Map(residences.map(({ id, name, reference }) => [Number(id), named.get(name)! > 1 ? `${name} (${reference})` : name]));
  const residenceLabel = (id: number | null) => (id === null ? NO_RESIDENCE : (residenceNames.get(Number(id)) ?? NO_RESIDENCE));
  for (const { month, type, reason, outcome, residence, n } of events) {
    const count = number(n);
    tally.add('interventions/count', month, count);
    // An interview or a visit that did not take place is no interview or visit.
    const tookPlace = outcome !== 'not_done';
    if (type === 'interview' && tookPlace) tally.add('interventions/interviews-count', month, count);
    if (type === 'visit' && tookPlace) {
      tally.add('interventions/visits-count', month, count);
      tally.add('interventions/visits-by-residence', month, count, residenceLabel(residence));
      const reasonLabel = labelOf(eventType('visit').reasons, reason ?? '', 'Type non précisé');
      tally.add('interventions/visits-by-type', month, count, reasonLabel);
    }
    if (REFUSALS.includes(type)) {
      tally.add('interventions/refused-count', month, count);
      tally.add('interventions/refused-by-residence', month, count, residenceLabel(residence));
    }
    if (type === 'leaving') tally.add('interventions/leaving-count', month, count);
  }
  for (const { month, stage, n } of stages) {
    tally.add(stage === 'lease_signed' ? 'records/signed-count' : 'records/entries-count', month, number(n));
  }
  for (const { month, n, entered } of records) {
    tally.add('records/count', month, number(n));
    tally.add('records/entries-conversion-rate', month, number(entered), NUMERATOR);
    tally.add('records/entries-conversion-rate', month, number(n), DENOMINATOR);
  }
  for (const { month, n, asked, converted } of contacts) {
    tally.add('contact-forms/count', month, number(n));
    tally.add('records/contact-conversion-rate', month, number(converted), NUMERATOR);
    tally.add('records/contact-conversion-rate', month, number(asked), DENOMINATOR);
  }
  for (const createdAt of homes.residences) tally.add('residences/count', paris(createdAt), 1);
  for (const createdAt of homes.homes) tally.add('goods/count', paris(createdAt), 1);
  return tally.rows();
}
