import { PortalRoutes } from '@arrendia/feature-portal';
import type { RemoteApp } from '@arrendia/remote-contract';

/** The admin-portal remote: the portal routes of its roles (routes are relative to the shell's basePath). */
const App: RemoteApp = ({ user }) => (
  <div data-remote="admin-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} />
  </div>
);

export default App;
