import { Link } from 'react-router';
import type { SessionRow } from '@hsa-lli/common/back-office';
import type { DataTableColumn } from '@hsa-lli/common/data-table';
import { formatDateTime } from '@hsa-lli/common/domain';
import { SessionStateBadge, SessionWhere } from './committee-labels.js';
import { SessionsList } from './sessions-list.js';

const LIST = '/admin/comites';

const COLUMNS: DataTableColumn<SessionRow>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (session) => (
      <Link className="committee-list__date" to={`${LIST}/${session.id}`}>
        {formatDateTime(session.date)}
      </Link>
    ),
  },
  { id: 'place', header: 'Lieu', cell: (session) => <SessionWhere place={session.place} video_url={session.video_url} /> },
  { id: 'state', header: 'État', cell: (session) => <SessionStateBadge state={session.state} /> },
  { id: 'goods', header: 'Logements', numeric: true, cell: (session) => session.goods },
  { id: 'candidates', header: 'Candidats', numeric: true, cell: (session) => session.candidates },
  { id: 'members', header: 'Membres', numeric: true, cell: (session) => session.members },
];

/** `/admin/comites`: every session of the allocation committee, newest first, as staff prepare and follow them. */
export function SessionsListPage() {
  return <SessionsList title="Comités" create={{ to: `${LIST}/nouveau`, label: 'Nouvelle séance' }} columns={COLUMNS} emptyText="Aucune séance pour le moment." />;
}
