import { SEARCH_LIMIT, SearchQuerySchema, type SearchResults } from '@arrendia/api-contract';
import { can, canAccessRoute } from '@arrendia/permissions';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { scopeContracts, scopeProperties } from '../../policies/scope';
import { whereContains } from '../../queries/textSearch';

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

  const properties = can(role, 'properties:read')
    ? await whereContains(
        scopeProperties(knex, knex('main_properties').select('main_properties.id', 'propertyName', 'addressStreet', 'city'), user),
        knex,
        ['main_properties.propertyName', 'main_properties.addressStreet', 'main_properties.city', 'main_properties.refCatastral'],
        q,
      )
        .orderBy('propertyName')
        .orderBy('main_properties.id')
        .limit(SEARCH_LIMIT)
    : [];

  // The user's tenants first (a materialised CTE), then the text test on those rows only: the
  // planner cannot tell that folding four columns of every user costs more than walking the scope.
  const tenants = canAccessRoute(role, '/tenants')
    ? await whereContains(
        knex
          .withMaterialized(
            'scoped',
            scopeContracts(
              knex,
              knex('users')
                .distinct('users.id', 'users.firstName', 'users.lastName', 'users.email', 'users.nifCif')
                .join('tenants_contracts', 'tenants_contracts.tenantUserId', 'users.id')
                .join('contracts', 'contracts.id', 'tenants_contracts.contractId')
                .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId'),
              user,
            ),
          )
          .from('scoped')
          .select('scoped.id', 'scoped.firstName', 'scoped.lastName', 'scoped.email'),
        knex,
        ['scoped.firstName', 'scoped.lastName', 'scoped.email', 'scoped.nifCif'],
        q,
      )
        .orderBy('scoped.lastName')
        .orderBy('scoped.id')
        .limit(SEARCH_LIMIT)
    : [];

  const contracts = can(role, 'contracts:read')
    ? await whereContains(
        scopeContracts(
          knex,
          knex('contracts')
            .select('contracts.id', 'contracts.contractCode', 'main_properties.propertyName', 'rentable_units.unitName')
            .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
            .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId'),
          user,
        ),
        knex,
        ['contracts.contractCode', 'main_properties.propertyName', 'rentable_units.unitName'],
        q,
      )
        .orderBy('contracts.startDate', 'desc')
        .orderBy('contracts.id', 'desc')
        .limit(SEARCH_LIMIT)
    : [];

  const results: SearchResults = { properties, tenants, contracts };
  ctx.body = results;
}
