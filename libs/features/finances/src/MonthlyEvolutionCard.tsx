import type { CurrentUser } from '@arrendia/api-contract';
import { Button, CardTitle, LoadError, Skeleton } from '@arrendia/ui';
import { lazy, Suspense } from 'react';
import { useFinancesMonthly } from './lib/api';
import { downloadCsv, monthlyCsv } from './lib/csv';
import { currentMonth } from './lib/months';
import { CardHeaderRow, SectionCard } from './lib/styles';

// The chart library is most of a dashboard's code (~105 KB gzipped): the card, its figures and its
// Exportar button come first, the picture right after (the skeleton holds its place meanwhile).
const MonthlyBarChart = lazy(() => import(/* webpackChunkName: "charts" */ './lib/charts').then(({ MonthlyBarChart }) => ({ default: MonthlyBarChart })));
const CHART_HEIGHT = '280px';

/** The CSV file name of the monthly evolution: evolucion-mensual-2026-11.csv. */
export const monthlyEvolutionFilename = (month: string = currentMonth()) => `evolucion-mensual-${month}.csv`;

/** Owner dashboard: income and expenses of the last 12 months as a chart; Exportar downloads them as CSV. */
export function MonthlyEvolutionCard(_props: { user: CurrentUser | null }) {
  const monthly = useFinancesMonthly();
  return (
    <SectionCard as="section" aria-labelledby="monthly-evolution-title">
      <CardHeaderRow>
        <CardTitle id="monthly-evolution-title" as="h2">
          Evolución Mensual
        </CardTitle>
        <Button variant="outline" size="sm" disabled={!monthly.data} onClick={() => monthly.data && downloadCsv(monthlyEvolutionFilename(), monthlyCsv(monthly.data))}>
          Exportar
        </Button>
      </CardHeaderRow>
      {monthly.isLoading ? (
        <Skeleton height={CHART_HEIGHT} />
      ) : monthly.isError || !monthly.data ? (
        <LoadError variant="inline" retry={monthly}>
          No se pudo cargar la evolución mensual
        </LoadError>
      ) : (
        <Suspense fallback={<Skeleton height={CHART_HEIGHT} />}>
          <MonthlyBarChart months={monthly.data} caption="Ingresos y gastos de los últimos 12 meses" />
        </Suspense>
      )}
    </SectionCard>
  );
}
