import { lazyScreen, PortalRoutes } from '@arrendia/portal-runtime';
import type { RemoteApp } from '@arrendia/remote-contract';
import { TenantDashboard } from './TenantDashboard';

/** The tenant's screens: Mi Alquiler comes with the remote; Mi Contrato, incidents, messages and settings load when first opened. */
const SCREENS = {
  '/dashboard': TenantDashboard,
  '/contracts': lazyScreen(() => import('@arrendia/feature-contracts').then(({ MyContractsScreen }) => MyContractsScreen)),
  '/incidents': lazyScreen(() => import('./IncidentsScreen').then(({ IncidentsScreen }) => IncidentsScreen)),
  '/messages': lazyScreen(() => import('@arrendia/feature-messages').then(({ MessagesScreen }) => MessagesScreen)),
  '/settings': lazyScreen(() => import('@arrendia/feature-settings').then(({ SettingsScreen }) => SettingsScreen)),
} as const;

/** The tenant-portal remote: the portal routes of its roles (routes are relative to the shell's basePath). */
const App: RemoteApp = ({ user }) => (
  <div data-remote="tenant-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
