import { MessagesScreen } from '@arrendia/feature-messages';
import { PortalRoutes } from '@arrendia/feature-portal';
import type { RemoteApp } from '@arrendia/remote-contract';

/** The tenant's screens (the dashboard, contract and incidents of issue 12 are still to come). */
const SCREENS = {
  '/messages': MessagesScreen,
} as const;

/** The tenant-portal remote: the portal routes of its roles (routes are relative to the shell's basePath). */
const App: RemoteApp = ({ user }) => (
  <div data-remote="tenant-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
