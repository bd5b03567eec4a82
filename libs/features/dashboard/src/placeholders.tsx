import type { CurrentUser } from '@arrendia/api-contract';
import { SECTION_IN_PREPARATION } from '@arrendia/remote-contract';
import { PageHeader } from '@arrendia/ui';

/** Placeholder until the screen is built (issue 6). */
export function DashboardMetricCards(_props: { user: CurrentUser | null }) {
  return <PageHeader title="DashboardMetricCards" description={SECTION_IN_PREPARATION} />;
}

/** Placeholder until the screen is built (issue 6). */
export function PropertiesCard(_props: { user: CurrentUser | null }) {
  return <PageHeader title="PropertiesCard" description={SECTION_IN_PREPARATION} />;
}

/** Placeholder until the screen is built (issue 6). */
export function RecentActivityCard(_props: { user: CurrentUser | null }) {
  return <PageHeader title="RecentActivityCard" description={SECTION_IN_PREPARATION} />;
}

/** Placeholder until the screen is built (issue 6). */
export function UpcomingTasksCard(_props: { user: CurrentUser | null }) {
  return <PageHeader title="UpcomingTasksCard" description={SECTION_IN_PREPARATION} />;
}

/** Placeholder until the screen is built (issue 6). */
export function GenericDashboard(_props: { user: CurrentUser | null }) {
  return <PageHeader title="GenericDashboard" description={SECTION_IN_PREPARATION} />;
}
