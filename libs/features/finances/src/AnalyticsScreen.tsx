import type { CurrentUser } from '@arrendia/api-contract';
import { formatEuros, sumMoney } from '@arrendia/locale-es';
import { CardTitle, LoadError, PageHeader, type Retryable, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@arrendia/ui';
import { useExpensesByCategory, useFinancesMonthly, useOccupancy } from './lib/api';
import { CategoryPieChart, MonthlyBarChart, PercentBarChart } from './lib/charts';
import { shortMonthLabel } from './lib/months';
import { FigureCard, FigureGrid, SectionCard } from './lib/styles';

const percent = (value: number) => `${value.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <FigureCard role="group" aria-label={label}>
      <span>{label}</span>
      <strong>{value}</strong>
    </FigureCard>
  );
}

const Loading = () => <Skeleton height="280px" />;
/** A tab's read failed: a card of its own where the whole tab is that read, a line inside a section otherwise. */
const Failed = ({ retry, inline = false }: { retry: Retryable | Retryable[]; inline?: boolean }) => (
  <LoadError variant={inline ? 'inline' : 'card'} retry={retry}>
    No se pudieron cargar los datos
  </LoadError>
);

function SummaryTab() {
  const monthly = useFinancesMonthly();
  const occupancy = useOccupancy();
  if (monthly.isLoading || occupancy.isLoading) return <Loading />;
  if (!monthly.data || !occupancy.data) return <Failed retry={[monthly, occupancy]} />;
  const income = sumMoney(monthly.data.map((m) => m.income));
  const expenses = sumMoney(monthly.data.map((m) => m.expenses));
  const net = sumMoney(monthly.data.map((m) => m.net));
  return (
    <>
      <FigureGrid>
        <Figure label="Ingresos (12 meses)" value={formatEuros(income)} />
        <Figure label="Gastos (12 meses)" value={formatEuros(expenses)} />
        <Figure label="Beneficio Neto (12 meses)" value={formatEuros(net)} />
        <Figure label="Tasa de Ocupación" value={percent(occupancy.data.overall.rate)} />
      </FigureGrid>
      <SectionCard>
        <CardTitle as="h2">Evolución de los últimos 12 meses</CardTitle>
        <MonthlyBarChart months={monthly.data} caption="Ingresos y gastos de los últimos 12 meses" />
      </SectionCard>
    </>
  );
}

function FinancialTab() {
  const monthly = useFinancesMonthly();
  const categories = useExpensesByCategory();
  return (
    <>
      <SectionCard>
        <CardTitle as="h2">Ingresos frente a gastos</CardTitle>
        {monthly.isLoading ? <Loading /> : monthly.data ? <MonthlyBarChart months={monthly.data} caption="Ingresos y gastos por mes" /> : <Failed retry={monthly} inline />}
      </SectionCard>
      <SectionCard>
        <CardTitle as="h2">Gastos por categoría (este mes)</CardTitle>
        {categories.isLoading ? (
          <Loading />
        ) : !categories.data ? (
          <Failed retry={categories} inline />
        ) : categories.data.length === 0 ? (
          <p>Sin gastos este mes</p>
        ) : (
          <CategoryPieChart items={categories.data.map((c) => ({ label: c.categoryName, value: c.total }))} caption="Gastos de este mes por categoría" />
        )}
      </SectionCard>
    </>
  );
}

function OccupancyTab() {
  const occupancy = useOccupancy();
  if (occupancy.isLoading) return <Loading />;
  if (!occupancy.data) return <Failed retry={occupancy} />;
  const { overall, properties, monthly } = occupancy.data;
  return (
    <>
      <FigureGrid>
        <Figure label="Ocupación global" value={percent(overall.rate)} />
        <Figure label="Unidades alquiladas" value={`${overall.rented} de ${overall.units}`} />
      </FigureGrid>
      <SectionCard>
        <CardTitle as="h2">Ocupación por propiedad</CardTitle>
        {properties.length === 0 ? (
          <p>No tienes propiedades</p>
        ) : (
          <PercentBarChart items={properties.map((p) => ({ label: p.propertyName, value: p.rate }))} caption="Porcentaje de unidades alquiladas por propiedad" valueLabel="Ocupación" />
        )}
      </SectionCard>
      <SectionCard>
        <CardTitle as="h2">Ocupación por mes</CardTitle>
        <PercentBarChart items={monthly.map((m) => ({ label: shortMonthLabel(m.month), value: m.rate }))} caption="Unidades con contrato en cada mes sobre las unidades activas" valueLabel="Ocupación" />
      </SectionCard>
    </>
  );
}

/** Análisis (/analytics): tabs Resumen, Financiero and Ocupación with real charts. */
export function AnalyticsScreen(_props: { user: CurrentUser | null }) {
  return (
    <>
      <PageHeader title="Análisis" description="Evolución financiera y ocupación de tu cartera" />
      <Tabs defaultValue="resumen">
        <TabsList aria-label="Secciones de análisis">
          <TabsTrigger value="resumen">Resumen</TabsTrigger>
          <TabsTrigger value="financiero">Financiero</TabsTrigger>
          <TabsTrigger value="ocupacion">Ocupación</TabsTrigger>
        </TabsList>
        <TabsContent value="resumen">
          <SummaryTab />
        </TabsContent>
        <TabsContent value="financiero">
          <FinancialTab />
        </TabsContent>
        <TabsContent value="ocupacion">
          <OccupancyTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
