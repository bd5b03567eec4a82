import type { CurrentUser, TransactionListItem } from '@arrendia/api-contract';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { Badge, Button, Card, CardTitle, Icon, ListState, LoadError, MutedRow, PageHeader, Skeleton } from '@arrendia/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { RECENT_TRANSACTIONS, useFinancesSummary, useRecentTransactions } from './lib/api';
import { RegisterTransactionDialog } from './RegisterTransactionDialog';
import { TransactionRowActions } from './TransactionActions';
import { movementName } from './TransactionFields';
import { FigureCard, FigureGrid } from './lib/styles';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
`;

const StyledItem = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child {
    border-top: 0;
  }
`;

const StyledTypeIcon = styled.span<{ $income: boolean }>`
  display: inline-flex;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme, $income }) => theme.tones[$income ? 'green' : 'red'].background};
  color: ${({ theme, $income }) => theme.tones[$income ? 'green' : 'red'].text};
`;

const StyledAmount = styled.span<{ $income: boolean }>`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $income }) => ($income ? theme.colors.successText : theme.colors.dangerText)};
  white-space: nowrap;
`;

const StyledEnd = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

/** '+1.234,56 €' for an Ingreso, '−310,45 €' for a Gasto. */
export function signedAmount(item: TransactionListItem['transaction']): string {
  return `${item.type === 'Ingreso' ? '+' : '−'}${formatEuros(item.amount)}`;
}

/** One movement: its type, name, date, category and signed amount; 'Editar' and 'Eliminar' for whoever may write transactions. */
function TransactionRow({ item, user }: { item: TransactionListItem; user: CurrentUser | null }) {
  const income = item.transaction.type === 'Ingreso';
  return (
    <StyledItem data-testid="transaction-row">
      <StyledTypeIcon $income={income}>
        <Icon name={income ? 'euro' : 'report'} label={item.transaction.type} size={18} />
      </StyledTypeIcon>
      <div>
        <div>{movementName(item.transaction, item.category?.categoryName)}</div>
        <MutedRow>
          <span>{formatDate(item.transaction.transactionDate)}</span>
          {item.category && <Badge>{item.category.categoryName}</Badge>}
        </MutedRow>
      </div>
      <StyledEnd>
        <StyledAmount $income={income}>{signedAmount(item.transaction)}</StyledAmount>
        <TransactionRowActions user={user} item={item} />
      </StyledEnd>
    </StyledItem>
  );
}

/**
 * Finanzas (/finances, spec §2): this month's figures, the 10 most recent transactions (each to
 * correct or delete with a reason, issue 33), Registrar Transacción.
 */
export function FinancesScreen({ user }: { user: CurrentUser | null }) {
  const summary = useFinancesSummary();
  const recent = useRecentTransactions();
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
        <ListState
          read={recent}
          variant="inline"
          loading="Cargando transacciones"
          height="3rem"
          error="No se pudieron cargar las transacciones"
          empty={!recent.data?.length}
          whenEmpty={<p>No hay transacciones registradas</p>}
        >
          {(data) => (
            <StyledList aria-label="Transacciones recientes">
              {data.slice(0, RECENT_TRANSACTIONS).map((item) => (
                <TransactionRow key={item.transaction.id} item={item} user={user} />
              ))}
            </StyledList>
          )}
        </ListState>
      </Card>
      <RegisterTransactionDialog open={formOpen} onOpenChange={setFormOpen} />
    </>
  );
}
