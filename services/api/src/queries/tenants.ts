import type { ContractStatus, ListSort, TENANT_SORTS, TenantStatus } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { scopeContracts } from '../policies/scope';
import { whereContains } from './textSearch';

type TenantSort = (typeof TENANT_SORTS)[number];

export interface TenantFilters {
  /** Part of the tenant's name or email or of the property's name. */
  q?: string;
  status?: TenantStatus;
  sort?: ListSort<TenantSort> | null;
}

/** The contract status behind each tenant status (spec §4; presenters/tenant reads it back). */
const CONTRACT_STATUS_OF: Record<TenantStatus, ContractStatus> = { Activo: 'Activo', Pendiente: 'Pendiente', Inactivo: 'Finalizado' };

/** The column of each sortable field of the list (api-contract TENANT_SORTS); a name sorts by surname. */
const TENANT_SORT_COLUMNS: Record<TenantSort, SortColumn> = {
  name: { text: 'users.lastName' },
  propertyName: { text: 'main_properties.propertyName' },
  rentAmount: 'contracts.rentAmount',
  startDate: 'contracts.startDate',
};

/** A row is one tenant on one contract: both ids break ties. */
function tenantOrder(sort: ListSort<TenantSort>): PageOrder[] {
  const [first, ...ties] = listOrder(sort, TENANT_SORT_COLUMNS, [], 'contracts.id');
  const byFirstName: PageOrder[] = sort.field === 'name' ? [{ column: 'users.firstName', order: sort.direction, text: true }] : [];
  return [first!, ...byFirstName, ...ties, { column: 'users.id', order: sort.direction }];
}

/**
 * One row per tenant and contract the user may see (presenters/tenant: TenantListRow), current
 * contracts first, then by the tenant's name, unless sorted; `q` finds a word in the tenant's name
 * or email or the property's name.
 */
export function tenantRows(db: Knex, user: User, { q, status, sort }: TenantFilters = {}): Knex.QueryBuilder {
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
        'users.erasedAt',
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
  if (status) query.where('contracts.status', CONTRACT_STATUS_OF[status]);
  if (sort) return orderedBy(query, tenantOrder(sort));
  return query.orderByRaw(`case contracts.status when 'Activo' then 0 when 'Pendiente' then 1 else 2 end, users."lastName", users."firstName", contracts.id, users.id`);
}
