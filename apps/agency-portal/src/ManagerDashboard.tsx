import type { CurrentUser } from '@arrendia/api-contract';
import { AgencyManagerHeader, AgencyOverviewPanels, AgencyQuickActions } from '@arrendia/feature-agency';
import { RecentActivityCard } from '@arrendia/feature-dashboard';
import { MonthlyEvolutionCard } from '@arrendia/feature-finances';

/** 'Dashboard del Gestor de Agencia' (spec §2), composed from the agency, finances and dashboard features. */
export function ManagerDashboard({ user }: { user: CurrentUser | null }) {
  return (
    <>
      <AgencyManagerHeader user={user} />
      <AgencyOverviewPanels user={user} />
      <MonthlyEvolutionCard user={user} />
      <RecentActivityCard user={user} />
      <AgencyQuickActions user={user} />
    </>
  );
}
