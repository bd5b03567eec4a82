import { lazyScreen, type PortalScreen } from '@arrendia/portal-runtime';
import type { AppRoute } from '@arrendia/permissions';

/**
 * The screens every portal of people who run properties mounts the same way (owner, agency, super
 * admin): the API scopes the rows, PortalRoutes offers each role only its routes. A portal adds
 * its own dashboard and whatever else is its alone. Each screen loads when its route is opened.
 */
export const STAFF_SCREENS = {
  '/properties': lazyScreen(() => import('./PropertiesWithMovements').then(({ PropertiesWithMovements }) => PropertiesWithMovements)),
  '/contracts': lazyScreen(() => import('./ContractsWithCharges').then(({ ContractsWithCharges }) => ContractsWithCharges)),
  '/finances': lazyScreen(() => import('./FinancesWithCharges').then(({ FinancesWithCharges }) => FinancesWithCharges)),
  '/incidents': lazyScreen(() => import('./IncidentsWithDocuments').then(({ IncidentsWithDocuments }) => IncidentsWithDocuments)),
  '/documents': lazyScreen(() => import('./DocumentsScreen').then(({ DocumentsScreen }) => DocumentsScreen)),
  '/analytics': lazyScreen(() => import('./AnalyticsScreen').then(({ AnalyticsScreen }) => AnalyticsScreen)),
  '/reports': lazyScreen(() => import('@arrendia/feature-reports').then(({ ReportsScreen }) => ReportsScreen)),
  '/maintenance': lazyScreen(() => import('@arrendia/feature-maintenance').then(({ MaintenanceScreen }) => MaintenanceScreen)),
  '/tenants': lazyScreen(() => import('./TenantsWithDocuments').then(({ TenantsWithDocuments }) => TenantsWithDocuments)),
  '/messages': lazyScreen(() => import('@arrendia/feature-messages').then(({ MessagesScreen }) => MessagesScreen)),
  '/leads': lazyScreen(() => import('@arrendia/feature-agent').then(({ LeadsScreen }) => LeadsScreen)),
  '/settings': lazyScreen(() => import('./SettingsWithImport').then(({ SettingsWithImport }) => SettingsWithImport)),
} as const satisfies Partial<Record<AppRoute, PortalScreen>>;
