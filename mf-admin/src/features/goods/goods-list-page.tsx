import { Link } from 'react-router';
import { flatSizeLabel, type GoodRow } from '@hsa-lli/common/back-office';
import type { DataTableColumn } from '@hsa-lli/common/data-table';
import { FLAT_SIZE_OPTIONS, FLAT_SIZES, formatSurface } from '@hsa-lli/common/domain';
import { ListPage } from '../../components/list-page.js';
import { YES_NO_OPTIONS, idParam, oneOfParam, useListParams, yesNoParam } from '../../components/list-params.js';
import { EnergyBadge, availabilityText, eurosText } from './good-labels.js';
import { useListGoodsQuery, useResidenceOptionsQuery } from './goods-api.js';

const LIST = '/admin/liste-des-biens';
// The address speaks French (?typologie=T2&en-ligne=oui); `residence` is the id other pages link with.
const FILTERS = { residence: idParam, typologie: { api: 'flat_size', parse: oneOfParam(FLAT_SIZES) }, 'en-ligne': { api: 'enabled', parse: yesNoParam } };
const COLUMNS = ['reference', 'residence', 'flat_size', 'surface', 'rent_price', 'available_from', 'updated_at'] as const;

const TABLE: DataTableColumn<GoodRow>[] = [
  { id: 'reference', header: 'Référence', sortable: true, cell: (good) => <Link to={`${LIST}/${good.id}`}>{good.reference}</Link> },
  {
    id: 'residence',
    header: 'Résidence',
    sortable: true,
    cell: (good) => (
      <>
        {good.residence.name}
        <span className="good-list__residence">{good.residence.city}</span>
      </>
    ),
  },
  { id: 'flat_size', header: 'Typologie', sortable: true, cell: (good) => flatSizeLabel(good.flat_size) },
  { id: 'surface', header: 'Surface', sortable: true, numeric: true, cell: (good) => formatSurface(good.surface) },
  { id: 'rent_price', header: 'Loyer CC', sortable: true, numeric: true, cell: (good) => eurosText(good.rent_price) },
  { id: 'energy_class', header: 'DPE', cell: (good) => <EnergyBadge letter={good.energy_class} /> },
  {
    id: 'enabled',
    header: 'Proposé sur le site',
    cell: (good) => (good.enabled ? <span className="bo-badge">Oui</span> : <span className="bo-badge bo-badge--off">Non</span>),
  },
  { id: 'available_from', header: 'Disponibilité', sortable: true, cell: (good) => availabilityText(good) },
];

export function GoodsListPage() {
  const params = useListParams(FILTERS, COLUMNS, { column: 'reference', direction: 'asc' });
  const residences = useResidenceOptionsQuery();
  const result = useListGoodsQuery(params.request);
  const residenceOptions = (residences.data ?? []).map((option) => ({ value: String(option.value), label: option.label }));
  return (
    <ListPage
      title="Biens"
      create={{ to: `${LIST}/nouveau`, label: 'Nouveau bien' }}
      searchLabel="Rechercher un bien"
      searchHint="Par sa référence ou le nom de sa résidence."
      params={params}
      filters={[
        { all: 'Toutes', name: 'residence', label: 'Résidence', options: residenceOptions },
        { all: 'Toutes', name: 'typologie', label: 'Typologie', options: FLAT_SIZE_OPTIONS },
        { name: 'en-ligne', label: 'Proposé sur le site', options: YES_NO_OPTIONS },
      ]}
      columns={TABLE}
      rowKey={(good) => String(good.id)}
      result={result}
      emptyText="Aucun bien pour le moment."
    />
  );
}
