import type { CurrentUser } from '@arrendia/api-contract';
import { AgencyManagerHeader, AgencyOverviewPanels, AgencyQuickActions } from '@arrendia/feature-agency';
import { RecentActivityCard } from '@arrendia/feature-dashboard';
import { ConsentRequestsCard } from '@arrendia/feature-delegation';
import { MonthlyEvolutionCard } from '@arrendia/feature-finances';

/**
 * 'Dashboard del Gestor de Agencia' (spec §2), composed from the agency, finances and dashboard
 * features; above them the owners' requests that the agency manage a property (issue 30), shown
 * only when there are some.
 */
export function ManagerDashboard({ user }: { user: CurrentUser | null }) {
  return (
    <>
      <AgencyManagerHeader user={user} />
      <ConsentRequestsCard />
      <AgencyOverviewPanels user={user} />
      <MonthlyEvolutionCard user={user} />
      <RecentActivityCard user={user} />
      <AgencyQuickActions user={user} />
    </>
  );
}
