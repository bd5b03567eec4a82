import type { CurrentUser } from '@arrendia/api-contract';
import { AgentDashboard } from '@arrendia/feature-agent';
import { Dashboard } from '@arrendia/feature-portal';
import { canonicalRole } from '@arrendia/permissions';
import { ManagerDashboard } from './ManagerDashboard';

/** /dashboard of the agency portal, by role (spec §2); the delegated owner's dashboard is still to come. */
export function AgencyDashboard({ user }: { user: CurrentUser | null }) {
  switch (canonicalRole(user?.role?.roleName)) {
    case 'agente':
      return <AgentDashboard user={user} />;
    case 'admin_agencia':
      return <ManagerDashboard user={user} />;
    default:
      return <Dashboard user={user} />;
  }
}
