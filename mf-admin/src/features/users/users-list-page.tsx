import { Link } from 'react-router';
import { USER_STATE_OPTIONS, USER_STATES, type UserAdminView } from '@hsa-lli/common/back-office';
import type { DataTableColumn } from '@hsa-lli/common/data-table';
import { formatDate, ROLE_OPTIONS, ROLES } from '@hsa-lli/common/domain';
import { ListPage } from '../../components/list-page.js';
import { oneOfParam, useListParams } from '../../components/list-params.js';
import { rolesText, UserStateBadge } from './user-labels.js';
import { useListUsersQuery } from './users-api.js';

const LIST = '/admin/liste-des-utilisateurs';
/** The address speaks French (?role=…&etat=…); the API's filters keep their names. */
const FILTERS = { role: oneOfParam(ROLES), etat: { api: 'state', parse: oneOfParam(USER_STATES) } };
const COLUMNS = ['last_name', 'email', 'last_login_at', 'created_at'] as const;

const TABLE: DataTableColumn<UserAdminView>[] = [
  { id: 'last_name', header: 'Nom', sortable: true, cell: (user) => <Link to={`${LIST}/${user.id}`}>{`${user.first_name} ${user.last_name}`.trim() || user.email}</Link> },
  { id: 'email', header: 'E-mail', sortable: true, cell: (user) => user.email },
  { id: 'roles', header: 'Rôles', cell: (user) => rolesText(user.roles) },
  { id: 'state', header: 'État', cell: (user) => <UserStateBadge state={user.state} /> },
  { id: 'last_login_at', header: 'Dernière connexion', sortable: true, cell: (user) => (user.last_login_at ? formatDate(user.last_login_at) : 'Jamais') },
  { id: 'created_at', header: 'Créé le', sortable: true, cell: (user) => formatDate(user.created_at) },
];

export function UsersListPage() {
  const params = useListParams(FILTERS, COLUMNS, { column: 'last_name', direction: 'asc' });
  const result = useListUsersQuery(params.request);
  return (
    <ListPage
      title="Utilisateurs"
      create={{ to: `${LIST}/nouvel-utilisateur`, label: 'Inviter un utilisateur' }}
      searchLabel="Rechercher un utilisateur"
      searchHint="Par son prénom, son nom ou son adresse e-mail."
      params={params}
      filters={[
        { name: 'role', label: 'Rôle', options: ROLE_OPTIONS },
        { name: 'etat', label: 'État', options: USER_STATE_OPTIONS },
      ]}
      columns={TABLE}
      rowKey={(user) => String(user.id)}
      result={result}
      emptyText="Aucun utilisateur pour le moment."
    />
  );
}
