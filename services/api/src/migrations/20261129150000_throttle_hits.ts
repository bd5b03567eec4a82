import type { Knex } from 'knex';

/**
 * The requests the throttles without a table of their own count (policies/throttle.ts):
 * registrations per address, reset links per account and per address. Kept in the database so a
 * limit holds across API processes and restarts; a key's rows older than its window are deleted as
 * it is counted again. The index answers "this key's requests in the window".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('throttle_hits', (t) => {
    t.bigIncrements('id');
    t.string('scope', 40).notNullable();
    t.string('key', 255).notNullable();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['scope', 'key', 'createdAt'], 'throttle_hits_scope_key_created_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('throttle_hits');
}
