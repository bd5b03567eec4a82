import type { Knex } from 'knex';

/**
 * Trigram indexes on the header search's folded text (GET /api/search, "searchText" of
 * 20261126160000), so that "contains q" is answered from an index instead of by testing every row.
 *
 * 20261126160000 went without them because an agency's or an owner's properties, units and
 * contracts are a few hundred rows, read by the scope's index. The tenants are not: the search
 * tested the text of all 5,000 users of the large seed on every request to keep those party to a
 * contract in scope (2.3 ms of the agency manager's 6 ms in PostgreSQL), and the super admin's
 * search tests every property, unit and contract. With the index, a name matches only the users
 * whose text holds its trigrams.
 *
 * PGlite opens the database with pg_trgm loaded (db/index.ts). The extension goes to the public
 * schema, once per database whatever schema migrates (the tests migrate one schema per worker,
 * concurrently: the advisory lock keeps two from creating it at once); the operator class is named
 * by the schema it is in. The extension stays on the way down: other schemas may use it.
 */
const TABLES = ['users', 'main_properties', 'rentable_units', 'contracts'] as const;
const EXTENSION_LOCK = 7_146_320_261;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('select pg_advisory_xact_lock(?)', [EXTENSION_LOCK]);
  await knex.raw('create extension if not exists pg_trgm schema public');
  const { rows } = await knex.raw(`select extnamespace::regnamespace::text as "schema" from pg_extension where extname = 'pg_trgm'`);
  const schema: string = rows[0].schema;
  for (const table of TABLES) {
    await knex.raw(`create index ?? on ?? using gin ("searchText" ${schema}.gin_trgm_ops)`, [`${table}_search_trigram_index`, table]);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw('drop index ??', [`${table}_search_trigram_index`]);
}
