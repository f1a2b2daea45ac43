import { useMemo } from 'react';
import { Link } from 'react-router';
import { flatSizeLabel, type RecordListColumn, type RecordRow } from '@hsa-lli/common/back-office';
import type { DataTableColumn } from '@hsa-lli/common/data-table';
import { FLAT_SIZE_OPTIONS, FLAT_SIZES, RECORD_STAGE_OPTIONS, RECORD_STAGES, formatShortDate, plural } from '@hsa-lli/common/domain';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';
import { ListPage, type ListFilter } from '../../components/list-page.js';
import { idParam, oneOfParam, useListParams, yesNoParam } from '../../components/list-params.js';
import { useListRecordsQuery, useRecordGoodOptionsQuery, useRecordResidenceOptionsQuery } from './records-api.js';
import { RecordsExport } from './records-export.js';
import './records.css';

const LIST = '/admin/liste-des-dossiers';
const RECORD_PAGE = '/admin/liste-des-dossiers/[id]';
const GOODS_PAGE = '/admin/liste-des-biens';

/** A two-way choice in the address (`?pieces=incompletes`), sent as the API's yes or no. */
const choiceParam = (yes: string, no: string) => (raw: string) => (raw === yes ? true : raw === no ? false : undefined);

// The address speaks French (?stade=complete&typologie=T3&suivi=moi); `residence` and `bien` are ids other pages link with.
const FILTERS = {
  stade: { api: 'stage', parse: oneOfParam(RECORD_STAGES) },
  residence: idParam,
  bien: { api: 'good', parse: idParam },
  typologie: { api: 'flat_size', parse: oneOfParam(FLAT_SIZES) },
  eligibilite: { api: 'eligible', parse: yesNoParam },
  pieces: { api: 'incomplete', parse: choiceParam('incompletes', 'completes') },
  suivi: { api: 'followed_by_me', parse: choiceParam('moi', 'autres') },
};
const COLUMNS = ['reference', 'created_at', 'updated_at', 'stage', 'last_event_at'] as const satisfies readonly RecordListColumn[];

const STATIC_FILTERS: readonly ListFilter[] = [
  { name: 'typologie', label: 'Typologie', all: 'Toutes', options: FLAT_SIZE_OPTIONS },
  {
    name: 'eligibilite',
    label: 'Éligibilité LLI',
    all: 'Toutes',
    options: [
      { value: 'oui', label: 'Éligibles' },
      { value: 'non', label: 'Non éligibles' },
    ],
  },
  {
    name: 'pieces',
    label: 'Pièces justificatives',
    all: 'Toutes',
    options: [
      { value: 'incompletes', label: 'Dossiers incomplets' },
      { value: 'completes', label: 'Toutes fournies' },
    ],
  },
  {
    name: 'suivi',
    label: 'Suivi',
    options: [
      { value: 'moi', label: 'Suivis par moi' },
      { value: 'autres', label: 'Suivis par d’autres ou par personne' },
    ],
  },
];

function Completeness({ completeness }: { completeness: RecordRow['completeness'] }) {
  const { provided, required, percent } = completeness;
  return (
    <span className="record-list__completeness">
      <span className="record-list__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
      <span aria-label={`${provided} pièces fournies sur ${required}`}>
        {provided}/{required}
      </span>
    </span>
  );
}

/** The table's columns; the reference links to the file once its page exists for the session. */
function tableColumns(recordPage: boolean): DataTableColumn<RecordRow>[] {
  return [
    { id: 'applicants', header: 'Demandeurs', cell: (record) => record.applicants },
    {
      id: 'reference',
      header: 'Référence',
      sortable: true,
      cell: (record) => <span className="record-list__reference">{recordPage ? <Link to={`${LIST}/${record.id}`}>{record.reference}</Link> : record.reference}</span>,
    },
    { id: 'household', header: 'Foyer', cell: (record) => record.household },
    {
      id: 'wished',
      header: 'Souhait',
      cell: (record) =>
        record.wished ? (
          <>
            {record.wished.label}
            {record.wished.others > 0 && <span className="record-list__more">et {plural(record.wished.others, 'autre souhait', 'autres souhaits')}</span>}
          </>
        ) : (
          <span className="record-list__none">Aucun</span>
        ),
    },
    { id: 'stage', header: 'Stade', sortable: true, cell: (record) => <span className={`bo-badge record-stage record-stage--${record.stage}`}>{record.stage_label}</span> },
    { id: 'completeness', header: 'Pièces', cell: (record) => <Completeness completeness={record.completeness} /> },
    {
      id: 'last_event_at',
      header: 'Dernier événement',
      sortable: true,
      cell: (record) =>
        record.last_event ? (
          <>
            {record.last_event.label}
            <span className="record-list__more">le {formatShortDate(new Date(record.last_event.at))}</span>
          </>
        ) : (
          <span className="record-list__none">Aucun</span>
        ),
    },
    { id: 'follower', header: 'Suivi par', cell: (record) => record.follower?.name ?? <span className="record-list__none">Personne</span> },
    { id: 'created_at', header: 'Créé le', sortable: true, cell: (record) => <span className="record-list__date">{formatShortDate(new Date(record.created_at))}</span> },
  ];
}

export function RecordsPage() {
  const params = useListParams(FILTERS, COLUMNS, { column: 'created_at', direction: 'desc' });
  const { pages } = useAppSelector(selectPages);
  const recordPage = pages.includes(RECORD_PAGE);
  // The goods of a residence are read from the goods' list, open to those who manage the catalogue.
  const catalogue = pages.includes(GOODS_PAGE);
  const residence = idParam(params.filterValues.residence ?? '');
  const residences = useRecordResidenceOptionsQuery();
  const goods = useRecordGoodOptionsQuery(residence ?? 0, { skip: residence === undefined || !catalogue });
  const result = useListRecordsQuery(params.request);
  const columns = useMemo(() => tableColumns(recordPage), [recordPage]);
  const filters: ListFilter[] = [
    { name: 'stade', label: 'Stade', options: RECORD_STAGE_OPTIONS },
    { name: 'residence', label: 'Résidence', all: 'Toutes', options: (residences.data ?? []).map((option) => ({ value: String(option.value), label: option.label })) },
    ...(residence !== undefined && catalogue
      ? [{ name: 'bien', label: 'Bien', options: (goods.data ?? []).map((good) => ({ value: String(good.id), label: `${good.reference} — ${flatSizeLabel(good.flat_size)}` })) }]
      : []),
    ...STATIC_FILTERS,
  ];
  return (
    <ListPage
      title="Dossiers"
      actions={<RecordsExport request={params.request} />}
      searchLabel="Rechercher un dossier"
      searchHint="Par le nom ou l’adresse e-mail d’un demandeur, ou par la référence du dossier."
      params={params}
      filters={filters}
      columns={columns}
      rowKey={(record) => String(record.id)}
      result={result}
      emptyText="Aucun dossier pour le moment."
    />
  );
}
