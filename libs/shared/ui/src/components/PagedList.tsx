import { type ReactNode, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { Button } from './Button';
import { Card, CardDescription, CardTitle } from './Card';
import { ExportCsvLink } from './ExportCsvLink';
import { FilterBar } from './Layout';
import { ListState, type ListBusyProps, type ListRead } from './ListState';
import { Pager } from './Pager';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

/** A list's order: one field, ascending or descending (api-contract ListSort). */
export interface PagedListSort {
  field: string;
  direction: 'asc' | 'desc';
}

/**
 * What PagedList needs of a server-paged list: the read of the page's rows, where the page is, and
 * whether filters narrow it. `useListPage` (api-client) returns it, with the state in the URL.
 */
export interface PagedListState<T> {
  read: ListRead<T[]>;
  page: number;
  pageSize: number;
  /** The filtered list's total (the server's X-Total-Count). */
  total: number;
  setPage: (page: number) => void;
  /** Whether any filter narrows the list (the empty result then offers to clear them). */
  filtered: boolean;
  clearFilters: () => void;
  sort: PagedListSort | null;
  /** Why the server refused the filters (a 400's message), shown instead of the load error. */
  refusal?: string | null;
  /** Sorts by `field`: ascending first, then descending, then back to the list's own order. */
  toggleSort: (field: string) => void;
  /** The list's CSV under its filters and order (useListPage's): what 'Exportar CSV' downloads. */
  csvHref?: string;
  /** The most rows that CSV holds: past it, 'Exportar CSV' says the file stops there. */
  csvMaxRows?: number;
}

export interface PagedListProps<T> {
  list: PagedListState<T>;
  /** What the list holds, in the plural: 'incidencias' names the pager ('Páginas de incidencias'). */
  noun: string;
  /** The busy placeholder's name and the load error's sentence. */
  loading: string;
  error: ReactNode;
  /** A placeholder shaped like the list (ListState's `skeleton`). */
  skeleton?: (busy: ListBusyProps) => ReactNode;
  /** 'inline' for a list inside a card that stays (a panel): placeholder rows and an error line, not cards of their own. */
  variant?: 'card' | 'inline';
  /** The filter fields above the list (FilterBar with ListSearch, ListFilterSelect…). */
  filters?: ReactNode;
  /** Offers 'Exportar CSV' above the rows: the whole list under its filters and order (`list.csvHref`, issue 35). */
  exportCsv?: boolean;
  /** What an unfiltered empty list says (a card with its own call to action). */
  whenEmpty: ReactNode;
  /** The page's rows, drawn by the screen (a DataTable, a list of cards). */
  children: (rows: T[]) => ReactNode;
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
`;

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

/** Shown when the filters leave nothing: the list has rows, just none of these. */
function NoMatches({ clear }: { clear: () => void }) {
  return (
    <Card role="status">
      <CardTitle as="h2">Ningún resultado con estos filtros</CardTitle>
      <CardDescription>Prueba con otros filtros o quítalos para ver toda la lista.</CardDescription>
      <div>
        <Button variant="outline" onClick={clear}>
          Quitar filtros
        </Button>
      </div>
    </Card>
  );
}

/**
 * The one list every table of the portals uses (issue 33): its filters, the read (placeholder,
 * error, empty), the page's rows and the pager ('Mostrando 21–40 de 137'). An empty result under
 * filters says so and offers 'Quitar filtros'; `exportCsv` adds 'Exportar CSV' of the whole list.
 * The state (page, sort, filters) lives in the URL, kept by `useListPage`, so back, reload and a
 * shared link give the same page.
 */
export function PagedList<T>({ list, noun, loading, error, skeleton, variant, filters, exportCsv = false, whenEmpty, children }: PagedListProps<T>) {
  const rows = list.read.data ?? [];
  return (
    <Section data-list="paged" aria-label={`Lista de ${noun}`}>
      {filters}
      {exportCsv && list.csvHref && (
        <Toolbar>
          <ExportCsvLink href={list.csvHref} size="sm" total={list.total} maxRows={list.csvMaxRows} />
        </Toolbar>
      )}
      <ListState
        read={list.read}
        loading={loading}
        skeleton={skeleton}
        variant={variant}
        error={list.refusal ?? error}
        empty={rows.length === 0 && list.page === 1}
        whenEmpty={list.filtered ? <NoMatches clear={list.clearFilters} /> : whenEmpty}
      >
        {rows.length === 0 ? (
          // A page past the end (a shared link after rows were deleted): back to the first.
          <Card role="status">
            <CardDescription>Esta página ya no tiene filas.</CardDescription>
            <div>
              <Button variant="outline" onClick={() => list.setPage(1)}>
                Ir a la primera página
              </Button>
            </div>
          </Card>
        ) : (
          children(rows)
        )}
      </ListState>
      {!list.read.isPending && !list.read.isError && <Pager page={list.page} total={list.total} pageSize={list.pageSize} onPageChange={list.setPage} label={`Páginas de ${noun}`} />}
    </Section>
  );
}

const SortButton = styled.button`
  all: unset;
  cursor: pointer;
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: center;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/** A column header that sorts the list by `field`, announcing its order (aria-sort). */
export function SortHeader({ list, field, children, align }: { list: Pick<PagedListState<unknown>, 'sort' | 'toggleSort'>; field: string; children: ReactNode; align?: 'end' }) {
  const direction = list.sort?.field === field ? list.sort.direction : null;
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    <th aria-sort={ariaSort} data-align={align}>
      <SortButton type="button" onClick={() => list.toggleSort(field)}>
        {children}
        <span aria-hidden="true">{direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}</span>
      </SortButton>
    </th>
  );
}

/** The sort choices of a list drawn as cards (no column headers): 'Ordenar por'. */
export function ListSortSelect({ list, options, label = 'Ordenar por' }: { list: Pick<PagedListState<unknown>, 'sort' | 'toggleSort'> & { setSort: (sort: string) => void }; options: readonly { value: string; label: string }[]; label?: string }) {
  const current = list.sort ? `${list.sort.direction === 'desc' ? '-' : ''}${list.sort.field}` : DEFAULT_ORDER;
  return <SelectField label={label} value={current} onValueChange={(value) => list.setSort(value === DEFAULT_ORDER ? '' : value)} options={[{ value: DEFAULT_ORDER, label: 'Predeterminado' }, ...options]} />;
}

/** A select's "no filter" item (a Radix item cannot have '' as its value). */
const ALL = '__todos';
const DEFAULT_ORDER = '__defecto';

/** A filter chosen from a few values; 'Todos' (or `allLabel`) clears it. `error`: why its value is refused. */
export function ListFilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel = 'Todos',
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
  error?: string;
}) {
  // A value from the URL stays visible even when the options do not list it.
  const all = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return <SelectField label={label} value={value || ALL} onValueChange={(next) => onChange(next === ALL ? '' : next)} options={[{ value: ALL, label: allLabel }, ...all]} error={error} />;
}

/** How long a list's search waits for the typing to stop before it filters. */
export const LIST_SEARCH_DELAY_MS = 300;

/** The list's free-text filter: applied once the typing stops, and emptied when the filters are cleared. */
export function ListSearch({ label = 'Buscar', value, onChange, placeholder, error }: { label?: string; value: string; onChange: (value: string) => void; placeholder?: string; error?: string }) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), LIST_SEARCH_DELAY_MS);
  const apply = useRef(onChange);
  apply.current = onChange;
  useEffect(() => {
    if (settled !== value) apply.current(settled);
    // Only a settled change of the text filters, not a change of the URL by other means.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  // 'Quitar filtros', back or a link change the value: the field follows.
  const shown = useRef(value);
  useEffect(() => {
    if (value !== shown.current && value !== text.trim()) setText(value);
    shown.current = value;
  }, [value, text]);
  return <TextField type="search" label={label} value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} error={error} />;
}

/** A date filter (Desde / Hasta) as an ISO day. */
export function ListDateFilter({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  return <TextField type="date" label={label} value={value} onChange={(e) => onChange(e.target.value)} error={error} />;
}

export { FilterBar as ListFilters };
