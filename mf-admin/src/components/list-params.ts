import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, PER_PAGE_CHOICES, type ListRequest, type ListSort } from '@hsa-lli/common/back-office';

/** The address parameters of a list besides its filters: one place, so that every list reads the same. */
const SEARCH = 'recherche';
const SORT = 'tri';
const DIRECTION = 'ordre';
const PAGE = 'page';
const PER_PAGE = 'par-page';

/**
 * How a list reads its filters from the address: each parameter turned into the request's value, under the API's
 * name when the address uses another one (`{ api: 'status', parse }` for `?statut=`).
 */
export type FilterParsers = Record<string, ((raw: string) => unknown) | { api: string; parse: (raw: string) => unknown }>;

export interface ListParams<Column extends string> {
  /** What the API is asked: `POST /api/<entity>/list`. */
  request: ListRequest<Column> & { sort: ListSort<Column>; page: number; per_page: number };
  /** The raw filter values (for the filter fields), '' when not set. */
  filterValues: Record<string, string>;
  search: string;
  setSearch: (search: string) => void;
  setFilter: (name: string, value: string) => void;
  setSort: (sort: ListSort<Column>) => void;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  /** Whether anything narrows the list (for the empty state's wording and the reset button). */
  narrowed: boolean;
  reset: () => void;
}

/** Keeps only the filter values the parser accepts (a hand-edited address is never sent as is). */
function parsedFilters(params: URLSearchParams, parsers: FilterParsers): Record<string, unknown> | undefined {
  const filters: Record<string, unknown> = {};
  for (const [name, parser] of Object.entries(parsers)) {
    const raw = params.get(name);
    if (raw === null || raw === '') continue;
    const { api, parse } = typeof parser === 'function' ? { api: name, parse: parser } : parser;
    const value = parse(raw);
    if (value !== undefined) filters[api] = value;
  }
  return Object.keys(filters).length > 0 ? filters : undefined;
}

/**
 * A back-office list's search, filters, sort and page, kept in the address (`?recherche=…&statut=…&tri=…&page=2`):
 * a view can be shared, bookmarked, and survives a reload. Changing the search or a filter goes back to page 1.
 */
export function useListParams<Column extends string>(parsers: FilterParsers, columns: readonly Column[], defaultSort: ListSort<Column>): ListParams<Column> {
  const [params, setParams] = useSearchParams();
  const { key, pathname } = useLocation();
  const navigation = useNavigation();
  /**
   * The address the list last asked for, until the router shows it (or another one). The router loads an address
   * before the list sees it, which can take a while: a second change made meanwhile (a filter chosen just after
   * « Tout afficher ») builds on the address asked for, or the first change would be lost. Should the router be on its
   * way to another address of the list instead (the browser's back button), the change builds on that one.
   */
  const asked = useRef<URLSearchParams | null>(null);
  useLayoutEffect(() => {
    asked.current = null;
  }, [key]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const going = navigation.location?.pathname === pathname ? new URLSearchParams(navigation.location.search) : null;
      const own = asked.current !== null && (going === null || going.toString() === asked.current.toString()) ? asked.current : null;
      const next = new URLSearchParams(own ?? going ?? params);
      change(next);
      asked.current = next;
      void setParams(next, { preventScrollReset: true });
    },
    [navigation.location, pathname, params, setParams],
  );

  return useMemo(() => {
    const search = params.get(SEARCH)?.trim() ?? '';
    const column = params.get(SORT) as Column | null;
    const sort: ListSort<Column> =
      column && columns.includes(column) ? { column, direction: params.get(DIRECTION) === 'desc' ? 'desc' : 'asc' } : defaultSort;
    const page = Math.max(1, Math.trunc(Number(params.get(PAGE))) || 1);
    const perPageAsked = Number(params.get(PER_PAGE));
    const perPage = (PER_PAGE_CHOICES as readonly number[]).includes(perPageAsked) ? perPageAsked : DEFAULT_PER_PAGE;
    const filters = parsedFilters(params, parsers);
    const filterValues = Object.fromEntries(Object.keys(parsers).map((name) => [name, params.get(name) ?? '']));
    const firstPage = (next: URLSearchParams) => next.delete(PAGE);
    return {
      request: { ...(search ? { search } : {}), ...(filters ? { filters } : {}), sort, page, per_page: perPage },
      filterValues,
      search,
      setSearch: (value) =>
        update((next) => {
          if (value.trim()) next.set(SEARCH, value.trim());
          else next.delete(SEARCH);
          firstPage(next);
        }),
      setFilter: (name, value) =>
        update((next) => {
          if (value) next.set(name, value);
          else next.delete(name);
          firstPage(next);
        }),
      setSort: (next) =>
        update((params) => {
          params.set(SORT, next.column);
          params.set(DIRECTION, next.direction);
          firstPage(params);
        }),
      setPage: (value) => update((next) => (value > 1 ? next.set(PAGE, String(value)) : next.delete(PAGE))),
      setPerPage: (value) =>
        update((next) => {
          next.set(PER_PAGE, String(value));
          firstPage(next);
        }),
      narrowed: search !== '' || filters !== undefined,
      reset: () =>
        update((next) => {
          for (const name of [SEARCH, PAGE, ...Object.keys(parsers)]) next.delete(name);
        }),
    };
    // The parsers and columns are module constants of each page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, update]);
}

/** Filter parsers: a value among a list, an id, a yes/no. */
export const oneOfParam =
  <Value extends string>(values: readonly Value[]) =>
  (raw: string): Value | undefined =>
    (values as readonly string[]).includes(raw) ? (raw as Value) : undefined;

export const idParam = (raw: string): number | undefined => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined);

export const yesNoParam = (raw: string): boolean | undefined => (raw === 'oui' ? true : raw === 'non' ? false : undefined);

export const YES_NO_OPTIONS = [
  { value: 'oui', label: 'Oui' },
  { value: 'non', label: 'Non' },
] as const;
