import { PortalRoutes } from '@arrendia/portal-runtime';
import { STAFF_SCREENS } from '@arrendia/staff-screens';
import type { RemoteApp } from '@arrendia/remote-contract';
import { AgencyDashboard } from './AgencyDashboard';

/**
 * The agency-portal remote: admin_agencia, agente and propietario_delegado work on the feature libs
 * the owner portal uses; the API scopes every row to the agency (or the delegated principals), and
 * PortalRoutes offers each role only the routes the route table gives it.
 */
const SCREENS = {
  ...STAFF_SCREENS,
  '/dashboard': AgencyDashboard,
} as const;

const App: RemoteApp = ({ user }) => (
  <div data-remote="agency-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
