import { MaintenanceScreen } from '@arrendia/feature-maintenance';
import { MessagesScreen } from '@arrendia/feature-messages';
import { TenantsScreen } from '@arrendia/feature-tenants';
import { PortalRoutes } from '@arrendia/feature-portal';
import type { RemoteApp } from '@arrendia/remote-contract';

/** The admin-portal remote: the super admin's screens over all rows (the rest of the route table is still to build, issue 13). */
const SCREENS = {
  '/maintenance': MaintenanceScreen,
  '/tenants': TenantsScreen,
  '/messages': MessagesScreen,
} as const;

const App: RemoteApp = ({ user }) => (
  <div data-remote="admin-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
