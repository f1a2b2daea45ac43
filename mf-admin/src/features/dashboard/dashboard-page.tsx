import type { ReactNode } from 'react';
import { previousPeriod, STATISTIC_OPTIONS, type StatisticKey, type StatisticView, type StatisticEntry } from '@hsa-lli/common/back-office';
import { formatDateTime, formatNumber, formatPercent, labelOf } from '@hsa-lli/common/domain';
import { errorText, skipToken } from '@hsa-lli/common/store';
import { Loader, MessageBox } from '@hsa-lli/common/ui';
import { CHART_COLORS, LabelBars, MonthlyChart } from './dashboard-charts.js';
import {
  dashboardApi,
  JOB_POLL_INTERVAL_MS,
  JOB_WAIT_LIMIT_MS,
  refreshProgress,
  useGetMonthlyQuery,
  useGetStatisticsJobQuery,
  useGetStatisticsQuery,
  useRefreshStatisticsMutation,
  type PeriodRequest,
} from './dashboard-api.js';
import { PeriodPicker, periodWords, useDashboardPeriod } from './dashboard-period.js';
import './dashboard.css';

/** The headline figures, in the order of a file's life; then the catalogue. */
const HEADLINES: StatisticKey[] = [
  'contact-forms/count',
  'records/count',
  'interventions/count',
  'interventions/interviews-count',
  'interventions/visits-count',
  'interventions/refused-count',
  'records/signed-count',
  'records/entries-count',
  'interventions/leaving-count',
  'residences/count',
  'goods/count',
];

const RATES: { key: StatisticKey; explanation: string }[] = [
  {
    key: 'records/contact-conversion-rate',
    explanation: 'Part des demandes de contact reçues sur la période (demandes de dossier, ou devenues dossier) qui sont devenues un dossier.',
  },
  {
    key: 'records/entries-conversion-rate',
    explanation: 'Part des dossiers ouverts sur la période dont le foyer est depuis entré dans les lieux.',
  },
];

/** The monthly chart's figures. */
const MONTHLY: StatisticKey[] = ['interventions/visits-count', 'records/entries-count', 'records/signed-count'];

/** What went wrong, a period's field first (a 400 names it). */
function loadProblem(error: unknown): string {
  const fields = typeof error === 'object' && error !== null && 'fields' in error ? (error.fields as Record<string, string> | undefined) : undefined;
  return Object.values(fields ?? {})[0] ?? errorText(error);
}

function numberOf(stats: StatisticView[] | undefined, key: StatisticKey): number | undefined {
  const value = stats?.find((each) => each.key === key)?.value;
  return typeof value === 'number' ? value : undefined;
}

function entriesOf(stats: StatisticView[] | undefined, key: StatisticKey): StatisticEntry[] {
  const value = stats?.find((each) => each.key === key)?.value;
  return Array.isArray(value) ? value : [];
}

/** How a figure moved since the period before: « +4 (+25 %) », and the words a screen reader says. */
function Change({ now, before, rate = false }: { now: number; before: number | undefined; rate?: boolean }) {
  if (before === undefined) return null;
  const difference = rate ? Math.round((now - before) * 1000) / 10 : now - before;
  if (difference === 0) {
    return (
      <p className="dashboard-change">
        Stable<span className="ui-visually-hidden"> par rapport à la période précédente</span>
      </p>
    );
  }
  const sign = difference > 0 ? '+' : '−';
  const amount = formatNumber(Math.abs(difference));
  const relative = !rate && before > 0 ? ` (${sign}${formatNumber(Math.round((Math.abs(difference) / before) * 100))}\u00a0%)` : '';
  const shown = `${sign}${amount}${rate ? '\u00a0point' + (Math.abs(difference) >= 2 ? 's' : '') : ''}${relative}`;
  return (
    <p className="dashboard-change">
      <span aria-hidden="true">{difference > 0 ? '▲' : '▼'} </span>
      {shown}
      <span className="ui-visually-hidden"> par rapport à la période précédente</span>
    </p>
  );
}

/** A headline figure (or rate) of the period, and how it moved since the one before. */
function Figure({ statKey, stats, previous, rate = false, children }: { statKey: StatisticKey; stats: StatisticView[]; previous: StatisticView[] | undefined; rate?: boolean; children?: ReactNode }) {
  const now = numberOf(stats, statKey) ?? 0;
  return (
    <div className="ui-card dashboard-figure" data-key={statKey}>
      <dt>{labelOf(STATISTIC_OPTIONS, statKey)}</dt>
      <dd>
        <p className="dashboard-figure__value">{rate ? formatPercent(now) : formatNumber(now)}</p>
        <Change now={now} before={numberOf(previous, statKey)} rate={rate} />
        {children}
      </dd>
    </div>
  );
}

/** The monthly chart's figures, asked for with the period's statistics rather than once they are shown. */
function useMonthly(period: PeriodRequest) {
  return [
    useGetMonthlyQuery({ key: MONTHLY[0]!, ...period }),
    useGetMonthlyQuery({ key: MONTHLY[1]!, ...period }),
    useGetMonthlyQuery({ key: MONTHLY[2]!, ...period }),
  ] as const;
}

function Monthly({ monthly: [visits, entries, signed] }: { monthly: ReturnType<typeof useMonthly> }) {
  if (!visits.data || !entries.data || !signed.data) return visits.isError || entries.isError || signed.isError ? <MessageBox kind="error">Le graphique mensuel n'a pas pu être chargé.</MessageBox> : null;
  return (
    <MonthlyChart
      title="Visites, baux signés et entrées, mois par mois"
      series={[
        { name: 'Visites', entries: visits.data },
        { name: 'Baux signés', entries: signed.data },
        { name: 'Entrées dans les lieux', entries: entries.data },
      ]}
    />
  );
}

export function DashboardPage() {
  const { period, ignored } = useDashboardPeriod();
  const before = previousPeriod(period);
  const list = useGetStatisticsQuery(period);
  const previous = useGetStatisticsQuery(before);
  const monthly = useMonthly(period);
  const [requestRefresh, refresh] = useRefreshStatisticsMutation();
  // The job of the last refresh is polled until it ends, or until the page gives up waiting for it.
  const watch = refresh.isSuccess ? { id: refresh.data.id, giveUpAt: refresh.fulfilledTimeStamp + JOB_WAIT_LIMIT_MS } : undefined;
  const lastLook = dashboardApi.endpoints.getStatisticsJob.useQueryState(watch ?? skipToken);
  const polling = watch !== undefined && refreshProgress(lastLook, watch.giveUpAt) === 'running';
  useGetStatisticsJobQuery(watch ?? skipToken, { pollingInterval: polling ? JOB_POLL_INTERVAL_MS : 0 });
  const refreshing = refresh.isLoading || polling || (list.isFetching && !list.isLoading);

  const stats = list.data;
  const computedAt = stats?.[0]?.computed_at;
  return (
    <section className="dashboard" aria-busy={list.isFetching}>
      <div className="dashboard-heading">
        <h1>Tableau de bord</h1>
        <button type="button" className="ui-button ui-button--secondary" disabled={refreshing} onClick={() => void requestRefresh()}>
          Actualiser les statistiques
        </button>
      </div>
      <PeriodPicker period={period} ignored={ignored} />
      {ignored && <MessageBox kind="warning">La période demandée dans l'adresse n'est pas valide : voici les 12 derniers mois.</MessageBox>}
      <p className="dashboard-lead">
        Statistiques {periodWords(period)} ; chaque évolution est comparée à la période précédente ({periodWords(before)}).
        {computedAt ? ` Calculées le ${formatDateTime(computedAt)}.` : computedAt === null ? ' Premier calcul en cours…' : ''}
      </p>
      {list.isLoading && <Loader label="Chargement des statistiques" />}
      {refreshing && <Loader label="Actualisation en cours" />}
      {list.isError && <MessageBox kind="error">Les statistiques n'ont pas pu être chargées. {loadProblem(list.error)}</MessageBox>}
      {stats && (
        <>
          <h2 className="ui-visually-hidden">Chiffres clés</h2>
          <dl className="dashboard-figures">
            {HEADLINES.map((key) => (
              <Figure key={key} statKey={key} stats={stats} previous={previous.data} />
            ))}
          </dl>
          <h2>Taux de conversion</h2>
          <dl className="dashboard-figures dashboard-figures--rates">
            {RATES.map(({ key, explanation }) => (
              <Figure key={key} statKey={key} stats={stats} previous={previous.data} rate>
                <p className="dashboard-muted">{explanation}</p>
              </Figure>
            ))}
          </dl>
          <div className="dashboard-charts">
            <Monthly monthly={monthly} />
            <LabelBars title="Visites par résidence" labelHeader="Résidence" entries={entriesOf(stats, 'interventions/visits-by-residence')} unit="Visites" />
            <LabelBars
              title="Refus par résidence"
              description="Refus du demandeur et du bailleur, par résidence du logement concerné."
              labelHeader="Résidence"
              entries={entriesOf(stats, 'interventions/refused-by-residence')}
              unit="Refus"
              color={CHART_COLORS.accent}
            />
            <LabelBars title="Visites par type" labelHeader="Type de visite" entries={entriesOf(stats, 'interventions/visits-by-type')} unit="Visites" color={CHART_COLORS.green} />
          </div>
        </>
      )}
    </section>
  );
}
