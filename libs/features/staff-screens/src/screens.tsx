import type { CurrentUser } from '@arrendia/api-contract';
import { ContractsScreen } from '@arrendia/feature-contracts';
import { DocumentsScreen } from '@arrendia/feature-documents';
import { AnalyticsScreen, FinancesScreen } from '@arrendia/feature-finances';
import { IncidentsScreen } from '@arrendia/feature-incidents';
import { MaintenanceScreen } from '@arrendia/feature-maintenance';
import { MessagesScreen } from '@arrendia/feature-messages';
import { RentChargesPanel } from '@arrendia/feature-payments';
import type { PortalScreen } from '@arrendia/feature-portal';
import { PropertiesScreen } from '@arrendia/feature-properties';
import { ReportsScreen } from '@arrendia/feature-reports';
import { SettingsScreen } from '@arrendia/feature-settings';
import { TenantsScreen } from '@arrendia/feature-tenants';
import type { AppRoute } from '@arrendia/permissions';

/** Contracts with each contract's rent charges under its detail (issue 12: confirm reception there). */
export const ContractsWithCharges = ({ user }: { user: CurrentUser | null }) => <ContractsScreen user={user} detailExtra={(id) => <RentChargesPanel user={user} contractId={id} />} />;

/** Finances with the month's rent charges to confirm (issue 12). */
export const FinancesWithCharges = ({ user }: { user: CurrentUser | null }) => (
  <>
    <FinancesScreen user={user} />
    <RentChargesPanel user={user} />
  </>
);

/**
 * The screens every portal of people who run properties mounts the same way (owner, agency, super
 * admin): the API scopes the rows, PortalRoutes offers each role only its routes. A portal adds
 * its own dashboard and whatever else is its alone.
 */
export const STAFF_SCREENS = {
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
  '/settings': SettingsScreen,
} as const satisfies Partial<Record<AppRoute, PortalScreen>>;
