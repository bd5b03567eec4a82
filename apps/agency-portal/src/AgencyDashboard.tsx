import type { CurrentUser } from '@arrendia/api-contract';
import { lazyScreen } from '@arrendia/portal-runtime';
import { canonicalRole } from '@arrendia/permissions';
import { NotFound } from '@arrendia/ui';

// Three roles share this portal and each opens only its own dashboard: each loads on its own.
const AgentDashboard = lazyScreen(() => import('@arrendia/feature-agent').then(({ AgentDashboard }) => AgentDashboard));
const ManagerDashboard = lazyScreen(() => import('./ManagerDashboard').then(({ ManagerDashboard }) => ManagerDashboard));
const DelegateDashboard = lazyScreen(() => import('./DelegateDashboard').then(({ DelegateDashboard }) => DelegateDashboard));

/** /dashboard of the agency portal, by role (spec §2); the shell sends no other role here, so any other gets 404. */
export function AgencyDashboard({ user }: { user: CurrentUser | null }) {
  switch (canonicalRole(user?.role?.roleName)) {
    case 'agente':
      return <AgentDashboard user={user} />;
    case 'admin_agencia':
      return <ManagerDashboard user={user} />;
    case 'propietario_delegado':
      return <DelegateDashboard user={user} />;
    default:
      return <NotFound />;
  }
}
