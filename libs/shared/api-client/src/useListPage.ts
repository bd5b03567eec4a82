import { LIST_CSV_MAX_ROWS, parseSort, sortParam, type ListSort } from '@arrendia/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { serverMessage } from './formErrors';
import { getPage, type ResponseSchema } from './getJson';
import { errorStatus } from './http';

/** The rows a page shows unless a list asks for another size (the API's default). */
export const LIST_PAGE_SIZE = 20;

export interface ListPageSpec<T, F extends string> {
  /** The API's list, e.g. '/api/incidents': the query key's head, so invalidating it refreshes the list. */
  path: string;
  /** The array the list answers (api-contract), checked before the screen draws it. */
  schema: ResponseSchema<T[]>;
  /** The URL keys of the list's filters, the API's own names: ['status', 'priority', 'q']. */
  filters: readonly F[];
  /** The fields the list sorts by (the contract's `*_SORTS`); a `sort` in the URL outside them is ignored. */
  sorts?: readonly string[];
  pageSize?: number;
  /** Query parameters the screen fixes (a detail page's `propertyId`): sent, not in the URL. */
  fixed?: Record<string, string | number | boolean | undefined>;
  /** The prefix of this list's URL keys when a page shows two lists: 'docs' gives 'docs.page'. */
  prefix?: string;
  enabled?: boolean;
}

export interface ListPage<T, F extends string> {
  /** The page's read (ListState's): its rows once loaded. */
  read: { isPending: boolean; isError: boolean; isFetching: boolean; data?: T[]; refetch: () => unknown };
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  filters: Record<F, string>;
  filtered: boolean;
  sort: ListSort | null;
  /** Why the server refused the filters (a 400's Spanish message: 'La fecha final no puede ser anterior a la inicial'), else null. */
  refusal: string | null;
  setPage: (page: number) => void;
  setFilter: (key: F, value: string) => void;
  clearFilters: () => void;
  toggleSort: (field: string) => void;
  /** Sets the order from its query-string form ('-createdAt'); '' for the list's own order. */
  setSort: (sort: string) => void;
  /**
   * The list's CSV as the filters and order show it, every page of it ('Exportar CSV'):
   * `<path>.csv?<fixed, filters, sort>`, the API's GET /api/<list>.csv (issue 35).
   */
  csvHref: string;
  /** The most rows the CSV holds (LIST_CSV_MAX_ROWS): 'Exportar CSV' says when the list is longer. */
  csvMaxRows: number;
}

/**
 * The one hook behind every server-paged list (issue 33): page, sort and filters live in the URL's
 * query string (back, reload and a shared link give the same page), the page is fetched with them
 * and checked against the contract, and the total comes from X-Total-Count. Changing a filter or
 * the order goes back to the first page; the previous page stays on screen while the next loads.
 */
export function useListPage<T, F extends string>(spec: ListPageSpec<T, F>): ListPage<T, F> {
  const { path, schema, filters: filterKeys, sorts = [], pageSize = LIST_PAGE_SIZE, fixed = {}, prefix, enabled = true } = spec;
  const [search, setSearch] = useSearchParams();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const page = Math.max(1, Math.floor(Number(search.get(key('page')))) || 1);
  const sort = parseSort(search.get(key('sort')) ?? '', sorts);
  const filters = Object.fromEntries(filterKeys.map((name) => [name, search.get(key(name)) ?? ''])) as Record<F, string>;
  const filtered = filterKeys.some((name) => filters[name] !== '');

  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fixed)) if (value !== undefined && value !== '') params.set(name, String(value));
  for (const name of filterKeys) if (filters[name]) params.set(name, filters[name]);
  if (sort) params.set('sort', sortParam(sort));
  const csvQuery = params.toString();
  const csvHref = csvQuery ? `${path}.csv?${csvQuery}` : `${path}.csv`;
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  const url = `${path}?${params}`;
  const query = useQuery({ queryKey: [path, url], queryFn: ({ signal }) => getPage(url, schema, signal), placeholderData: keepPreviousData, enabled });

  /** Writes the list's keys (an empty value removes one) as a new history entry. */
  const write = (changes: Record<string, string>) => {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(key(name), value);
        else next.delete(key(name));
      }
      return next;
    });
  };
  const firstPage = { page: '' };
  return {
    read: { isPending: query.isPending, isError: query.isError, isFetching: query.isFetching, data: query.data?.rows, refetch: query.refetch },
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    page,
    pageSize,
    filters,
    filtered,
    sort,
    refusal: query.isError && errorStatus(query.error) === 400 ? serverMessage(query.error) : null,
    setPage: (next) => write({ page: next > 1 ? String(next) : '' }),
    setFilter: (name, value) => write({ [name]: value, ...firstPage }),
    clearFilters: () => write({ ...Object.fromEntries(filterKeys.map((name) => [name, ''])), ...firstPage }),
    toggleSort: (field) => {
      const next = sort?.field !== field ? field : sort.direction === 'asc' ? `-${field}` : '';
      write({ sort: next, ...firstPage });
    },
    setSort: (value) => write({ sort: value, ...firstPage }),
    csvHref,
    csvMaxRows: LIST_CSV_MAX_ROWS,
  };
}
