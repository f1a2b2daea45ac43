import { Link } from 'react-router';
import { type ContactFormRow } from '@hsa-lli/common/back-office';
import type { DataTableColumn } from '@hsa-lli/common/data-table';
import { CONTACT_SUBJECT_OPTIONS, CONTACT_SUBJECTS, formatDate, REFERENCE_STATUS_OPTIONS, REFERENCE_STATUSES } from '@hsa-lli/common/domain';
import { ListPage } from '../../components/list-page.js';
import { oneOfParam, useListParams, YES_NO_OPTIONS, yesNoParam } from '../../components/list-params.js';
import { ContactStatusBadge, RgpdFlag, subjectLabel } from './contact-labels.js';
import { useListContactRequestsQuery } from './contact-requests-api.js';
import './contact-requests.css';

export const CONTACT_REQUESTS = '/admin/demandes-de-contact';
/** The address speaks French (?statut=…&objet=…&test=oui&non-lues=oui); the API's filters keep their names. */
const FILTERS = {
  statut: { api: 'status', parse: oneOfParam(REFERENCE_STATUSES) },
  objet: { api: 'subject', parse: oneOfParam(CONTACT_SUBJECTS) },
  test: { api: 'from_eligibility', parse: yesNoParam },
  'non-lues': { api: 'unread', parse: yesNoParam },
};
const COLUMNS = ['created_at', 'name', 'status'] as const;

/** What the eligibility test answered, when the request comes from it. */
function eligibilityText(row: ContactFormRow): string {
  if (!row.eligibility) return '—';
  return row.eligibility.eligible ? 'Éligible' : 'Non éligible';
}

const TABLE: DataTableColumn<ContactFormRow>[] = [
  {
    id: 'subject',
    header: 'Objet',
    cell: (row) => (
      <>
        {row.unread && <span className="ui-visually-hidden">Non lue : </span>}
        <Link to={`${CONTACT_REQUESTS}/${row.id}`} className={row.unread ? 'contact-unread' : undefined}>
          {subjectLabel(row.subject)}
        </Link>
        {row.rgpd && (
          <>
            <br />
            <RgpdFlag row={row} />
          </>
        )}
      </>
    ),
  },
  { id: 'name', header: 'Nom', sortable: true, cell: (row) => <span className={row.unread ? 'contact-unread' : undefined}>{row.name}</span> },
  { id: 'created_at', header: 'Reçue le', sortable: true, cell: (row) => formatDate(row.created_at) },
  { id: 'status', header: 'Statut', sortable: true, cell: (row) => <ContactStatusBadge status={row.status} /> },
  { id: 'eligibility', header: 'Test d’éligibilité', cell: eligibilityText },
];

export function ContactRequestsListPage() {
  const params = useListParams(FILTERS, COLUMNS, { column: 'created_at', direction: 'desc' });
  const result = useListContactRequestsQuery(params.request);
  return (
    <ListPage
      title="Demandes de contact"
      searchLabel="Rechercher une demande"
      searchHint="Par le nom, l’adresse e-mail ou un mot du message."
      params={params}
      filters={[
        { name: 'statut', label: 'Statut', options: REFERENCE_STATUS_OPTIONS },
        { name: 'objet', label: 'Objet', options: CONTACT_SUBJECT_OPTIONS },
        { name: 'test', label: 'Depuis le test d’éligibilité', all: 'Toutes', options: YES_NO_OPTIONS },
        { name: 'non-lues', label: 'Non lues', all: 'Toutes', options: YES_NO_OPTIONS },
      ]}
      columns={TABLE}
      rowKey={(row) => String(row.id)}
      result={result}
      emptyText="Aucune demande de contact pour le moment."
    />
  );
}
