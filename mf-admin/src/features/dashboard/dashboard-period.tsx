import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { addMonths, periodMonths, periodOf, resolvePeriod, type StatisticPeriod } from '@hsa-lli/common/back-office';
import { formatMonth, parisDay } from '@hsa-lli/common/domain';
import { DateField, useForm } from '@hsa-lli/common/ui';

// The address speaks French: ?du=2025-01&au=2025-12, whole months.
const FROM = 'du';
const TO = 'au';
const MONTH = /^(20\d\d|2100)-(0[1-9]|1[0-2])$/;
const CUSTOM = 'personnalisee';
const LAST_TWELVE = '';
const FORM = 'dashboard-period';
const MONTH_WRONG = 'Indiquez un mois (AAAA-MM).';
const ORDER_WRONG = 'Le mois de début doit précéder le mois de fin.';

export interface DashboardPeriod {
  period: StatisticPeriod;
  /** The address named a period that is none: the page says it shows the default one. */
  ignored: boolean;
}

/** The period the address names, or the last twelve months up to the current one. */
export function useDashboardPeriod(): DashboardPeriod {
  const [params] = useSearchParams();
  const from = params.get(FROM);
  const to = params.get(TO);
  if (from === null && to === null) return { period: resolvePeriod({}, new Date()), ignored: false };
  if (from && to && MONTH.test(from) && MONTH.test(to) && from <= to) return { period: periodOf(from, to), ignored: false };
  return { period: resolvePeriod({}, new Date()), ignored: true };
}

/** « de janvier 2025 à décembre 2025 », « en mars 2026 ». */
export function periodWords(period: StatisticPeriod): string {
  const { first, last } = periodMonths(period);
  return first === last ? `en ${formatMonth(first)}` : `de ${formatMonth(first)} à ${formatMonth(last)}`;
}

const monthRule = (value: string) => (MONTH.test(value) ? null : MONTH_WRONG);

/** The choice of period: the last twelve months, a calendar year, or months of one's own. */
export function PeriodPicker({ period, ignored }: DashboardPeriod) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const { first, last } = periodMonths(period);
  const year = Number(parisDay(new Date()).slice(0, 4));
  const years = [year, year - 1, year - 2];
  const asked = (params.has(FROM) || params.has(TO)) && !ignored;
  const yearAsked = years.find((each) => first === `${each}-01` && last === `${each}-12`);
  const choice = params.get('periode') === CUSTOM || (asked && yearAsked === undefined) ? CUSTOM : asked ? String(yearAsked) : LAST_TWELVE;
  const form = useForm(FORM, { [FROM]: monthRule, [TO]: (value, values) => monthRule(value) ?? ((values[FROM] ?? '') > value ? ORDER_WRONG : null) });

  const show = (from: string | null, to: string | null, custom = false) =>
    setParams(
      () => {
        const next = new URLSearchParams();
        if (from && to) {
          next.set(FROM, from);
          next.set(TO, to);
        }
        if (custom) next.set('periode', CUSTOM);
        return next;
      },
      { preventScrollReset: true },
    );

  const choose = (value: string) => {
    if (value === LAST_TWELVE) show(null, null);
    else if (value === CUSTOM) {
      form.set(FROM, first);
      form.set(TO, last);
      show(first, last, true);
    } else show(`${value}-01`, `${value}-12`);
  };

  return (
    <form
      className="dashboard-period"
      aria-label="Période des statistiques"
      onSubmit={(event) => {
        const values = form.submit(event);
        if (values) show(values[FROM]!, values[TO]!, true);
      }}
    >
      <div className="ui-field">
        <label htmlFor={id}>Période</label>
        <select id={id} value={choice} onChange={(event) => choose(event.target.value)}>
          <option value={LAST_TWELVE}>12 derniers mois</option>
          {years.map((each) => (
            <option key={each} value={each}>
              Année {each}
            </option>
          ))}
          <option value={CUSTOM}>Mois de mon choix</option>
        </select>
      </div>
      {choice === CUSTOM && (
        <>
          <DateField form={form} name={FROM} label="Du mois" hint="Format : AAAA-MM" month defaultValue={first} min="2000-01" max={addMonths(last, 120)} />
          <DateField form={form} name={TO} label="Au mois" hint="Format : AAAA-MM" month defaultValue={last} min="2000-01" max={addMonths(last, 120)} />
          <button type="submit" className="ui-button">
            Afficher
          </button>
        </>
      )}
    </form>
  );
}
