// @vitest-environment happy-dom
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, render, textOf } from '../testing/render.js';
import { DataTable, type DataTableColumn, type DataTablePage, type DataTableSort } from './data-table.js';

afterEach(() => {
  document.body.innerHTML = '';
});

interface Request {
  id: number;
  name: string;
  city: string;
  rent: number;
}

const COLUMNS: DataTableColumn<Request>[] = [
  { id: 'name', header: 'Nom', cell: (row) => row.name, sortable: true },
  { id: 'city', header: 'Commune', cell: (row) => row.city },
  { id: 'rent', header: 'Loyer', cell: (row) => `${row.rent} €`, sortable: true, numeric: true },
];

const ROWS: Request[] = [
  { id: 1, name: 'Peio Arrieta', city: 'Anglet', rent: 812 },
  { id: 2, name: 'Maddi Goyhenetche', city: 'Bayonne', rent: 745 },
];

function table(props: { rows?: Request[]; sort?: DataTableSort | null; pagination?: DataTablePage; onSortChange?: () => void; onPageChange?: () => void }) {
  return (
    <DataTable
      caption="Demandes de logement"
      columns={COLUMNS}
      rows={props.rows ?? ROWS}
      rowKey={(row) => String(row.id)}
      sort={props.sort ?? null}
      onSortChange={props.onSortChange ?? (() => undefined)}
      pagination={props.pagination ?? { page: 2, per_page: 2, total: 9 }}
      onPageChange={props.onPageChange ?? (() => undefined)}
      empty="Aucune demande pour le moment."
    />
  );
}

const header = (container: HTMLElement, name: string) => Array.from(container.querySelectorAll('th')).find((th) => textOf(th).startsWith(name))!;
const button = (container: HTMLElement, name: string) => Array.from(container.querySelectorAll('button')).find((each) => textOf(each) === name)!;

describe('data table', () => {
  it('shows its caption, its rows, and the sort it was given on the sortable columns', () => {
    const { container } = render(table({ sort: { column: 'rent', direction: 'desc' } }));
    expect(textOf(container.querySelector('caption'))).toBe('Demandes de logement');
    expect(Array.from(container.querySelectorAll<HTMLTableRowElement>('tbody tr')).map((row) => Array.from(row.cells).map((cell) => textOf(cell)))).toEqual([
      ['Peio Arrieta', 'Anglet', '812 €'],
      ['Maddi Goyhenetche', 'Bayonne', '745 €'],
    ]);
    expect(header(container, 'Loyer').getAttribute('aria-sort')).toBe('descending');
    expect(header(container, 'Nom').getAttribute('aria-sort')).toBeNull();
    // Only sortable columns offer a button.
    expect(header(container, 'Nom').querySelector('button')).not.toBeNull();
    expect(header(container, 'Commune').querySelector('button')).toBeNull();
  });

  it('asks for a column sorted up first, then flips its direction', () => {
    const onSortChange = vi.fn();
    const { container, rerender } = render(table({ sort: { column: 'rent', direction: 'desc' }, onSortChange }));
    click(header(container, 'Nom').querySelector('button')!);
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'asc' });
    click(header(container, 'Loyer').querySelector('button')!);
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'rent', direction: 'asc' });
    rerender(table({ sort: { column: 'name', direction: 'asc' }, onSortChange }));
    expect(header(container, 'Nom').getAttribute('aria-sort')).toBe('ascending');
    click(header(container, 'Nom').querySelector('button')!);
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'desc' });
  });

  it('says which page it shows and asks for the previous and next ones, never beyond the first or the last', () => {
    const onPageChange = vi.fn();
    const { container, rerender } = render(table({ pagination: { page: 2, per_page: 2, total: 9 }, onPageChange }));
    expect(textOf(container.querySelector('nav p'))).toBe('9 résultats · Page 2 sur 5');
    click(button(container, 'Précédente'));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    click(button(container, 'Suivante'));
    expect(onPageChange).toHaveBeenLastCalledWith(3);

    rerender(table({ pagination: { page: 1, per_page: 2, total: 9 }, onPageChange }));
    expect(button(container, 'Précédente').disabled).toBe(true);
    rerender(table({ pagination: { page: 5, per_page: 2, total: 9 }, onPageChange }));
    expect(button(container, 'Suivante').disabled).toBe(true);
    expect(textOf(container.querySelector('nav p'))).toBe('9 résultats · Page 5 sur 5');

    rerender(table({ pagination: { page: 1, per_page: 20, total: 2 }, onPageChange }));
    expect(textOf(container.querySelector('nav'))).toBe('2 résultats');
    expect(container.querySelectorAll('nav button')).toHaveLength(0);
  });

  it('says when there is nothing to list, without pages', () => {
    const { container } = render(table({ rows: [], pagination: { page: 1, per_page: 20, total: 0 } }));
    const cell = container.querySelector('tbody td')!;
    expect(textOf(cell)).toBe('Aucune demande pour le moment.');
    expect(cell.getAttribute('colspan')).toBe('3');
    expect(container.querySelector('nav')).toBeNull();
  });

  it('passes axe-core’s accessibility rules', async () => {
    const { container } = render(table({ sort: { column: 'name', direction: 'asc' } }));
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
  });
});
