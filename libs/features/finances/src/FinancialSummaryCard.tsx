import type { CurrentUser } from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import { CardTitle, FactList, LoadError, Skeleton } from '@arrendia/ui';
import styled from 'styled-components';
import { useExpensesByCategory, useFinancesSummary } from './lib/api';
import { SectionCard } from './lib/styles';


const StyledTotal = styled.div`
  display: contents;
  dt,
  dd {
    padding-top: ${({ theme }) => theme.space.sm};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const StyledSub = styled.div`
  display: contents;
  dt {
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;

/** Owner dashboard 'Resumen Financiero': this month's income, real expenses by category, and the net. */
export function FinancialSummaryCard(_props: { user: CurrentUser | null }) {
  const summary = useFinancesSummary();
  const categories = useExpensesByCategory();
  const loading = summary.isLoading || categories.isLoading;
  const failed = summary.isError || categories.isError;
  return (
    <SectionCard as="section" aria-labelledby="financial-summary-title">
      <CardTitle id="financial-summary-title" as="h2">
        Resumen Financiero
      </CardTitle>
      {loading ? (
        Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height="1.25rem" />)
      ) : failed || !summary.data || !categories.data ? (
        <LoadError variant="inline" retry={[summary, categories]}>
          No se pudo cargar el resumen financiero
        </LoadError>
      ) : (
        <FactList $layout="rows" aria-label="Resumen financiero del mes">
          <dt>Ingresos del mes</dt>
          <dd>{formatEuros(summary.data.income)}</dd>
          <dt>Gastos del mes</dt>
          <dd>{formatEuros(summary.data.expenses)}</dd>
          {categories.data.map((c) => (
            <StyledSub key={c.categoryName}>
              <dt>{c.categoryName}</dt>
              <dd>{formatEuros(c.total)}</dd>
            </StyledSub>
          ))}
          {categories.data.length === 0 && (
            <StyledSub>
              <dt>Sin gastos este mes</dt>
              <dd>{formatEuros(0)}</dd>
            </StyledSub>
          )}
          <StyledTotal>
            <dt>Beneficio neto</dt>
            <dd data-testid="summary-net">{formatEuros(summary.data.net)}</dd>
          </StyledTotal>
        </FactList>
      )}
    </SectionCard>
  );
}
