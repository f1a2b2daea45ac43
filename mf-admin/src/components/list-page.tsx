import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PER_PAGE_CHOICES } from '@hsa-lli/common/back-office';
import { DataTable, type DataTableColumn, type RowData } from '@hsa-lli/common/data-table';
import type { Option } from '@hsa-lli/common/domain';
import type { ApiError } from '@hsa-lli/common/store';
import { errorText } from '@hsa-lli/common/store';
import { MessageBox } from '@hsa-lli/common/ui';
import type { ListParams } from './list-params.js';
import './back-office.css';

export interface ListFilter {
  /** Its parameter in the address, and its name in the request's filters. */
  name: string;
  label: string;
  options: readonly Option[];
  /** The choice that filters nothing: « Tous », or « Toutes » for a feminine noun (« Commune »). */
  all?: 'Tous' | 'Toutes';
}

export interface ListPageProps<Row extends RowData, Column extends string> {
  title: string;
  create?: { to: string; label: string };
  /** What else the page offers on its list, beside its title (the files' exports). */
  actions?: ReactNode;
  /** « Rechercher une résidence » — what the search box looks into is said in its hint. */
  searchLabel: string;
  searchHint: string;
  params: ListParams<Column>;
  filters: readonly ListFilter[];
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The list call's state (an RTK Query result). */
  result: { data?: { data: Row[]; total: number }; isFetching: boolean; error?: unknown };
  /** « Aucune résidence pour le moment. » */
  emptyText: string;
}

/** A list page's title, with its creation link and what else it offers beside it. */
export function ListHeading({ title, create, actions }: Pick<ListPageProps<RowData, string>, 'title' | 'create' | 'actions'>) {
  return (
    <div className="bo-heading">
      <h1>{title}</h1>
      {create && (
        <Link className="ui-button" to={create.to}>
          {create.label}
        </Link>
      )}
      {actions}
    </div>
  );
}

/**
 * A back-office list: its title and creation link, a search box, filters, then the table, sortable and paged by
 * the server. Everything that narrows the list is in the address (useListParams).
 */
export function ListPage<Row extends RowData, Column extends string>({
  title,
  create,
  actions,
  searchLabel,
  searchHint,
  params,
  filters,
  columns,
  rowKey,
  result,
  emptyText,
}: ListPageProps<Row, Column>) {
  const searchId = useId();
  // What is typed in the box, until the address's search changes otherwise (back button, reset).
  const [typed, setTyped] = useState({ over: params.search, text: params.search });
  const search = typed.over === params.search ? typed.text : params.search;
  const setSearch = (text: string) => setTyped({ over: params.search, text });
  const rows = result.data?.data ?? [];
  const total = result.data?.total ?? 0;

  return (
    <section className="bo-list">
      <ListHeading title={title} create={create} actions={actions} />
      <form
        className="bo-filters"
        role="search"
        aria-label={`Filtres : ${title}`}
        onSubmit={(event) => {
          event.preventDefault();
          params.setSearch(search);
        }}
      >
        <div className="ui-field bo-filters__search">
          <label htmlFor={searchId}>{searchLabel}</label>
          <div className="bo-filters__search-row">
            <input id={searchId} type="search" value={search} maxLength={100} aria-describedby={`${searchId}-hint`} onChange={(event) => setSearch(event.target.value)} />
            <button type="submit" className="ui-button ui-button--secondary">
              Rechercher
            </button>
          </div>
          <p id={`${searchId}-hint`} className="ui-field__hint">
            {searchHint}
          </p>
        </div>
        {filters.map((filter) => (
          <FilterSelect key={filter.name} filter={filter} value={params.filterValues[filter.name] ?? ''} onChange={(value) => params.setFilter(filter.name, value)} />
        ))}
        <PerPageSelect value={params.request.per_page} onChange={params.setPerPage} />
        {params.narrowed && (
          <button type="button" className="ui-button ui-button--secondary bo-filters__reset" onClick={params.reset}>
            Tout afficher
          </button>
        )}
      </form>
      {result.error ? (
        <MessageBox kind="error">{errorText(result.error as ApiError)}</MessageBox>
      ) : (
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          sort={params.request.sort}
          onSortChange={(sort) => params.setSort(sort as { column: Column; direction: 'asc' | 'desc' })}
          pagination={{ page: params.request.page, per_page: params.request.per_page, total }}
          onPageChange={params.setPage}
          busy={result.isFetching}
          empty={result.isFetching && !result.data ? 'Chargement…' : params.narrowed ? 'Aucun résultat pour cette recherche et ces filtres.' : emptyText}
        />
      )}
    </section>
  );
}

function FilterSelect({ filter, value, onChange }: { filter: ListFilter; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="ui-field">
      <label htmlFor={id}>{filter.label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{filter.all ?? 'Tous'}</option>
        {filter.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function PerPageSelect({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="ui-field">
      <label htmlFor={id}>Lignes par page</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {PER_PAGE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}
