import { FINANCIAL_ANALYSIS_MONTHS, type CurrentUser, type PropertyFinances } from '@arrendia/api-contract';
import { formatEuros, sumMoney } from '@arrendia/locale-es';
import { Button, CardTitle, ListState, LoadError, Skeleton } from '@arrendia/ui';
import styled from 'styled-components';
import { useFinancesByProperty, useFinancesMonthly } from './lib/api';
import { downloadCsv, monthlyCsv } from './lib/csv';
import { profitTone, roi, roiBarTone, roiBarWidth } from './lib/financeRules';
import { analysisFrom, currentMonth, longMonthLabel } from './lib/months';
import { CardHeaderRow, FigureCard, FigureGrid, SectionCard } from './lib/styles';
import type { StatusTone } from '@arrendia/ui';

/** Spec §9: from the first day of the month six months ago to today — six months and the current one. */
const WINDOW_MONTHS = FINANCIAL_ANALYSIS_MONTHS + 1;

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const StyledLine = styled.li`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  flex-wrap: wrap;
  span {
    font-variant-numeric: tabular-nums;
  }
`;

const StyledProperty = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledMuted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledProfit = styled.span<{ $tone: StatusTone }>`
  color: ${({ theme, $tone }) => theme.tones[$tone].text};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const StyledTrack = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;

const StyledBar = styled.div<{ $tone: StatusTone }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $tone }) => theme.tones[$tone].text};
`;

const H3 = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  margin: ${({ theme }) => theme.space.md} 0 0;
`;

function PropertyProfitability({ item }: { item: PropertyFinances }) {
  const value = roi(item.profit, item.income);
  const width = roiBarWidth(value);
  return (
    <StyledProperty data-testid="property-roi">
      <StyledLine as="div">
        <strong>{item.propertyName}</strong>
        <span>ROI {value.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %</span>
      </StyledLine>
      <StyledLine as="div">
        <StyledMuted>{item.address}</StyledMuted>
        <StyledProfit $tone={profitTone(item.profit)} data-tone={profitTone(item.profit)}>
          {formatEuros(item.profit)}
        </StyledProfit>
      </StyledLine>
      <StyledTrack role="progressbar" aria-label={`Rentabilidad de ${item.propertyName}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={width}>
        <StyledBar $tone={roiBarTone(value)} data-tone={roiBarTone(value)} style={{ width: `${width}%` }} />
      </StyledTrack>
    </StyledProperty>
  );
}

/**
 * The financial analysis view (spec §2, §9): Ingresos Totales, Gastos Totales and Beneficio Neto
 * since the first day of the month six months ago, the months of that window with Exportar (CSV),
 * and 'Rentabilidad por Propiedad'.
 */
export function FinancialAnalysisCard(_props: { user: CurrentUser | null }) {
  const from = analysisFrom();
  const monthly = useFinancesMonthly(WINDOW_MONTHS);
  const byProperty = useFinancesByProperty(from);
  const months = monthly.data ?? [];
  const totals = {
    income: sumMoney(months.map((m) => m.income)),
    expenses: sumMoney(months.map((m) => m.expenses)),
    net: sumMoney(months.map((m) => m.net)),
  };

  return (
    <SectionCard as="section" aria-labelledby="financial-analysis-title">
      <CardHeaderRow>
        <CardTitle id="financial-analysis-title" as="h2">
          Análisis Financiero
        </CardTitle>
        <Button variant="outline" size="sm" disabled={!monthly.data} onClick={() => downloadCsv(`analisis-financiero-${currentMonth()}.csv`, monthlyCsv(months))}>
          Exportar
        </Button>
      </CardHeaderRow>
      {monthly.isLoading ? (
        <Skeleton height="6rem" />
      ) : monthly.isError ? (
        <LoadError variant="inline" retry={monthly}>
          No se pudo cargar el análisis financiero
        </LoadError>
      ) : (
        <>
          <FigureGrid>
            <FigureCard role="group" aria-label="Ingresos Totales">
              <span>Ingresos Totales</span>
              <strong>{formatEuros(totals.income)}</strong>
            </FigureCard>
            <FigureCard role="group" aria-label="Gastos Totales">
              <span>Gastos Totales</span>
              <strong>{formatEuros(totals.expenses)}</strong>
            </FigureCard>
            <FigureCard role="group" aria-label="Beneficio Neto">
              <span>Beneficio Neto</span>
              <strong>{formatEuros(totals.net)}</strong>
            </FigureCard>
          </FigureGrid>
          <H3>Últimos 6 meses</H3>
          <StyledList aria-label="Últimos 6 meses">
            {months.map((m) => (
              <StyledLine key={m.month}>
                <strong>{longMonthLabel(m.month)}</strong>
                <span>
                  {formatEuros(m.income)} · {formatEuros(m.expenses)} · <strong>{formatEuros(m.net)}</strong>
                </span>
              </StyledLine>
            ))}
          </StyledList>
        </>
      )}
      <H3>Rentabilidad por Propiedad</H3>
      <ListState
        read={byProperty}
        variant="inline"
        skeleton={<Skeleton height="4rem" />}
        error="No se pudo cargar la rentabilidad por propiedad"
        empty={byProperty.data?.length === 0}
        whenEmpty={<p>No tienes propiedades</p>}
      >
        {(data) => (
          <StyledList aria-label="Rentabilidad por Propiedad">
            {data.map((item) => (
              <PropertyProfitability key={item.propertyId} item={item} />
            ))}
          </StyledList>
        )}
      </ListState>
    </SectionCard>
  );
}
