import type { Knex } from 'knex';

/**
 * Who has Arrendia open (the thread's 'En línea', spec §2): a row per API instance and user while
 * that instance holds at least one live stream of the user (events/presence.ts). Each instance
 * refreshes "seenAt" of its rows; a row not refreshed for a while is an instance that died, and
 * counts for nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_presence', (t) => {
    t.string('instanceId', 64).notNullable();
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('seenAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['instanceId', 'userId']);
    t.index(['userId', 'seenAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_presence');
}
