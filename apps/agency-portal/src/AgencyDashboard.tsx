import type { CurrentUser } from '@arrendia/api-contract';
import { AgentDashboard } from '@arrendia/feature-agent';
import { Dashboard } from '@arrendia/feature-portal';
import { canonicalRole } from '@arrendia/permissions';
import { DelegateDashboard } from './DelegateDashboard';
import { ManagerDashboard } from './ManagerDashboard';

/** /dashboard of the agency portal, by role (spec §2); any other role gets the generic dashboard. */
export function AgencyDashboard({ user }: { user: CurrentUser | null }) {
  switch (canonicalRole(user?.role?.roleName)) {
    case 'agente':
      return <AgentDashboard user={user} />;
    case 'admin_agencia':
      return <ManagerDashboard user={user} />;
    case 'propietario_delegado':
      return <DelegateDashboard user={user} />;
    default:
      return <Dashboard user={user} />;
  }
}
