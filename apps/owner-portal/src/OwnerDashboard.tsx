import type { CurrentUser } from '@arrendia/api-contract';
import { DashboardMetricCards, PropertiesCard, RecentActivityCard, UpcomingTasksCard } from '@arrendia/feature-dashboard';
import { FinancialAnalysisCard, FinancialSummaryCard, MonthlyEvolutionCard } from '@arrendia/feature-finances';
import { PageHeader } from '@arrendia/ui';

/** 'Dashboard del Propietario' (spec §2): composed from the dashboard and finances features. */
export function OwnerDashboard({ user }: { user: CurrentUser | null }) {
  return (
    <>
      <PageHeader title="Dashboard del Propietario" description={`Hola, ${user?.firstName?.trim() || 'Usuario'}. Este es el estado de tu cartera.`} />
      <DashboardMetricCards user={user} />
      <MonthlyEvolutionCard user={user} />
      <PropertiesCard user={user} />
      <RecentActivityCard user={user} />
      <FinancialSummaryCard user={user} />
      <FinancialAnalysisCard user={user} />
      <UpcomingTasksCard user={user} />
    </>
  );
}
