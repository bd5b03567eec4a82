import type { CurrentUser, DashboardMetrics, Delegation } from '@arrendia/api-contract';
import { formatDate, formatEuros, formatPercent, personName } from '@arrendia/locale-es';
import { DASHBOARD_TITLES } from '@arrendia/remote-contract';
import { ButtonLink, Card, CardDescription, CardTitle, DataTable, ListState, LoadError, MetricCard, MetricGrid, PageHeader, Pager, StatusBadge } from '@arrendia/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { DELEGATIONS_PAGE_SIZE, useDelegations } from './useDelegations';

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

/** The header of 'Dashboard del Propietario Delegado' (spec §2). */
export function DelegateHeader({ user }: { user: CurrentUser | null }) {
  return <PageHeader title={DASHBOARD_TITLES.delegated} description={`Hola, ${user?.firstName?.trim() || 'Usuario'}. Así van las carteras que gestionas.`} />;
}

/**
 * The four summary tiles over all principals: how many owners delegated to the user (the
 * delegations' total) and, from GET /api/dashboard/metrics (scoped to those owners' properties),
 * their properties, this month's income and the occupancy.
 */
export function DelegateSummaryTiles() {
  const principals = useDelegations(1);
  const metrics = useQuery<DashboardMetrics>({ queryKey: ['/api/dashboard/metrics'] });
  const m = metrics.data ?? null;
  return (
    <>
      {(principals.isError || metrics.isError) && <LoadError retry={[principals, metrics]}>No se pudieron cargar las cifras de tus carteras</LoadError>}
      <MetricGrid>
        <MetricCard label="Propietarios" value={principals.data ? String(principals.data.total) : null} caption="Te han delegado su cartera" />
        <MetricCard label="Propiedades Gestionadas" value={m ? String(m.activeProperties) : null} />
        <MetricCard label="Ingresos del Mes" value={m ? formatEuros(m.monthlyIncome) : null} caption="Rentas cobradas este mes" />
        <MetricCard label="Ocupación Media" value={m ? formatPercent(m.occupancyRate) : null} caption={m ? `${m.openIncidents} incidencias abiertas` : undefined} />
      </MetricGrid>
    </>
  );
}

/** Where 'Ver cartera' leads: the properties screen narrowed to one principal. */
export const portfolioHref = (ownerId: number) => `/properties?ownerId=${ownerId}`;

/**
 * The owners tab: each principal with its properties, occupancy and this month's income; 'Ver
 * cartera' narrows /properties to that owner, and `reportAction` (composed by the portal) produces
 * that owner's PDF report.
 */
export function PrincipalsPanel({ reportAction }: { reportAction: (owner: { id: number; name: string }) => ReactNode }) {
  const [page, setPage] = useState(1);
  const delegations = useDelegations(page);
  const row = (d: Delegation) => {
    const name = personName(d.owner, d.owner.email);
    return (
      <tr key={d.owner.id}>
        <th scope="row">
          {name}
          <Muted>{d.owner.email}</Muted>
        </th>
        <td data-align="end">{d.properties}</td>
        <td data-align="end">
          {formatPercent(d.occupancyRate)}
          <Muted>{d.units} unidades</Muted>
        </td>
        <td data-align="end">{formatEuros(d.monthlyIncome)}</td>
        <td>{d.lastReportAt ? formatDate(d.lastReportAt) : <Muted>Sin reportes</Muted>}</td>
        <td>
          <StatusBadge kind="principal" value={d.reportStatus} />
        </td>
        <td>
          <Actions>
            <ButtonLink as={Link} $variant="outline" $size="sm" to={portfolioHref(d.owner.id)} state={{ ownerName: name }} aria-label={`Ver cartera de ${name}`}>
              Ver cartera
            </ButtonLink>
            {reportAction({ id: d.owner.id, name })}
          </Actions>
        </td>
      </tr>
    );
  };
  return (
    <Card as="section" aria-labelledby="delegate-owners">
      <CardTitle as="h2" id="delegate-owners">
        Propietarios
      </CardTitle>
      <ListState
        read={delegations}
        variant="inline"
        loading="Cargando propietarios"
        height="2rem"
        error="No se pudieron cargar los propietarios"
        empty={delegations.data?.rows.length === 0}
        whenEmpty={<CardDescription>Todavía ningún propietario te ha delegado su cartera. Cuando lo haga desde su configuración, aparecerá aquí.</CardDescription>}
      >
        {(data) => (
          <>
            <DataTable aria-labelledby="delegate-owners">
              <thead>
                <tr>
                  <th scope="col">Propietario</th>
                  <th scope="col">Propiedades</th>
                  <th scope="col">Ocupación</th>
                  <th scope="col">Ingresos del mes</th>
                  <th scope="col">Último reporte</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>{data.rows.map(row)}</tbody>
            </DataTable>
            <Pager page={page} total={data.total} pageSize={DELEGATIONS_PAGE_SIZE} onPageChange={setPage} label="Páginas de propietarios" />
          </>
        )}
      </ListState>
    </Card>
  );
}
