import { lazyScreen, PortalRoutes } from '@arrendia/portal-runtime';
import { STAFF_SCREENS } from '@arrendia/staff-screens';
import type { RemoteApp } from '@arrendia/remote-contract';
import { OwnerDashboard } from './OwnerDashboard';

/**
 * The owner-portal remote: propietario_individual's screens, composed from the feature libs. The
 * dashboard, the page nearly every visit opens, comes with the remote; the others load on demand.
 */
const SCREENS = {
  ...STAFF_SCREENS,
  '/dashboard': OwnerDashboard,
  '/settings': lazyScreen(() => import('./OwnerSettings').then(({ OwnerSettings }) => OwnerSettings)),
} as const;

const App: RemoteApp = ({ user }) => (
  <div data-remote="owner-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
