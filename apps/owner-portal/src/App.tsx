import { ContractsScreen } from '@arrendia/feature-contracts';
import { DocumentsScreen } from '@arrendia/feature-documents';
import { AnalyticsScreen, FinancesScreen } from '@arrendia/feature-finances';
import { IncidentsScreen } from '@arrendia/feature-incidents';
import { MaintenanceScreen } from '@arrendia/feature-maintenance';
import { MessagesScreen } from '@arrendia/feature-messages';
import { TenantsScreen } from '@arrendia/feature-tenants';
import { PortalRoutes } from '@arrendia/feature-portal';
import { PropertiesScreen } from '@arrendia/feature-properties';
import { ReportsScreen } from '@arrendia/feature-reports';
import type { RemoteApp } from '@arrendia/remote-contract';
import { OwnerDashboard } from './OwnerDashboard';
import { OwnerSettings } from './OwnerSettings';

/** The owner-portal remote: propietario_individual's screens, composed from the feature libs. */
const SCREENS = {
  '/dashboard': OwnerDashboard,
  '/properties': PropertiesScreen,
  '/contracts': ContractsScreen,
  '/finances': FinancesScreen,
  '/incidents': IncidentsScreen,
  '/documents': DocumentsScreen,
  '/analytics': AnalyticsScreen,
  '/reports': ReportsScreen,
  '/maintenance': MaintenanceScreen,
  '/tenants': TenantsScreen,
  '/messages': MessagesScreen,
  '/settings': OwnerSettings,
} as const;

const App: RemoteApp = ({ user }) => (
  <div data-remote="owner-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
