import { useEffect } from 'react';
import { formatNumber } from '@hsa-lli/common/domain';
import { useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { Loader, MessageBox } from '@hsa-lli/common/ui';
import { loadStats, refreshStats, selectStats, selectStatsStatus } from './stats-slice.js';
import './dashboard.css';

const LABELS: Record<string, string> = {
  'residences/count': 'Résidences publiées',
  'goods/count': 'Logements proposés',
  'records/count': 'Dossiers',
  'contact-forms/count': 'Demandes de contact',
};

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'Europe/Paris' });

export function DashboardPage() {
  const dispatch = useAppDispatch();
  const stats = useAppSelector(selectStats);
  const status = useAppSelector(selectStatsStatus);

  useEffect(() => {
    void dispatch(loadStats());
  }, [dispatch]);

  const computedAt = stats[0]?.computed_at;
  return (
    <section>
      <div className="dashboard-heading">
        <h1>Tableau de bord</h1>
        <button type="button" className="ui-button" disabled={status === 'refreshing'} onClick={() => void dispatch(refreshStats())}>
          Actualiser les statistiques
        </button>
      </div>
      {status === 'loading' && <Loader label="Chargement des statistiques" />}
      {status === 'refreshing' && <Loader label="Actualisation en cours" />}
      {status === 'failed' && <MessageBox kind="error">Les statistiques n'ont pas pu être chargées.</MessageBox>}
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
