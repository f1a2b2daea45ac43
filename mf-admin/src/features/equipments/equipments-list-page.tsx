import { Link } from 'react-router';
import { EQUIPMENT_TYPE_OPTIONS, usageText, type EquipmentAdminView } from '@hsa-lli/common/back-office';
import type { DataTableColumn } from '@hsa-lli/common/data-table';
import { EQUIPMENT_TYPES } from '@hsa-lli/common/domain';
import { ListPage } from '../../components/list-page.js';
import { oneOfParam, useListParams } from '../../components/list-params.js';
import { useListEquipmentsQuery } from './equipments-api.js';
import { equipmentTypeLabel } from './equipment-labels.js';

const LIST = '/admin/liste-des-equipements';
const FILTERS = { type: oneOfParam(EQUIPMENT_TYPES) };
const COLUMNS = ['name', 'type'] as const;

const TABLE: DataTableColumn<EquipmentAdminView>[] = [
  { id: 'name', header: 'Nom', sortable: true, cell: (equipment) => <Link to={`${LIST}/${equipment._id}`}>{equipment.name}</Link> },
  { id: 'type', header: 'Type', sortable: true, cell: (equipment) => equipmentTypeLabel(equipment.type) },
  { id: 'used_by', header: 'Utilisé par', cell: (equipment) => usageText(equipment.used_by) },
];

export function EquipmentsListPage() {
  const params = useListParams(FILTERS, COLUMNS, { column: 'name', direction: 'asc' });
  const result = useListEquipmentsQuery(params.request);
  return (
    <ListPage
      title="Équipements"
      create={{ to: `${LIST}/ajouter`, label: 'Ajouter un équipement' }}
      searchLabel="Rechercher un équipement"
      searchHint="Par son nom."
      params={params}
      filters={[{ name: 'type', label: 'Type', options: EQUIPMENT_TYPE_OPTIONS }]}
      columns={TABLE}
      rowKey={(equipment) => String(equipment._id)}
      result={result}
      emptyText="Aucun équipement pour le moment."
    />
  );
}
