import { SearchQuerySchema } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { presentSearchResults } from '../../presenters/search';
import { searchRows } from '../../queries/search';

/**
 * GET /api/search?q= → the header search box: properties, tenants and contracts in the user's
 * scope whose text contains q (case- and accent-insensitive), at most SEARCH_LIMIT of each; a kind
 * the role may not open comes back empty.
 */
export async function search(ctx: Ctx) {
  const { q } = parseInput(SearchQuerySchema, ctx.query);
  ctx.body = presentSearchResults(await searchRows(ctx.knex, currentUser(ctx), q));
}
