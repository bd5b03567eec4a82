import { ContractsScreen } from '@arrendia/feature-contracts';
import { DocumentsScreen } from '@arrendia/feature-documents';
import { AnalyticsScreen, FinancesScreen } from '@arrendia/feature-finances';
import { IncidentsScreen } from '@arrendia/feature-incidents';
import { MaintenanceScreen } from '@arrendia/feature-maintenance';
import { MessagesScreen } from '@arrendia/feature-messages';
import { TenantsScreen } from '@arrendia/feature-tenants';
import { RentChargesPanel } from '@arrendia/feature-payments';
import { PortalRoutes } from '@arrendia/feature-portal';
import { PropertiesScreen } from '@arrendia/feature-properties';
import { ReportsScreen } from '@arrendia/feature-reports';
import type { CurrentUser } from '@arrendia/api-contract';
import type { RemoteApp } from '@arrendia/remote-contract';
import { OwnerDashboard } from './OwnerDashboard';
import { OwnerSettings } from './OwnerSettings';

/** Contracts with each contract's rent charges under its detail (issue 12: confirm reception there). */
const ContractsWithCharges = ({ user }: { user: CurrentUser | null }) => <ContractsScreen user={user} detailExtra={(id) => <RentChargesPanel user={user} contractId={id} />} />;

/** Finances with the month's rent charges to confirm (issue 12). */
const FinancesWithCharges = ({ user }: { user: CurrentUser | null }) => (
  <>
    <FinancesScreen user={user} />
    <RentChargesPanel user={user} />
  </>
);

/** The owner-portal remote: propietario_individual's screens, composed from the feature libs. */
const SCREENS = {
  '/dashboard': OwnerDashboard,
  '/properties': PropertiesScreen,
  '/contracts': ContractsWithCharges,
  '/finances': FinancesWithCharges,
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
