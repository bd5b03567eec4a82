import type { Knex } from 'knex';
import { searchTextSql } from '../queries/textSearch';

/**
 * The header search (GET /api/search, issue 14) tests text folded once when a row is written, as
 * the catalogue does (unit_listings."searchText", 20261126100000), instead of folding three or four
 * columns of every row in the user's scope on every request (an agency manager's three queries on
 * the large seed: 3 + 15 + 9 ms before, 0.5 + 2 + 4 ms after). The property's name comes first: a
 * contract matches on that name alone.
 *
 * No trigram index: PGlite loads pg_trgm only when the database is opened with it, and an agency's
 * or an owner's scope is a few hundred rows. Only the super admin reads every row (10,000
 * properties: 4 ms, against 94 ms folding them).
 */
const SEARCHED: Record<string, string[]> = {
  main_properties: ['propertyName', 'addressStreet', 'city', 'refCatastral'],
  users: ['firstName', 'lastName', 'email', 'nifCif'],
  contracts: ['contractCode'],
  rentable_units: ['unitName'],
};

export async function up(knex: Knex): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED)) {
    await knex.raw(`alter table ${table} add column "searchText" text generated always as (${searchTextSql(columns)}) stored`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(SEARCHED)) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('searchText'));
  }
}
