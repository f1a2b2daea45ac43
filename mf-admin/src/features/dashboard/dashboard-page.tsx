import { formatNumber } from '@hsa-lli/common/domain';
import { skipToken } from '@hsa-lli/common/store';
import { Loader, MessageBox } from '@hsa-lli/common/ui';
import {
  dashboardApi,
  JOB_POLL_INTERVAL_MS,
  JOB_WAIT_LIMIT_MS,
  refreshProgress,
  useGetStatisticsJobQuery,
  useGetStatisticsQuery,
  useRefreshStatisticsMutation,
} from './dashboard-api.js';
import './dashboard.css';

const LABELS: Record<string, string> = {
  'residences/count': 'Résidences publiées',
  'goods/count': 'Logements proposés',
  'records/count': 'Dossiers',
  'contact-forms/count': 'Demandes de contact',
};

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'Europe/Paris' });

export function DashboardPage() {
  const list = useGetStatisticsQuery();
  const [requestRefresh, refresh] = useRefreshStatisticsMutation();
  // The job of the last refresh is polled until it ends, or until the page gives up waiting for it.
  const watch = refresh.isSuccess ? { id: refresh.data.id, giveUpAt: refresh.fulfilledTimeStamp + JOB_WAIT_LIMIT_MS } : undefined;
  const lastLook = dashboardApi.endpoints.getStatisticsJob.useQueryState(watch ?? skipToken);
  const polling = watch !== undefined && refreshProgress(lastLook, watch.giveUpAt) === 'running';
  useGetStatisticsJobQuery(watch ?? skipToken, { pollingInterval: polling ? JOB_POLL_INTERVAL_MS : 0 });
  const refreshing = refresh.isLoading || polling || (list.isFetching && !list.isLoading);

  const stats = list.data ?? [];
  const computedAt = stats[0]?.computed_at;
  return (
    <section>
      <div className="dashboard-heading">
        <h1>Tableau de bord</h1>
        <button type="button" className="ui-button" disabled={refreshing} onClick={() => void requestRefresh()}>
          Actualiser les statistiques
        </button>
      </div>
      {list.isLoading && <Loader label="Chargement des statistiques" />}
      {refreshing && <Loader label="Actualisation en cours" />}
      {list.isError && <MessageBox kind="error">Les statistiques n'ont pas pu être chargées.</MessageBox>}
      <dl className="dashboard-figures">
        {stats.map((stat) => (
          <div key={stat.key} className="ui-card dashboard-figure" data-key={stat.key}>
            <dt>{LABELS[stat.key] ?? stat.key}</dt>
            <dd>{typeof stat.value === 'number' ? formatNumber(stat.value) : String(stat.value)}</dd>
          </div>
        ))}
      </dl>
      {computedAt && <p className="dashboard-date">Calculées le {dateFormat.format(new Date(computedAt))}.</p>}
    </section>
  );
}
