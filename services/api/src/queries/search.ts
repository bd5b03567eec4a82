import { SEARCH_LIMIT } from '@arrendia/api-contract';
import { can, canAccessRoute } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { runPrepared } from '../db/prepared';
import type { User } from '../models/User';
import { scopeContracts, scopeProperties, scopeUnits } from '../policies/scope';
import type { SearchRow } from '../presenters/search';
import { containsPattern } from './textSearch';

/**
 * The header search box's matches for `q`: properties, tenants and contracts in the user's scope
 * whose text contains q (case- and accent-insensitive), at most SEARCH_LIMIT of each; a kind the
 * role may not open is not asked for and comes back empty.
 */
export async function searchRows(knex: Knex, user: User, q: string): Promise<SearchRow> {
  const role = user.role?.roleName;

  // Each "searchText" is its row's searched columns folded at write time (migration 20261126160000).
  const pattern = containsPattern(q);

  // Each part is a subquery of one statement (below), ordered inside the aggregate by its own
  // columns; a kind the role may not open is not asked for.
  const properties = can(role, 'properties:read')
    ? scopeProperties(knex, knex('main_properties').select('main_properties.id', 'propertyName', 'addressStreet', 'city'), user)
        .where('main_properties.searchText', 'like', pattern)
        .orderBy('propertyName')
        .orderBy('main_properties.id')
        .limit(SEARCH_LIMIT)
    : null;

  // Users whose text matches (a trigram index, migration 20261126200000) among those party to a
  // contract in scope.
  const tenants = canAccessRoute(role, '/tenants')
    ? knex('users')
        .select('users.id', 'users.firstName', 'users.lastName', 'users.email')
        .where('users.searchText', 'like', pattern)
        .whereIn(
          'users.id',
          scopeContracts(knex, knex('tenants_contracts').select('tenants_contracts.tenantUserId').join('contracts', 'contracts.id', 'tenants_contracts.contractId'), user),
        )
        .orderBy('users.lastName')
        .orderBy('users.id')
        .limit(SEARCH_LIMIT)
    : null;

  // A contract matches on its code, its property's name (the first line of the property's
  // "searchText", where the name comes first) or its unit's name. The matching units and properties
  // are picked first, each from the scope's index (an agency's rows carry its id), and the scope's
  // contracts are then read newest first until the page is full: the units and properties are
  // joined for the rows shown only, not for every contract in scope.
  const contracts = can(role, 'contracts:read')
    ? scopeContracts(
        knex,
        knex('contracts')
          .select('contracts.id', 'contracts.contractCode', 'main_properties.propertyName', 'rentable_units.unitName', 'contracts.startDate')
          .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
          .join('main_properties', 'main_properties.id', 'contracts.mainPropertyId'),
        user,
      )
        .where((w) =>
          w
            .where('contracts.searchText', 'like', pattern)
            .orWhereIn('contracts.rentableUnitId', scopeUnits(knex, knex('rentable_units').select('rentable_units.id').where('rentable_units.searchText', 'like', pattern), user))
            .orWhereIn(
              'contracts.mainPropertyId',
              scopeProperties(knex, knex('main_properties').select('main_properties.id').where(knex.raw(`split_part(??, E'\\n', 1)`, ['main_properties.searchText']), 'like', pattern), user),
            ),
        )
        .orderBy('contracts.startDate', 'desc')
        .orderBy('contracts.id', 'desc')
        .limit(SEARCH_LIMIT)
    : null;

  // One statement, one round trip: each kind as a JSON array of its rows, in its own order (the
  // three as separate queries cost the API more than PostgreSQL), prepared once per connection.
  const asArray = (part: Knex.QueryBuilder | null, order: string, name: string) =>
    part ? knex.raw(`(select coalesce(json_agg(r order by ${order}), '[]'::json) from (?) r) as ??`, [part, name]) : knex.raw(`'[]'::json as ??`, [name]);
  return runPrepared<SearchRow>(
    knex.first(
      asArray(properties, 'r."propertyName", r.id', 'properties'),
      asArray(tenants, 'r."lastName", r.id', 'tenants'),
      asArray(contracts, 'r."startDate" desc, r.id desc', 'contracts'),
    ),
  );
}
