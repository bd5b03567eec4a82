import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeContracts } from '../policies/scope';

type Db = Knex | Knex.Transaction;

/** Rent charges in the user's scope (a tenant: its contracts'; staff: their properties'), with contract, home and first tenant. */
export function rentChargeRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('rent_charges')
    .join('contracts', 'contracts.id', 'rent_charges.contractId')
    .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .select(
      'rent_charges.*',
      'contracts.contractCode',
      'main_properties.propertyName',
      'rentable_units.unitName',
      db.raw(
        `(select concat_ws(' ', u."firstName", u."lastName") from tenants_contracts tc join users u on u.id = tc."tenantUserId"
           where tc."contractId" = contracts.id order by tc."isPrimaryTenant" desc, u.id limit 1) as "tenantName"`,
      ),
    );
  return scopeContracts(db, query, user);
}
