import type { LEAD_SORTS, LeadStatus, ListSort, VISIT_SORTS, VisitStatus } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { scopeLeads, scopeVisits } from '../policies/scope';
import type { LeadRow } from '../presenters/lead';
import { madridDayBounds } from './dashboardMetrics';
import { whereContains } from './textSearch';

type Db = Knex | Knex.Transaction;

export const LEAD_NOT_FOUND = 'No se ha encontrado el cliente potencial';

/** Leads the user may see, with what the pipeline shows of their listing, unit, property and agent. */
export function leadRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('leads')
    .join('unit_listings', 'unit_listings.id', 'leads.listingId')
    .join('rentable_units', 'rentable_units.id', 'unit_listings.rentableUnitId')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .leftJoin('users as agent', 'agent.id', 'leads.assignedAgentUserId')
    .select(
      'leads.*',
      'unit_listings.title as listingTitle',
      'rentable_units.id as unitId',
      'rentable_units.unitName',
      'main_properties.id as propertyId',
      'main_properties.propertyName',
      'agent.firstName as agentFirstName',
      'agent.lastName as agentLastName',
    );
  return scopeLeads(db, query, user);
}

type LeadSort = (typeof LEAD_SORTS)[number];

/** The column of each sortable field of the leads list (api-contract LEAD_SORTS). */
const LEAD_SORT_COLUMNS: Record<LeadSort, SortColumn> = {
  createdAt: 'leads.createdAt',
  name: { text: 'leads.name' },
};

export interface LeadFilters {
  status?: LeadStatus;
  /** Only those assigned to the user. */
  mine?: boolean;
  /** Words of the name, the email or the listing's title. */
  q?: string;
  sort?: ListSort<LeadSort> | null;
}

/** GET /api/leads: the user's leads (LeadRow), newest first unless sorted; `mine` keeps those assigned to the user, `q` searches name, email and listing. */
export function leadList(db: Db, user: User, { status, mine, q, sort }: LeadFilters): Knex.QueryBuilder {
  const query = leadRows(db, user);
  if (status) query.where('leads.status', status);
  if (mine) query.where('leads.assignedAgentUserId', user.id);
  if (q) whereContains(query, db, ['leads.name', 'leads.email', 'unit_listings.title'], q);
  const newestFirst: PageOrder[] = [
    { column: 'leads.createdAt', order: 'desc' },
    { column: 'leads.id', order: 'desc' },
  ];
  return orderedBy(query, listOrder(sort, LEAD_SORT_COLUMNS, newestFirst, 'leads.id'));
}

/** One lead the user may see; 404 outside the user's agency. */
export function findLead(db: Db, user: User, id: number): Promise<LeadRow> {
  return loadInScope<LeadRow>(leadRows(db, user).where('leads.id', id), { notFound: LEAD_NOT_FOUND });
}

/**
 * A visit's type (VISIT_TYPES): a second one when the same lead (or, for a visit without one, the
 * same contact at the same unit) has an earlier visit that was not cancelled.
 */
const VISIT_TYPE_SQL = `case when exists (
    select 1 from visits earlier
     where earlier.id <> visits.id and earlier.status <> 'Cancelada' and earlier."startsAt" < visits."startsAt"
       and (case when visits."leadId" is not null then earlier."leadId" = visits."leadId"
                 else earlier."leadId" is null and earlier."rentableUnitId" = visits."rentableUnitId" and lower(earlier."contactName") = lower(visits."contactName") end)
  ) then 'Segunda visita' else 'Primera visita' end as "visitType"`;

/** Visits the user may see, with their unit, property, agent and type. */
export function visitRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('visits')
    .join('rentable_units', 'rentable_units.id', 'visits.rentableUnitId')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .join('users as agent', 'agent.id', 'visits.agentUserId')
    .select(
      'visits.*',
      'rentable_units.unitName',
      'main_properties.id as propertyId',
      'main_properties.propertyName',
      'main_properties.addressStreet',
      'main_properties.addressNumber',
      'main_properties.city',
      'agent.firstName as agentFirstName',
      'agent.lastName as agentLastName',
      db.raw(VISIT_TYPE_SQL),
    );
  return scopeVisits(db, query, user);
}

type VisitSort = (typeof VISIT_SORTS)[number];

/** The column of each sortable field of the visits list (api-contract VISIT_SORTS). */
const VISIT_SORT_COLUMNS: Record<VisitSort, SortColumn> = { startsAt: 'visits.startsAt' };

export interface VisitFilters {
  /** Madrid days, inclusive, of the start. */
  from?: string;
  to?: string;
  status?: VisitStatus;
  /** Only the user's own. */
  mine?: boolean;
  sort?: ListSort<VisitSort> | null;
}

/**
 * GET /api/visits: the user's visits (VisitRow) by start time, soonest first unless sorted;
 * `from`/`to` are Madrid days, inclusive; `mine` keeps the user's own.
 */
export function visitList(db: Db, user: User, { from, to, status, mine, sort }: VisitFilters): Knex.QueryBuilder {
  const query = visitRows(db, user);
  if (from) query.where('visits.startsAt', '>=', madridDayBounds(from).start);
  if (to) query.where('visits.startsAt', '<', madridDayBounds(to).end);
  if (status) query.where('visits.status', status);
  if (mine) query.where('visits.agentUserId', user.id);
  const soonestFirst: PageOrder[] = [
    { column: 'visits.startsAt', order: 'asc' },
    { column: 'visits.id', order: 'asc' },
  ];
  return orderedBy(query, listOrder(sort, VISIT_SORT_COLUMNS, soonestFirst, 'visits.id'));
}
