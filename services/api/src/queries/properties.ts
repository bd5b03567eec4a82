import { PROPERTY_DETAIL_INCIDENTS, PROPERTY_DETAIL_TRANSACTIONS, PROPERTY_OWNERS_LIMIT, type ListSort, type Person, type PROPERTY_SORTS, type PropertyOwnerOption } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { namableOwners } from '../policies/property';
import { scopeContracts, scopeProperties } from '../policies/scope';
import type { ContractListRow } from '../presenters/contract';
import type { IncidentRow } from '../presenters/incident';
import { PROPERTY_COLUMNS, type PropertyColumns, type PropertyDetailRows } from '../presenters/property';
import type { TransactionListRow } from '../presenters/transaction';
import { contractRows, incidentRows, transactionRows } from './portfolioRows';
import { whereContains } from './textSearch';
import { propertyUnits } from './units';
import { agencyAgents } from './agencies';
import { editableScope } from '../policies/manageable';

type Db = Knex | Knex.Transaction;

export const PROPERTY_NOT_FOUND = 'No se ha encontrado la propiedad';

/** What `?q=` searches, ignoring case and accents (queries/textSearch.ts). */
const SEARCHED_COLUMNS = ['main_properties.propertyName', 'main_properties.addressStreet', 'main_properties.city'];

/**
 * The card figures of each property's active units, joined to the page's rows only (a lateral
 * subquery per row of the page, in the same round trip; the count does not compute them).
 */
function withUnitFigures(db: Db, page: Knex.QueryBuilder): Knex.QueryBuilder {
  return page
    .joinRaw(
      `left join lateral (
         select count(*)::int as "unitCount",
                (count(*) filter (where ru."currentStatus" = 'Alquilado'))::int as "rentedUnits",
                coalesce(sum(ru."baseRentPrice"), 0)::numeric(14,2)::text as "monthlyRent"
           from rentable_units ru
          where ru."mainPropertyId" = main_properties.id and ru."isActive"
       ) as figures on true`,
    )
    .select(db.raw('figures.*'));
}

type PropertySort = (typeof PROPERTY_SORTS)[number];

export interface PropertyFilters {
  archived?: boolean;
  ownerId?: number;
  /** Part of the city, ignoring case and accents. */
  city?: string;
  /** Words of the name, street or city. */
  q?: string;
  sort?: ListSort<PropertySort> | null;
}

/** The column of each sortable field of the list (api-contract PROPERTY_SORTS). */
const PROPERTY_SORT_COLUMNS: Record<PropertySort, SortColumn> = {
  createdAt: 'main_properties.createdAt',
  propertyName: { text: 'main_properties.propertyName' },
  city: { text: 'main_properties.city' },
};

const NEWEST_FIRST: PageOrder[] = [
  { column: 'main_properties.createdAt', order: 'desc' },
  { column: 'main_properties.id', order: 'desc' },
];

/**
 * GET /api/properties: the user's properties (PropertyColumns & UnitFigures), newest first unless
 * sorted, and paginate's `decorate` that adds each page row's unit figures.
 */
export function propertyList(db: Db, user: User, { archived, ownerId, city, q, sort }: PropertyFilters) {
  const query = scopeProperties(db, db('main_properties').select(PROPERTY_COLUMNS.map((column) => `main_properties.${column}`)), user);
  if (archived !== undefined) query.where('main_properties.isArchived', archived);
  if (ownerId !== undefined) query.where('main_properties.ownerUserId', ownerId);
  if (city) whereContains(query, db, ['main_properties.city'], city);
  if (q) whereContains(query, db, SEARCHED_COLUMNS, q);
  orderedBy(query, listOrder(sort, PROPERTY_SORT_COLUMNS, NEWEST_FIRST, 'main_properties.id'));
  return { query, options: { decorate: (page: Knex.QueryBuilder) => withUnitFigures(db, page) } };
}

/** GET /api/properties/:id: the property in the user's scope with its units, contracts, latest incidents and transactions; 404 otherwise. */
export async function propertyDetail(db: Db, user: User, id: number): Promise<PropertyDetailRows> {
  const property = await loadInScope<PropertyColumns>(scopeProperties(db, db('main_properties').select('main_properties.*').where('main_properties.id', id), user), {
    notFound: PROPERTY_NOT_FOUND,
  });

  const units = await propertyUnits(db, id);
  // The agent counts while it is one of the managing agency's (scope.ts assignedAgentProperties).
  const assignedAgent: Person | null =
    (await db('main_properties')
      .join('users', 'users.id', 'main_properties.assignedAgentUserId')
      .whereRaw('"users"."agencyId" = "main_properties"."managerAgencyId"')
      .where('main_properties.id', id)
      .select('users.id', 'users.firstName', 'users.lastName')
      .first()) ?? null;

  // The rows below hang off a property the user may see; each still goes through its own scope.
  const contracts: ContractListRow[] = await scopeContracts(db, contractRows(db).where('rentable_units.mainPropertyId', id), user).orderBy([
    { column: 'contracts.startDate', order: 'desc' },
    { column: 'contracts.id', order: 'desc' },
  ]);

  const incidents: IncidentRow[] = await incidentRows(db, user)
    .where('rentable_units.mainPropertyId', id)
    .orderBy([
      { column: 'incidents.createdAt', order: 'desc' },
      { column: 'incidents.id', order: 'desc' },
    ])
    .limit(PROPERTY_DETAIL_INCIDENTS);

  const transactions: TransactionListRow[] = await transactionRows(db, user)
    .where('transactions.mainPropertyId', id)
    .orderBy([
      { column: 'transactions.transactionDate', order: 'desc' },
      { column: 'transactions.id', order: 'desc' },
    ])
    .limit(PROPERTY_DETAIL_TRANSACTIONS);

  const managerAgency: { id: number; nombreAgencia: string } | null = property.managerAgencyId === null ? null : ((await db('agencies').where('id', property.managerAgencyId).first('id', 'nombreAgencia')) ?? null);
  const pending: { id: number; agencyId: number; nombreAgencia: string } | undefined = await db('consent_requests')
    .join('agencies', 'agencies.id', 'consent_requests.agencyId')
    .where({ 'consent_requests.mainPropertyId': id, 'consent_requests.kind': 'agency_management', 'consent_requests.status': 'Pendiente' })
    .orderBy('consent_requests.id', 'desc')
    .first('consent_requests.id', 'consent_requests.agencyId', 'agencies.nombreAgencia');
  const pendingAgencyRequest = pending ? { id: pending.id, agency: { id: pending.agencyId, nombreAgencia: pending.nombreAgencia } } : null;

  return { property, assignedAgent, managerAgency, pendingAgencyRequest, units, contracts, incidents, transactions };
}

/**
 * GET /api/properties/owners: the owners the user may name as `ownerUserId` (policies/property
 * namableOwners, the rule the create checks), by name, at most PROPERTY_OWNERS_LIMIT; `q` matches
 * name or email. Empty for a user who names nobody.
 */
export async function propertyOwnerOptions(db: Db, user: User, q?: string): Promise<PropertyOwnerOption[]> {
  const owners = namableOwners(db, user);
  if (!owners) return [];
  owners.select('users.id', 'users.firstName', 'users.lastName', 'users.email').orderBy(['users.firstName', 'users.lastName', 'users.id']).limit(PROPERTY_OWNERS_LIMIT);
  if (q) whereContains(owners, db, ['users.firstName', 'users.lastName', 'users.email'], q);
  return owners;
}

/**
 * GET /api/properties/:id/agents: whom the user may put in charge of the property (the active
 * agents of the agency that manages it; none when no agency does), if it may edit the property; 404 otherwise.
 */
export async function assignableAgents(db: Db, user: User, id: number): Promise<Person[]> {
  const property = await loadInScope<{ managerAgencyId: number | null }>(db('main_properties').select('main_properties.managerAgencyId').where('main_properties.id', id), {
    scope: editableScope(db, user, 'main_properties.id'),
    notFound: PROPERTY_NOT_FOUND,
  });
  return property.managerAgencyId === null ? [] : agencyAgents(db, property.managerAgencyId);
}
