import type { AgencyOverview, CurrentUser } from '@arrendia/api-contract';
import { formatEuros, formatPercent, personName } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import { DASHBOARD_TITLES } from '@arrendia/remote-contract';
import { ButtonLink, Card, CardDescription, CardList, CardTitle, DataTable, LoadError, MetricCard, MetricGrid, PageHeader, SpreadRow } from '@arrendia/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AgentTargetDialog, CommissionRateDialog } from './AgencySettingsDialogs';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** The quick actions of spec §2, each opening what its label says. */
export const AGENCY_QUICK_ACTIONS = [
  { label: 'Nuevo Contrato', to: '/contracts?nuevo=1' },
  { label: 'Gestionar Inquilinos', to: '/tenants' },
  { label: 'Inspeccionar Propiedades', to: '/maintenance' },
] as const;

/** The header of 'Dashboard del Gestor de Agencia' (spec §2). */
export function AgencyManagerHeader({ user }: { user: CurrentUser | null }) {
  return <PageHeader title={DASHBOARD_TITLES.agency} description={`Hola, ${user?.firstName?.trim() || 'Usuario'}. Así va la cartera de tu agencia.`} />;
}

/**
 * The agency's own parts of 'Dashboard del Gestor de Agencia' (spec §2), from GET
 * /api/agency/overview: managed portfolio, global occupancy, monthly commissions and active
 * incidents; management alerts (each linking to its record); the team. The agency manager also
 * changes the commission rate and each agent's monthly target here.
 */
export function AgencyOverviewPanels({ user }: { user: CurrentUser | null }) {
  const manages = can(user?.role?.roleName, 'agency:manage');
  const overview = useQuery<AgencyOverview>({ queryKey: ['/api/agency/overview'] });
  const { data, isError } = overview;
  const o = data ?? null;
  return (
    <>
      {isError && <LoadError retry={overview}>No se pudieron cargar las cifras de la agencia</LoadError>}
      <MetricGrid>
        <MetricCard label="Cartera Gestionada" value={o ? `${o.properties} propiedades` : null} caption={o ? `${o.units} unidades` : undefined} />
        <MetricCard label="Ocupación Global" value={o ? formatPercent(o.occupancyRate) : null} />
        <MetricCard
          label="Comisiones del Mes"
          value={o ? formatEuros(o.monthlyCommissions) : null}
          caption={o ? `${formatPercent(o.commissionRate, 2)} de ${formatEuros(o.collectedThisMonth)} cobrados` : undefined}
          action={o && manages ? <CommissionRateDialog commissionRate={o.commissionRate} /> : undefined}
        />
        <MetricCard label="Incidencias Activas" value={o ? String(o.activeIncidents) : null} />
      </MetricGrid>
      <Grid>
        <Card as="section" aria-labelledby="agency-alerts">
          <CardTitle as="h2" id="agency-alerts">
            Alertas de Gestión
          </CardTitle>
          {o && o.alerts.length === 0 && <CardDescription>No hay alertas: todo en orden</CardDescription>}
          <CardList>
            {o?.alerts.map((a) => (
              <li key={`${a.kind}-${a.href}`}>
                <Link to={a.href}>{a.title}</Link>
                <CardDescription>{a.detail}</CardDescription>
              </li>
            ))}
          </CardList>
        </Card>
        <Card as="section" aria-labelledby="agency-team">
          <CardTitle as="h2" id="agency-team">
            Equipo
          </CardTitle>
          {o && o.team.length === 0 ? (
            <CardDescription>La agencia todavía no tiene agentes</CardDescription>
          ) : (
            <DataTable aria-labelledby="agency-team">
              <thead>
                <tr>
                  <th scope="col">Agente</th>
                  <th scope="col">Propiedades</th>
                  <th scope="col">Clientes del mes</th>
                  <th scope="col">Visitas del mes</th>
                  <th scope="col">Objetivo mensual</th>
                </tr>
              </thead>
              <tbody>
                {o?.team.map((a) => (
                  <tr key={a.id}>
                    <th scope="row">{personName(a)}</th>
                    <td>{a.properties}</td>
                    <td>{a.leadsThisMonth}</td>
                    <td>{a.visitsThisMonth}</td>
                    <td>
                      <SpreadRow>
                        {formatEuros(a.monthlyTarget)}
                        {manages && <AgentTargetDialog agentId={a.id} agentName={personName(a)} monthlyTarget={a.monthlyTarget} />}
                      </SpreadRow>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </Card>
      </Grid>
    </>
  );
}

/** Quick actions Nuevo Contrato, Gestionar Inquilinos, Inspeccionar Propiedades (spec §2). */
export function AgencyQuickActions(_props: { user: CurrentUser | null }) {
  return (
    <>
      <Card as="section" aria-labelledby="agency-actions">
        <CardTitle as="h2" id="agency-actions">
          Acciones Rápidas
        </CardTitle>
        <Actions>
          {AGENCY_QUICK_ACTIONS.map((action, i) => (
            <ButtonLink key={action.to} as={Link} to={action.to} $variant={i === 0 ? 'primary' : 'outline'}>
              {action.label}
            </ButtonLink>
          ))}
        </Actions>
      </Card>
    </>
  );
}
