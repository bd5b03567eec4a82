import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeLeads, scopeVisits } from '../policies/scope';

type Db = Knex | Knex.Transaction;

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
