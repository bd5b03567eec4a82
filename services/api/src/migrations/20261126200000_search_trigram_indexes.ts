import type { Knex } from 'knex';

/**
 * A trigram index on the users' folded text (users."searchText", 20261126160000), so that the
 * header search's "contains q" among the tenants (GET /api/search) is answered from an index
 * instead of by testing every user.
 *
 * 20261126160000 went without one because an agency's or an owner's properties, units and
 * contracts are a few hundred rows, read by the scope's index. The tenants are not: the search
 * tested the text of all 5,000 users of the large seed on every request to keep those party to a
 * contract in scope (2.3-2.5 ms of the agency manager's ~6 ms in PostgreSQL); with the index, 0.02
 * ms for a word no user holds. The same index on properties, units and contracts gave a scoped
 * user nothing and cost every search 0.4 ms more planning (the planner weighs each LIKE against
 * it): left out; the super admin, who alone reads every row of those, searches them unindexed.
 *
 * PGlite opens the database with pg_trgm loaded (db/index.ts). The extension goes to the public
 * schema, once per database whatever schema migrates (the tests migrate one schema per worker,
 * concurrently: the advisory lock keeps two from creating it at once); the operator class is named
 * by the schema it is in. The extension stays on the way down: other schemas may use it.
 */
const INDEX = 'users_search_trigram_index';
const EXTENSION_LOCK = 7_146_320_261;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('select pg_advisory_xact_lock(?)', [EXTENSION_LOCK]);
  await knex.raw('create extension if not exists pg_trgm schema public');
  const { rows } = await knex.raw(`select extnamespace::regnamespace::text as "schema" from pg_extension where extname = 'pg_trgm'`);
  const schema: string = rows[0].schema;
  await knex.raw(`create index ?? on users using gin ("searchText" ${schema}.gin_trgm_ops)`, [INDEX]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index ??', [INDEX]);
}
