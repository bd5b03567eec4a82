import type { CurrentUser } from '@arrendia/api-contract';
import { AgentDashboard } from '@arrendia/feature-agent';
import { Dashboard } from '@arrendia/feature-portal';
import { canonicalRole } from '@arrendia/permissions';

/** /dashboard of the agency portal, by role (spec §2): the agent's pipeline; the manager's and the delegated owner's dashboards are still to come. */
export function AgencyDashboard({ user }: { user: CurrentUser | null }) {
  if (canonicalRole(user?.role?.roleName) === 'agente') return <AgentDashboard user={user} />;
  return <Dashboard user={user} />;
}
