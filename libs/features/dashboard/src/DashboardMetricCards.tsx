import type { CurrentUser, DashboardTrends } from '@arrendia/api-contract';
import { formatEuros, formatNumber, formatPercent } from '@arrendia/locale-es';
import { Card, Icon, type IconName, Skeleton } from '@arrendia/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { useMetrics, useTrends } from './useDashboard';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Label = styled.dt`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Value = styled.dd`
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Caption = styled.p<{ $tone: 'up' | 'down' | 'neutral' }>`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme, $tone }) => ($tone === 'up' ? theme.colors.successText : $tone === 'down' ? theme.colors.dangerText : theme.colors.textMuted)};
`;

interface Caption {
  text: string;
  tone: 'up' | 'down' | 'neutral';
}

/** The trend captions, from real figures (decisions.md: fixed captions become real changes). */
export function trendCaptions(t: DashboardTrends): Record<'properties' | 'income' | 'occupancy' | 'incidents', Caption> {
  const change = t.incomeChangePercent;
  return {
    properties: t.propertiesAddedThisMonth > 0 ? { text: `+${t.propertiesAddedThisMonth} este mes`, tone: 'up' } : { text: 'Sin altas este mes', tone: 'neutral' },
    income:
      change === null
        ? { text: 'Sin ingresos el mes anterior', tone: 'neutral' }
        : {
            text: `${change > 0 ? '+' : ''}${formatNumber(change, 1)} % respecto al mes anterior (${formatEuros(t.previousMonthIncome)})`,
            tone: change > 0 ? 'up' : change < 0 ? 'down' : 'neutral',
          },
    occupancy: { text: `${t.rentedUnits} de ${t.totalUnits} unidades alquiladas`, tone: 'neutral' },
    incidents:
      t.urgentOpenIncidents > 0
        ? { text: `${t.urgentOpenIncidents} urgente${t.urgentOpenIncidents === 1 ? '' : 's'} · ${t.incidentsReportedThisMonth} este mes`, tone: 'down' }
        : { text: `${t.incidentsReportedThisMonth} reportada${t.incidentsReportedThisMonth === 1 ? '' : 's'} este mes`, tone: 'neutral' },
  };
}

function MetricCard({ label, icon, value, caption }: { label: string; icon: IconName; value: string | null; caption: Caption | null }) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} aria-busy={value === null}>
      <Head>
        <dl>
          <Label id={id}>{label}</Label>
          <Value>{value ?? <Skeleton height="2rem" width="6rem" />}</Value>
        </dl>
        <Icon name={icon} size={18} />
      </Head>
      {caption ? <Caption $tone={caption.tone}>{caption.text}</Caption> : <Skeleton height="0.75rem" width="70%" />}
    </Card>
  );
}

/** The four metric cards of spec §2 from /api/dashboard/metrics, with real trend captions. */
export function DashboardMetricCards(_props: { user: CurrentUser | null }) {
  const { data: m } = useMetrics();
  const { data: t, isError: trendsFailed } = useTrends();
  const captions = t ? trendCaptions(t) : null;
  const none = trendsFailed ? { text: '', tone: 'neutral' as const } : null;
  return (
    <Grid aria-label="Métricas">
      <MetricCard label="Propiedades Activas" icon="building" value={m ? String(m.activeProperties) : null} caption={captions?.properties ?? none} />
      <MetricCard label="Ingresos Mensuales" icon="euro" value={m ? formatEuros(m.monthlyIncome) : null} caption={captions?.income ?? none} />
      <MetricCard label="Tasa de Ocupación" icon="chart" value={m ? formatPercent(m.occupancyRate) : null} caption={captions?.occupancy ?? none} />
      <MetricCard label="Incidencias Abiertas" icon="alert" value={m ? String(m.openIncidents) : null} caption={captions?.incidents ?? none} />
    </Grid>
  );
}
