import { SEARCH_LIMIT, SearchQuerySchema, type SearchResults } from '@arrendia/api-contract';
import { can, canAccessRoute } from '@arrendia/permissions';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { scopeContracts, scopeProperties } from '../../policies/scope';
import { containsPattern } from '../../queries/textSearch';

/**
 * GET /api/search?q= → the header search box: properties, tenants and contracts in the user's
 * scope whose text contains q (case- and accent-insensitive), at most SEARCH_LIMIT of each; a kind
 * the role may not open comes back empty.
 */
export async function search(ctx: Ctx) {
  const { q } = parseInput(SearchQuerySchema, ctx.query);
  const user = currentUser(ctx);
  const role = user.role?.roleName;
  const knex = ctx.knex;

  // Each "searchText" is its row's searched columns folded at write time (migration 20261126160000).
  const pattern = containsPattern(q);

  const properties = can(role, 'properties:read')
    ? await scopeProperties(knex, knex('main_properties').select('main_properties.id', 'propertyName', 'addressStreet', 'city'), user)
        .where('main_properties.searchText', 'like', pattern)
        .orderBy('propertyName')
        .orderBy('main_properties.id')
        .limit(SEARCH_LIMIT)
    : [];

  // Users whose text matches and who are party to a contract in scope. EXISTS needs no DISTINCT,
  // and with the text folded already PostgreSQL tests it before walking the scope's contracts.
  const tenants = canAccessRoute(role, '/tenants')
    ? await knex('users')
        .select('users.id', 'users.firstName', 'users.lastName', 'users.email')
        .where('users.searchText', 'like', pattern)
        .whereExists(
          scopeContracts(
            knex,
            knex('tenants_contracts')
              .select(knex.raw('1'))
              .join('contracts', 'contracts.id', 'tenants_contracts.contractId')
              .where('tenants_contracts.tenantUserId', knex.ref('users.id')),
            user,
          ),
        )
        .orderBy('users.lastName')
        .orderBy('users.id')
        .limit(SEARCH_LIMIT)
    : [];

  // A contract matches on its code, its property's name (the first line of the property's
  // "searchText", where the name comes first) or its unit's name. The property is joined by the
  // contract's own "mainPropertyId", the column the scope reads: one probe per property, not per contract.
  const contracts = can(role, 'contracts:read')
    ? await scopeContracts(
        knex,
        knex('contracts')
          .select('contracts.id', 'contracts.contractCode', 'main_properties.propertyName', 'rentable_units.unitName')
          .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
          .join('main_properties', 'main_properties.id', 'contracts.mainPropertyId'),
        user,
      )
        .where((w) =>
          w
            .where('contracts.searchText', 'like', pattern)
            .orWhere(knex.raw(`split_part(??, E'\\n', 1)`, ['main_properties.searchText']), 'like', pattern)
            .orWhere('rentable_units.searchText', 'like', pattern),
        )
        .orderBy('contracts.startDate', 'desc')
        .orderBy('contracts.id', 'desc')
        .limit(SEARCH_LIMIT)
    : [];

  const results: SearchResults = { properties, tenants, contracts };
  ctx.body = results;
}
