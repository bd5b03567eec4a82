import { AdminDashboard, ApartmentsManagementScreen, RoomsManagementScreen } from '@arrendia/feature-admin';
import { lazyScreen, PortalRoutes } from '@arrendia/portal-runtime';
import { STAFF_SCREENS } from '@arrendia/staff-screens';
import type { RemoteApp } from '@arrendia/remote-contract';

/**
 * The admin-portal remote: every screen the route table gives super_admin, over all rows (the API
 * scopes nothing away from a super admin), plus the platform's own: users, remotes, audit log and
 * the portfolio by rental type. The screens of feature-admin (the dashboard and the portfolio by
 * rental type) come with the remote; the others load when their route is first opened.
 */
const SCREENS = {
  ...STAFF_SCREENS,
  '/dashboard': AdminDashboard,
  '/users': lazyScreen(() => import('@arrendia/feature-users').then(({ UsersScreen }) => UsersScreen)),
  '/modules': lazyScreen(() => import('@arrendia/feature-platform').then(({ RemotesScreen }) => RemotesScreen)),
  '/audit-log': lazyScreen(() => import('@arrendia/feature-platform').then(({ AuditLogScreen }) => AuditLogScreen)),
  '/outbox': lazyScreen(() => import('@arrendia/feature-platform').then(({ OutboxScreen }) => OutboxScreen)),
  '/index-values': lazyScreen(() => import('@arrendia/feature-platform').then(({ IndexValuesScreen }) => IndexValuesScreen)),
  '/apartments-management': ApartmentsManagementScreen,
  '/rooms-management': RoomsManagementScreen,
} as const;

const App: RemoteApp = ({ user }) => (
  <div data-remote="admin-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
