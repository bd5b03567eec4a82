import type { CurrentUser } from '@arrendia/api-contract';
import { CardDescription, ListDateFilter, ListFilters, ListFilterSelect, ListSortSelect, PagedList } from '@arrendia/ui';
import { usePropertyMovements } from './lib/api';
import { TRANSACTION_ORDERS, TRANSACTION_TYPE_OPTIONS, TransactionItems } from './TransactionItems';

/**
 * Every movement of one property (its detail's 'Movimientos', issue 33): paged on the server,
 * filtered by type and dates, sorted, each row with 'Editar' and 'Eliminar' for whoever may write
 * transactions; the state in the URL under 'movimientos.'.
 */
export function PropertyMovements({ user, propertyId }: { user: CurrentUser | null; propertyId: number }) {
  const movements = usePropertyMovements(propertyId);
  const { filters, setFilter } = movements;
  return (
    <PagedList
      list={movements}
      exportCsv
      noun="movimientos"
      variant="inline"
      loading="Cargando movimientos"
      error="No se pudieron cargar los movimientos"
      filters={
        <ListFilters $columns="repeat(2, minmax(0, 1fr))">
          <ListFilterSelect label="Tipo de movimiento" value={filters.type} onChange={(v) => setFilter('type', v)} options={TRANSACTION_TYPE_OPTIONS} />
          <ListSortSelect list={movements} options={TRANSACTION_ORDERS} />
          <ListDateFilter label="Movimientos desde" value={filters.from} onChange={(v) => setFilter('from', v)} />
          <ListDateFilter label="Movimientos hasta" value={filters.to} onChange={(v) => setFilter('to', v)} />
        </ListFilters>
      }
      whenEmpty={<CardDescription>Sin movimientos.</CardDescription>}
    >
      {(rows) => <TransactionItems rows={rows} user={user} label="Movimientos de la propiedad" />}
    </PagedList>
  );
}
