import type { CurrentUser } from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import { Button, Card, CardDescription, CardTitle, ListDateFilter, ListFilters, ListFilterSelect, ListSearch, ListSortSelect, LoadError, PagedList, PageHeader, Skeleton } from '@arrendia/ui';
import { useState } from 'react';
import { useFinancesSummary, usePropertyOptions, useTransactionCategories, useTransactionList } from './lib/api';
import { RegisterTransactionDialog } from './RegisterTransactionDialog';
import { TRANSACTION_ORDERS, TRANSACTION_TYPE_OPTIONS, TransactionItems } from './TransactionItems';
import { FigureCard, FigureGrid } from './lib/styles';

/**
 * Finanzas (/finances, spec §2): this month's figures, the transactions 10 a page, most recent first
 * (issue 33: searched, filtered by type, property, category and dates, sorted, all of it in the URL;
 * each to correct or delete with a reason), Registrar Transacción.
 */
export function FinancesScreen({ user }: { user: CurrentUser | null }) {
  const summary = useFinancesSummary();
  const transactions = useTransactionList();
  const { filters, setFilter } = transactions;
  const properties = usePropertyOptions();
  const categories = useTransactionCategories();
  const [formOpen, setFormOpen] = useState(false);

  const figures = [
    { label: 'Ingresos del Mes', value: summary.data?.income, icon: 'euro' as const },
    { label: 'Gastos del Mes', value: summary.data?.expenses, icon: 'report' as const },
    { label: 'Beneficio Neto', value: summary.data?.net, icon: 'chart' as const },
  ];

  return (
    <>
      <PageHeader
        title="Finanzas"
        description="Ingresos, gastos y beneficio de tu cartera"
        actions={<Button onClick={() => setFormOpen(true)}>Registrar Transacción</Button>}
      />
      <FigureGrid>
        {figures.map((f) => (
          <FigureCard key={f.label} aria-label={f.label} role="group">
            <span>{f.label}</span>
            {summary.isLoading ? <Skeleton height="2rem" width="60%" /> : <strong data-testid="figure-value">{summary.isError ? '—' : formatEuros(f.value)}</strong>}
          </FigureCard>
        ))}
      </FigureGrid>
      {summary.isError && (
        <LoadError variant="inline" retry={summary}>
          No se pudieron cargar las cifras del mes
        </LoadError>
      )}
      <Card>
        <CardTitle as="h2">Transacciones Recientes</CardTitle>
        <PagedList
          list={transactions}
          exportCsv
          noun="transacciones"
          variant="inline"
          loading="Cargando transacciones"
          skeleton={(busy) => (
            <div role="group" {...busy}>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height="3rem" />
              ))}
            </div>
          )}
          error="No se pudieron cargar las transacciones"
          filters={
            <ListFilters $columns="2fr repeat(3, 1fr)">
              <ListSearch label="Buscar transacciones" placeholder="Descripción…" value={filters.q} onChange={(v) => setFilter('q', v)} />
              <ListFilterSelect label="Tipo" value={filters.type} onChange={(v) => setFilter('type', v)} options={TRANSACTION_TYPE_OPTIONS} />
              <ListFilterSelect
                label="Propiedad"
                allLabel="Todas"
                value={filters.propertyId}
                onChange={(v) => setFilter('propertyId', v)}
                options={(properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }))}
              />
              <ListFilterSelect
                label="Categoría"
                allLabel="Todas"
                value={filters.categoryId}
                onChange={(v) => setFilter('categoryId', v)}
                options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.categoryName }))}
              />
              <ListDateFilter label="Desde" value={filters.from} onChange={(v) => setFilter('from', v)} />
              <ListDateFilter label="Hasta" value={filters.to} onChange={(v) => setFilter('to', v)} />
              <ListSortSelect list={transactions} options={TRANSACTION_ORDERS} />
            </ListFilters>
          }
          whenEmpty={<CardDescription>No hay transacciones registradas</CardDescription>}
        >
          {(rows) => <TransactionItems rows={rows} user={user} label="Transacciones recientes" />}
        </PagedList>
      </Card>
      <RegisterTransactionDialog open={formOpen} onOpenChange={setFormOpen} />
    </>
  );
}
