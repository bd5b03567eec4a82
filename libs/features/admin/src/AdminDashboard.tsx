import type { AdminAlertSeverity, AdminOverview, CurrentUser } from '@arrendia/api-contract';
import { formatDateTime, formatEuros, formatNumber, formatPercent } from '@arrendia/locale-es';
import { DASHBOARD_TITLES } from '@arrendia/remote-contract';
import { Badge, ButtonLink, CardDescription, CardList, DataTable, DetailGrid, LoadError, MetricCard, MetricGrid, MutedText, PageHeader, Skeleton, type StatusTone, TableScroll } from '@arrendia/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Section } from './Section';
import { StyledLines } from './styles';
import { useAdminOverview } from './useAdmin';

/** The quick actions of spec §2, each opening what its label says. */
export const ADMIN_QUICK_ACTIONS = [
  { label: 'Crear Usuario', to: '/users?nuevo=1', variant: 'primary' },
  { label: 'Generar Reporte', to: '/reports', variant: 'outline' },
  { label: 'Gestionar Propiedades', to: '/properties', variant: 'outline' },
] as const;

const SEVERITY: Readonly<Record<AdminAlertSeverity, { label: string; tone: StatusTone }>> = {
  critica: { label: 'Crítica', tone: 'red' },
  alta: { label: 'Alta', tone: 'orange' },
};

const StyledColumns = styled(DetailGrid)`
  margin: ${({ theme }) => theme.space.xl} 0;
`;

const StyledTeam = styled(Section)`
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const StyledAlertHead = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex-wrap: wrap;
`;

const StyledActions = styled(CardList)`
  flex-direction: row;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * What a block of the overview shows: placeholder rows (the list aria-busy) until the overview
 * arrives, then its empty line or its content.
 */
function OverviewBlock({ data, loadingLabel, empty, children }: { data: AdminOverview | undefined; loadingLabel: string; empty: string | null; children: ReactNode }) {
  if (!data) {
    return (
      <CardList aria-busy="true" aria-label={loadingLabel}>
        {[0, 1, 2].map((i) => (
          <StyledLines as="li" key={i}>
            <Skeleton width="85%" />
            <Skeleton width="50%" height="0.75rem" />
          </StyledLines>
        ))}
      </CardList>
    );
  }
  return empty ? <CardDescription>{empty}</CardDescription> : <>{children}</>;
}

function AlertsCard({ data }: { data: AdminOverview | undefined }) {
  return (
    <Section id="admin-alerts" title="Alertas Críticas">
      <OverviewBlock data={data} loadingLabel="Cargando alertas" empty={data?.alerts.length === 0 ? 'Sin alertas críticas' : null}>
        <CardList>
          {data?.alerts.map((alert) => (
            <StyledLines as="li" key={`${alert.kind}-${alert.title}`}>
              <StyledAlertHead>
                <Badge $tone={SEVERITY[alert.severity].tone} data-tone={SEVERITY[alert.severity].tone}>
                  {SEVERITY[alert.severity].label}
                </Badge>
                <Link to={alert.link}>{alert.title}</Link>
              </StyledAlertHead>
              <MutedText>{alert.message}</MutedText>
            </StyledLines>
          ))}
        </CardList>
      </OverviewBlock>
    </Section>
  );
}

function ActivityCard({ data }: { data: AdminOverview | undefined }) {
  return (
    <Section id="admin-activity" title="Actividad del Sistema">
      <OverviewBlock data={data} loadingLabel="Cargando actividad" empty={data?.activity.length === 0 ? 'Sin actividad reciente' : null}>
        <CardList>
          {data?.activity.map((item) => (
            <StyledLines as="li" key={item.id}>
              {item.link ? <Link to={item.link}>{item.what}</Link> : <span>{item.what}</span>}
              <MutedText>
                {item.who ?? 'Sistema'} · <time dateTime={item.when}>{formatDateTime(item.when)}</time>
              </MutedText>
            </StyledLines>
          ))}
        </CardList>
      </OverviewBlock>
    </Section>
  );
}

const TEAM_COLUMNS = ['Agentes', 'Unidades', 'Ocupación', 'Contratos activos', 'Firmados este mes', 'Incidencias abiertas', 'Comisiones del mes'] as const;

function TeamCard({ data }: { data: AdminOverview | undefined }) {
  return (
    <StyledTeam id="admin-team" title="Rendimiento del Equipo">
      <OverviewBlock data={data} loadingLabel="Cargando equipo" empty={data?.team.length === 0 ? 'Todavía no hay agencias en la plataforma' : null}>
        <TableScroll aria-label="Tabla del rendimiento del equipo">
          <DataTable aria-labelledby="admin-team">
            <thead>
              <tr>
                <th scope="col">Agencia</th>
                {TEAM_COLUMNS.map((column) => (
                  <th key={column} scope="col" data-align="end">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data?.team.map((row) => (
                <tr key={row.agencyId}>
                  <th scope="row">{row.name}</th>
                  <td data-align="end">{formatNumber(row.agents)}</td>
                  <td data-align="end">{formatNumber(row.units)}</td>
                  <td data-align="end">{formatPercent(row.occupancyRate)}</td>
                  <td data-align="end">{formatNumber(row.activeContracts)}</td>
                  <td data-align="end">{formatNumber(row.contractsSignedThisMonth)}</td>
                  <td data-align="end">{formatNumber(row.openIncidents)}</td>
                  <td data-align="end">{formatEuros(row.commissionsThisMonth)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      </OverviewBlock>
    </StyledTeam>
  );
}

/**
 * 'Dashboard Administrativo' (spec §2) from GET /api/admin/overview: properties, active users,
 * global occupancy and open incidents over the whole platform; the critical alerts, each linking to
 * the screen that deals with it; every agency's performance; the latest system activity; and the
 * quick actions Crear Usuario, Generar Reporte and Gestionar Propiedades. Skeletons while it loads.
 */
export function AdminDashboard({ user }: { user: CurrentUser | null }) {
  const overview = useAdminOverview();
  const { data, isError } = overview;
  const cards = data?.cards;
  return (
    <>
      <PageHeader title={DASHBOARD_TITLES.admin} description={`Hola, ${user?.firstName?.trim() || 'Usuario'}. Así está la plataforma hoy.`} />
      {isError ? (
        <LoadError retry={overview}>No se pudo cargar el resumen de la plataforma</LoadError>
      ) : (
        <>
          <MetricGrid aria-label="Métricas de la plataforma">
            <MetricCard label="Propiedades" value={cards ? formatNumber(cards.properties) : null} caption="No archivadas" />
            <MetricCard label="Usuarios Activos" value={cards ? formatNumber(cards.activeUsers) : null} />
            <MetricCard label="Ocupación Global" value={cards ? formatPercent(cards.occupancyRate) : null} caption="Unidades alquiladas" />
            <MetricCard label="Incidencias Abiertas" value={cards ? formatNumber(cards.openIncidents) : null} caption="Abiertas o en progreso" />
          </MetricGrid>
          <StyledColumns>
            <AlertsCard data={data} />
            <ActivityCard data={data} />
          </StyledColumns>
          <TeamCard data={data} />
        </>
      )}
      <Section id="admin-actions" title="Acciones Rápidas">
        <StyledActions>
          {ADMIN_QUICK_ACTIONS.map((action) => (
            <li key={action.to}>
              <ButtonLink as={Link} to={action.to} $variant={action.variant}>
                {action.label}
              </ButtonLink>
            </li>
          ))}
        </StyledActions>
      </Section>
    </>
  );
}
