import { TRANSACTION_TYPES, type CurrentUser, type TransactionListItem } from '@arrendia/api-contract';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { Badge, Icon, MutedRow } from '@arrendia/ui';
import styled from 'styled-components';
import { TransactionRowActions } from './TransactionActions';
import { movementName } from './TransactionFields';

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

/** The orders a movements list offers (api-contract TRANSACTION_SORTS); its own is the most recent first. */
export const TRANSACTION_ORDERS = [
  { value: 'transactionDate', label: 'Más antiguas primero' },
  { value: '-amount', label: 'Importe (mayor primero)' },
  { value: 'amount', label: 'Importe (menor primero)' },
] as const;

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

/** A movements list's type filter: Ingreso, Gasto. */
export const TRANSACTION_TYPE_OPTIONS = TRANSACTION_TYPES.map((value) => ({ value, label: value }));

/** A page of movements as a list named `label`, each row with its actions. */
export function TransactionItems({ rows, user, label }: { rows: readonly TransactionListItem[]; user: CurrentUser | null; label: string }) {
  return (
    <StyledList aria-label={label}>
      {rows.map((item) => (
        <TransactionRow key={item.transaction.id} item={item} user={user} />
      ))}
    </StyledList>
  );
}
