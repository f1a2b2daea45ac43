/**
 * A table of rows the server sorts and pages, with its own entry (@hsa-lli/common/data-table) rather than in the UI
 * kit's barrel: @tanstack/react-table stays out of the pages that show no table. Its styles are in ui.css.
 *
 * Sort and page are the page's (it keeps them in the address): the table shows them and asks for others.
 */
import { useId, useMemo, type ReactNode } from 'react';
import {
  functionalUpdate,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { formatNumber } from '../domain/format.js';

/** What a row may be: an object of the list's answer. */
export type { RowData };

export interface DataTableColumn<Row> {
  /** The column's name, and the sort key the server is asked for. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Amounts and counts line up on the right. */
  numeric?: boolean;
}

export interface DataTableSort {
  column: string;
  direction: 'asc' | 'desc';
}

/** The page shown, as the server's lists give it: `page` counts from 1. */
export interface DataTablePage {
  page: number;
  per_page: number;
  total: number;
}

export interface DataTableProps<Row extends RowData> {
  /** Says what the table lists (shown above it, and its name for screen readers). */
  caption: ReactNode;
  /** Kept stable (at module scope, or memoised) so that the table is not rebuilt at each render. */
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort: DataTableSort | null;
  onSortChange: (sort: DataTableSort) => void;
  pagination: DataTablePage;
  onPageChange: (page: number) => void;
  /** What to say when there is no row: « Aucune demande pour le moment. » */
  empty: ReactNode;
  /** While the next rows are on their way. */
  busy?: boolean;
}

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function DataTable<Row extends RowData>({ caption, columns, rows, rowKey, sort, onSortChange, pagination, onPageChange, empty, busy }: DataTableProps<Row>) {
  const captionId = useId();
  const definitions = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<typeof features, Row> => ({
          id: column.id,
          header: column.header,
          // The server sorts: the accessor only makes the column one of data, which tanstack lets be sorted.
          accessorFn: (row) => row,
          cell: (context) => column.cell(context.row.original),
          enableSorting: column.sortable ?? false,
        }),
      ),
    [columns],
  );
  const sorting: SortingState = sort ? [{ id: sort.column, desc: sort.direction === 'desc' }] : [];
  const paging: PaginationState = { pageIndex: pagination.page - 1, pageSize: pagination.per_page };
  const table = useTable({
    features,
    columns: definitions,
    data: rows as Row[],
    getRowId: (row) => rowKey(row),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    rowCount: pagination.total,
    state: { sorting, pagination: paging },
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      if (next) onSortChange({ column: next.id, direction: next.desc ? 'desc' : 'asc' });
    },
    onPaginationChange: (updater) => onPageChange(functionalUpdate(updater, paging).pageIndex + 1),
  });
  const pages = Math.max(1, table.getPageCount());
  const headers = table.getHeaderGroups().at(-1)?.headers ?? [];
  const numeric = (id: string) => (columns.find((column) => column.id === id)?.numeric ? 'ui-table__numeric' : undefined);

  return (
    <div className="ui-table">
      {/* Focusable, so that a keyboard can scroll a table wider than a phone. */}
      <div className="ui-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table aria-busy={busy || undefined}>
          <caption id={captionId}>{caption}</caption>
          <thead>
            <tr>
              {headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th key={header.id} scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined} className={numeric(header.column.id)}>
                    {header.column.getCanSort() ? (
                      // A column sorts up first, then flips at each click.
                      <button type="button" className="ui-table__sort" onClick={() => header.column.toggleSorting(sorted === 'asc')}>
                        <table.FlexRender header={header} />
                        <span className="ui-table__sort-icon" aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="ui-table__empty" colSpan={columns.length}>
                  {empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={numeric(cell.column.id)}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pagination.total > 0 && (
        <nav className="ui-table__pagination" aria-label="Pages du tableau">
          <p className="ui-table__count" aria-live="polite">
            {pagination.total === 1 ? '1 résultat' : `${formatNumber(pagination.total)} résultats`}
            {pages > 1 && ` · Page ${pagination.page} sur ${pages}`}
          </p>
          {pages > 1 && (
            <div className="ui-table__pages">
              <button type="button" className="ui-button ui-button--secondary ui-button--small" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
                Précédente
              </button>
              <button type="button" className="ui-button ui-button--secondary ui-button--small" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
                Suivante
              </button>
            </div>
          )}
        </nav>
      )}
    </div>
  );
}
