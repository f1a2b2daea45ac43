import { Link } from 'react-router';
import type { SessionRow } from '@hsa-lli/common/back-office';
import type { DataTableColumn } from '@hsa-lli/common/data-table';
import { formatDateTime } from '@hsa-lli/common/domain';
import { SessionStateBadge, SessionWhere } from './committee-labels.js';
import { SessionsList } from './sessions-list.js';

const COLUMNS: DataTableColumn<SessionRow>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (session) => (
      <Link className="committee-list__date" to={`/gestion/recommandations/${session.id}`}>
        {formatDateTime(session.date)}
      </Link>
    ),
  },
  { id: 'place', header: 'Lieu', cell: (session) => <SessionWhere place={session.place} video_url={session.video_url} /> },
  { id: 'state', header: 'État', cell: (session) => <SessionStateBadge state={session.state} /> },
  { id: 'goods', header: 'Logements', numeric: true, cell: (session) => session.goods },
  {
    id: 'done',
    header: 'Mes avis',
    cell: (session) =>
      session.done ? (
        <span className="bo-badge">Tous donnés</span>
      ) : session.state === 'closed' ? (
        <span className="bo-badge bo-badge--off">Pas tous donnés</span>
      ) : (
        <span className="bo-badge bo-badge--warning">À donner</span>
      ),
  },
];

/** `/gestion/recommandations`: the sessions a committee member sits in, upcoming first, then past ones. */
export function MySessionsPage() {
  return (
    <SessionsList
      title="Recommandations"
      columns={COLUMNS}
      emptyText="Vous ne siégez dans aucune séance du comité pour le moment."
      intro={<p>Les séances du comité d’attribution où vous siégez : les prochaines d’abord, puis les passées.</p>}
    />
  );
}
