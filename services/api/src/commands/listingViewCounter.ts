import type { Knex } from 'knex';

/**
 * Counts one view of a listing's page. A counter, not a change anybody makes: no transaction of
 * the request's, no audit row.
 */
export async function countListingView(db: Knex | Knex.Transaction, listingId: number): Promise<void> {
  await db('unit_listings').where({ id: listingId }).increment('views', 1);
}
