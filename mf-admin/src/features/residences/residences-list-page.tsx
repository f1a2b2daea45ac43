import { Link } from 'react-router';
import type { ResidenceRow } from '@hsa-lli/common/back-office';
import type { DataTableColumn } from '@hsa-lli/common/data-table';
import { communesByName, formatDate, RESIDENCE_STATUS_OPTIONS, RESIDENCE_STATUSES, ZONES, zoneLabel } from '@hsa-lli/common/domain';
import { ListPage } from '../../components/list-page.js';
import { oneOfParam, useListParams } from '../../components/list-params.js';
import { useListResidencesQuery } from './residences-api.js';
import { StatusBadge } from './status-badge.js';

const LIST = '/admin/liste-des-residences';
const COMMUNE_OPTIONS = communesByName().map((commune) => ({ value: commune.value, label: commune.label }));
// The address speaks French (?statut=…&commune=…); the API's filters keep the spec's names.
const FILTERS = {
  statut: { api: 'status', parse: oneOfParam(RESIDENCE_STATUSES) },
  commune: { api: 'city', parse: oneOfParam(COMMUNE_OPTIONS.map((option) => option.value)) },
  zone: oneOfParam(ZONES),
};
const COLUMNS = ['reference', 'name', 'city', 'status', 'updated_at'] as const;

const TABLE: DataTableColumn<ResidenceRow>[] = [
  { id: 'name', header: 'Nom', sortable: true, cell: (residence) => <Link to={`${LIST}/${residence.id}`}>{residence.name}</Link> },
  { id: 'reference', header: 'Référence', sortable: true, cell: (residence) => residence.reference },
  { id: 'city', header: 'Commune', sortable: true, cell: (residence) => residence.city.label },
  { id: 'area', header: 'Zone', cell: (residence) => zoneLabel(residence.area) },
  { id: 'status', header: 'Statut', sortable: true, cell: (residence) => <StatusBadge status={residence.status} closedLabel={residence.closed_label} /> },
  { id: 'goods_count', header: 'Biens', numeric: true, cell: (residence) => residence.goods_count },
  { id: 'updated_at', header: 'Modifiée le', sortable: true, cell: (residence) => formatDate(residence.updated_at) },
];

export function ResidencesListPage() {
  const params = useListParams(FILTERS, COLUMNS, { column: 'name', direction: 'asc' });
  const result = useListResidencesQuery(params.request);
  return (
    <ListPage
      title="Résidences"
      create={{ to: `${LIST}/nouvelle`, label: 'Nouvelle résidence' }}
      searchLabel="Rechercher une résidence"
      searchHint="Par son nom, sa référence ou sa commune."
      params={params}
      filters={[
        { name: 'statut', label: 'Statut', options: RESIDENCE_STATUS_OPTIONS },
        { all: 'Toutes', name: 'commune', label: 'Commune', options: COMMUNE_OPTIONS },
        { all: 'Toutes', name: 'zone', label: 'Zone', options: ZONES.map((value) => ({ value, label: zoneLabel(value) })) },
      ]}
      columns={TABLE}
      rowKey={(residence) => String(residence.id)}
      result={result}
      emptyText="Aucune résidence pour le moment."
    />
  );
}
