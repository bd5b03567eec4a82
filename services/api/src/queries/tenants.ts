import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeContracts } from '../policies/scope';
import { whereContains } from './textSearch';

/**
 * One row per tenant and contract the user may see (presenters/tenant: TenantListRow), current
 * contracts first, then by the tenant's name; `q` finds a word in the tenant's name or email or the
 * property's name.
 */
export function tenantRows(db: Knex, user: User, q?: string): Knex.QueryBuilder {
  const query = scopeContracts(
    db,
    db('tenants_contracts')
      .join('users', 'users.id', 'tenants_contracts.tenantUserId')
      .join('contracts', 'contracts.id', 'tenants_contracts.contractId')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .select(
        'users.id as tenantId',
        'users.firstName',
        'users.lastName',
        'users.email',
        'users.telefono',
        'contracts.id as contractId',
        'contracts.contractCode',
        'contracts.status',
        'contracts.rentAmount',
        'contracts.startDate',
        'rentable_units.id as unitId',
        'rentable_units.unitName',
        'main_properties.id as propertyId',
        'main_properties.propertyName',
      ),
    user,
  );
  if (q) whereContains(query, db, ['users.firstName', 'users.lastName', 'users.email', 'main_properties.propertyName'], q);
  return query.orderByRaw(`case contracts.status when 'Activo' then 0 when 'Pendiente' then 1 else 2 end, users."lastName", users."firstName", contracts.id`);
}
