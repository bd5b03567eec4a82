import { MyContractsScreen } from '@arrendia/feature-contracts';
import { IncidentsScreen } from '@arrendia/feature-incidents';
import { MessagesScreen } from '@arrendia/feature-messages';
import { PortalRoutes } from '@arrendia/feature-portal';
import { SettingsScreen } from '@arrendia/feature-settings';
import type { RemoteApp } from '@arrendia/remote-contract';
import { TenantDashboard } from './TenantDashboard';

/** The tenant's screens: Mi Alquiler, Mi Contrato, its incidents, messages and settings. */
const SCREENS = {
  '/dashboard': TenantDashboard,
  '/contracts': MyContractsScreen,
  '/incidents': IncidentsScreen,
  '/messages': MessagesScreen,
  '/settings': SettingsScreen,
} as const;

/** The tenant-portal remote: the portal routes of its roles (routes are relative to the shell's basePath). */
const App: RemoteApp = ({ user }) => (
  <div data-remote="tenant-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
