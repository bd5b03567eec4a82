import type {
  ContractsListQuerySchema,
  DocumentsListQuerySchema,
  IncidentsListQuerySchema,
  LeadsListQuerySchema,
  MaintenanceTasksListQuerySchema,
  PropertiesListQuerySchema,
  ProvidersListQuerySchema,
  RentChargesListQuerySchema,
  TenantsListQuerySchema,
  TransactionsListQuerySchema,
  UnitsListQuerySchema,
  VisitsListQuerySchema,
} from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { Ctx } from './context';
import { currentUser } from './middlewares/authenticate';
import type { User } from './models/User';
import { listSource, type ListFilters } from './pagination';
import { presentContractListItem, type ContractListRow } from './presenters/contract';
import { presentDocument, type DocumentRow } from './presenters/document';
import { presentIncidentListItem, type IncidentRow } from './presenters/incident';
import { presentLead, type LeadRow } from './presenters/lead';
import { presentMaintenanceTask, presentProvider, type MaintenanceTaskRow, type ProviderRow } from './presenters/maintenance';
import { presentPropertyListItem, type PropertyColumns, type UnitFigures } from './presenters/property';
import { presentRentCharge, type RentChargeRow } from './presenters/rentCharge';
import { presentTenantRow, type TenantListRow } from './presenters/tenant';
import { presentTransactionListItem, type TransactionListRow } from './presenters/transaction';
import { presentUnitOption, type UnitOptionRow } from './presenters/unit';
import { presentVisit, type VisitRow } from './presenters/visit';
import { contractList } from './queries/contracts';
import { deletableDocumentIds, documentListPage } from './queries/documents';
import { incidentListPage } from './queries/incidents';
import { maintenanceTaskList, providerList } from './queries/maintenanceRows';
import { leadList, visitList } from './queries/pipelineRows';
import { propertyList } from './queries/properties';
import { rentChargeList } from './queries/rentCharges';
import { tenantRows } from './queries/tenants';
import { transactionList } from './queries/transactions';
import { unitOptionList } from './queries/units';

/**
 * The lists with a table as their screens read them (issue 35): each source is the list under its
 * filters, in its order, scoped to the user. The same source serves the list's pages (listPage),
 * its CSV (csv/listCsv) and the account's data export (commands/dataExporter), so all three hold
 * exactly the same rows. A source reads through `knex` only: it runs inside a request or in a job.
 */

/** Whose list, read through which connection. */
export interface ListScope {
  knex: Knex;
  user: User;
}

/** A request's list scope: its connection and its signed-in user (read when the source asks for it). */
export const requestScope = (ctx: Ctx): ListScope => ({
  knex: ctx.knex,
  get user() {
    return currentUser(ctx);
  },
});

/** The user's properties (GET /api/properties). */
export function propertiesOf({ knex, user }: ListScope, filters: ListFilters<typeof PropertiesListQuerySchema>) {
  const { query, options } = propertyList(knex, user, filters);
  return listSource(query, (rows: (PropertyColumns & UnitFigures)[]) => rows.map((p) => presentPropertyListItem(p, p)), options);
}

/** The units the user manages (GET /api/units). */
export function unitsOf({ knex, user }: ListScope, filters: ListFilters<typeof UnitsListQuerySchema>) {
  return listSource(unitOptionList(knex, user, filters), (rows: UnitOptionRow[]) => rows.map(presentUnitOption));
}

/** The user's contracts (GET /api/contracts). */
export function contractsOf({ knex, user }: ListScope, filters: ListFilters<typeof ContractsListQuerySchema>) {
  const { query, options } = contractList(knex, user, filters);
  return listSource(query, (rows: ContractListRow[]) => rows.map(presentContractListItem), options);
}

/** The tenant rows (GET /api/tenants). */
export function tenantsOf({ knex, user }: ListScope, filters: ListFilters<typeof TenantsListQuerySchema>) {
  return listSource(tenantRows(knex, user, filters), (rows: TenantListRow[]) => rows.map(presentTenantRow));
}

/** The user's transactions (GET /api/transactions). */
export function transactionsOf({ knex, user }: ListScope, filters: ListFilters<typeof TransactionsListQuerySchema>) {
  const { query, options } = transactionList(knex, user, filters);
  return listSource(query, (rows: TransactionListRow[]) => rows.map(presentTransactionListItem), options);
}

/** The rent charges in scope (GET /api/rent-charges); overdue as of today. */
export function chargesOf({ knex, user }: ListScope, filters: ListFilters<typeof RentChargesListQuerySchema>) {
  const today = todayIso();
  return listSource(rentChargeList(knex, user, filters), (rows: RentChargeRow[]) => rows.map((row) => presentRentCharge(row, today)));
}

/** The user's incidents (GET /api/incidents). */
export function incidentsOf({ knex, user }: ListScope, filters: ListFilters<typeof IncidentsListQuerySchema>) {
  const { query, count, narrow } = incidentListPage(knex, user, filters);
  return listSource(query, (rows: IncidentRow[]) => rows.map(presentIncidentListItem), { count, narrow });
}

/** The user's documents (GET /api/documents), each saying whether the user may delete it. */
export function documentsOf({ knex, user }: ListScope, filters: ListFilters<typeof DocumentsListQuerySchema>) {
  const { query, count, decorate } = documentListPage(knex, user, filters);
  return listSource(
    query,
    async (rows: DocumentRow[]) => {
      const deletable = await deletableDocumentIds(knex, user, rows.map((r) => r.id));
      return rows.map((r) => presentDocument(r, deletable.has(r.id)));
    },
    { count, decorate },
  );
}

/** The user's maintenance tasks (GET /api/maintenance/tasks). */
export function tasksOf({ knex, user }: ListScope, filters: ListFilters<typeof MaintenanceTasksListQuerySchema>) {
  return listSource(maintenanceTaskList(knex, user, filters), (rows: MaintenanceTaskRow[]) => rows.map(presentMaintenanceTask));
}

/** The user's providers (GET /api/providers). */
export function providersOf({ knex, user }: ListScope, filters: ListFilters<typeof ProvidersListQuerySchema>) {
  return listSource(providerList(knex, user, filters), (rows: ProviderRow[]) => rows.map(presentProvider));
}

/** The user's leads (GET /api/leads). */
export function leadsOf({ knex, user }: ListScope, filters: ListFilters<typeof LeadsListQuerySchema>) {
  return listSource(leadList(knex, user, filters), (rows: LeadRow[]) => rows.map(presentLead));
}

/** The agency's visits (GET /api/visits). */
export function visitsOf({ knex, user }: ListScope, filters: ListFilters<typeof VisitsListQuerySchema>) {
  return listSource(visitList(knex, user, filters), (rows: VisitRow[]) => rows.map(presentVisit));
}
