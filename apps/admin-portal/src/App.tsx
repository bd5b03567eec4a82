import { AdminDashboard, ApartmentsManagementScreen, RoomsManagementScreen } from '@arrendia/feature-admin';
import { AuditLogScreen, RemotesScreen } from '@arrendia/feature-platform';
import { PortalRoutes } from '@arrendia/feature-portal';
import { STAFF_SCREENS } from '@arrendia/feature-staff-screens';
import { UsersScreen } from '@arrendia/feature-users';
import type { RemoteApp } from '@arrendia/remote-contract';

/**
 * The admin-portal remote: every screen the route table gives super_admin, over all rows (the API
 * scopes nothing away from a super admin), plus the platform's own: users, remotes, audit log and
 * the portfolio by rental type.
 */
const SCREENS = {
  ...STAFF_SCREENS,
  '/dashboard': AdminDashboard,
  '/users': UsersScreen,
  '/modules': RemotesScreen,
  '/audit-log': AuditLogScreen,
  '/apartments-management': ApartmentsManagementScreen,
  '/rooms-management': RoomsManagementScreen,
} as const;

const App: RemoteApp = ({ user }) => (
  <div data-remote="admin-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
