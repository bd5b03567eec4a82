import type { CurrentUser } from '@arrendia/api-contract';
import { DASHBOARD_TITLES } from '@arrendia/remote-contract';
import { buttonStyles, Card, CardTitle, PageHeader } from '@arrendia/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { DashboardMetricCards } from './DashboardMetricCards';
import { PropertiesCard } from './PropertiesCard';
import { RecentActivityCard } from './RecentActivityCard';
import { UpcomingTasksCard } from './UpcomingTasksCard';

const Panels = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

const ActionLink = styled(Link)<{ $variant?: 'primary' | 'outline' }>`
  ${buttonStyles}
`;

/**
 * Quick actions of the generic dashboard (spec §2), doing the real thing: the property and contract
 * forms open on their screens, an expense is registered on Finanzas, reports are generated on Reportes.
 */
export const QUICK_ACTIONS = [
  { label: 'Añadir Propiedad', to: '/properties?nueva=1' },
  { label: 'Nuevo Contrato', to: '/contracts?nuevo=1' },
  { label: 'Registrar Gasto', to: '/finances?registrar=Gasto' },
  { label: 'Generar Reporte', to: '/reports' },
] as const;

/** The dashboard of any other role (spec §2): metrics, a wide and a side panel, another panel, quick actions. */
export function GenericDashboard({ user }: { user: CurrentUser | null }) {
  return (
    <>
      <PageHeader title={DASHBOARD_TITLES.generic} description={`Hola, ${user?.firstName?.trim() || 'Usuario'}.`} />
      <DashboardMetricCards user={user} />
      <Panels>
        <PropertiesCard user={user} />
        <UpcomingTasksCard user={user} />
      </Panels>
      <RecentActivityCard user={user} />
      <Card as="section" aria-labelledby="quick-actions">
        <CardTitle as="h2" id="quick-actions">
          Acciones Rápidas
        </CardTitle>
        <Actions>
          {QUICK_ACTIONS.map((action, i) => (
            <ActionLink key={action.to} to={action.to} $variant={i === 0 ? 'primary' : 'outline'}>
              {action.label}
            </ActionLink>
          ))}
        </Actions>
      </Card>
    </>
  );
}
