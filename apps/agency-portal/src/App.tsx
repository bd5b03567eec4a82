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
import { AgencyDashboard } from './AgencyDashboard';

/** Contracts with each contract's rent charges under its detail (issue 12: confirm reception there). */
const ContractsWithCharges = ({ user }: { user: CurrentUser | null }) => <ContractsScreen user={user} detailExtra={(id) => <RentChargesPanel user={user} contractId={id} />} />;

/** Finances with the month's rent charges to confirm (issue 12). */
const FinancesWithCharges = ({ user }: { user: CurrentUser | null }) => (
  <>
    <FinancesScreen user={user} />
    <RentChargesPanel user={user} />
  </>
);

/**
 * The agency-portal remote: admin_agencia, agente and propietario_delegado work on the feature libs
 * the owner portal uses; the API scopes every row to the agency (or the delegated principals), and
 * PortalRoutes offers each role only the routes the route table gives it.
 */
const SCREENS = {
  '/dashboard': AgencyDashboard,
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
} as const;

const App: RemoteApp = ({ user }) => (
  <div data-remote="agency-portal" data-build={__ARRENDIA_BUILD_ID__}>
    <PortalRoutes user={user} screens={SCREENS} />
  </div>
);

export default App;
