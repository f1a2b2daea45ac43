import { useId, type ReactNode } from 'react';
import { SESSION_STATE_OPTIONS, PER_PAGE_CHOICES, type SessionRow, type SessionState } from '@hsa-lli/common/back-office';
import { DataTable, type DataTableColumn } from '@hsa-lli/common/data-table';
import { labelOf } from '@hsa-lli/common/domain';
import { errorText } from '@hsa-lli/common/store';
import { MessageBox } from '@hsa-lli/common/ui';
import { ListHeading } from '../../components/list-page.js';
import { useListParams } from '../../components/list-params.js';
import '../../components/back-office.css';
import { useListCommitteeSessionsQuery } from './committee-api.js';
import './committee.css';

/** The address speaks French (`?etat=ouvert`); the API the session states' own names. */
const STATE_PARAMS: Record<string, SessionState> = { programme: 'scheduled', ouvert: 'open', clos: 'closed' };
const STATE_FILTER_OPTIONS = Object.entries(STATE_PARAMS).map(([value, state]) => ({ value, label: labelOf(SESSION_STATE_OPTIONS, state) }));
const FILTERS = { etat: { api: 'state', parse: (raw: string) => STATE_PARAMS[raw] } };
// The server orders the sessions itself (newest first for staff, upcoming first for the committee): the sort the
// address may hold is never sent.
const BY_DATE = ['date'] as const;

/**
 * A list of committee sessions, filtered by state and paged, both kept in the address. Staff see every session, the
 * committee's members the sessions they sit in: the API decides, the columns say what each reads.
 */
export function SessionsList({
  title,
  create,
  columns,
  emptyText,
  intro,
}: {
  title: string;
  create?: { to: string; label: string };
  columns: readonly DataTableColumn<SessionRow>[];
  emptyText: string;
  intro?: ReactNode;
}) {
  const params = useListParams(FILTERS, BY_DATE, { column: 'date', direction: 'desc' });
  const { filters, page, per_page } = params.request;
  const result = useListCommitteeSessionsQuery({ ...(filters ? { filters: filters as { state: SessionState } } : {}), page, per_page });
  const stateId = useId();
  const perPageId = useId();
  return (
    <section className="bo-list">
      <ListHeading title={title} create={create} />
      {intro}
      <form className="bo-filters" role="search" aria-label={`Filtres : ${title}`} onSubmit={(event) => event.preventDefault()}>
        <div className="ui-field">
          <label htmlFor={stateId}>État</label>
          <select id={stateId} value={params.filterValues.etat ?? ''} onChange={(event) => params.setFilter('etat', event.target.value)}>
            <option value="">Tous</option>
            {STATE_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor={perPageId}>Lignes par page</label>
          <select id={perPageId} value={per_page} onChange={(event) => params.setPerPage(Number(event.target.value))}>
            {PER_PAGE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </div>
      </form>
      {result.error ? (
        <MessageBox kind="error">{errorText(result.error)}</MessageBox>
      ) : (
        <DataTable
          caption={title}
          columns={columns}
          rows={result.data?.data ?? []}
          rowKey={(session) => String(session.id)}
          sort={null}
          onSortChange={() => undefined}
          pagination={{ page, per_page, total: result.data?.total ?? 0 }}
          onPageChange={params.setPage}
          busy={result.isFetching}
          empty={result.isFetching && !result.data ? 'Chargement…' : params.narrowed ? 'Aucune séance dans cet état.' : emptyText}
        />
      )}
    </section>
  );
}
