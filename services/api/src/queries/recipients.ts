import { roleNamesOf } from '@arrendia/permissions';
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** admin_agencia and its aliases, as role names may be stored. */
const AGENCY_ADMIN_ROLE_NAMES = roleNamesOf('admin_agencia');

/**
 * Who runs a property, for notifications: its owner and the administrators of the agency that
 * manages it, active ones only, without `exceptUserId` (the person who caused the change).
 */
export async function propertyStaff(db: Db, propertyId: number, exceptUserId: number | null = null): Promise<number[]> {
  const property = await db('main_properties').select('ownerUserId', 'managerAgencyId').where('id', propertyId).first();
  if (!property) return [];
  const query = db('users')
    .join('roles', 'roles.id', 'users.roleId')
    .select('users.id')
    .where('users.isActive', true)
    .where((w) => {
      w.where('users.id', property.ownerUserId);
      // Guarded: `where agencyId = null` would become `is null` and match every agency-less admin.
      if (property.managerAgencyId !== null) w.orWhere((a) => a.where('users.agencyId', property.managerAgencyId).whereIn('roles.roleName', AGENCY_ADMIN_ROLE_NAMES));
    });
  if (exceptUserId !== null) query.whereNot('users.id', exceptUserId);
  const rows: { id: number }[] = await query;
  return rows.map((r) => r.id);
}

/** The active tenants of a contract. */
export async function contractTenants(db: Db, contractId: number): Promise<number[]> {
  return db('tenants_contracts')
    .join('users', 'users.id', 'tenants_contracts.tenantUserId')
    .where({ 'tenants_contracts.contractId': contractId, 'users.isActive': true })
    .pluck('users.id');
}
