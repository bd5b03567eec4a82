import type { Knex } from 'knex';

/**
 * Live events (issue 12): what changed for whom, kept briefly so that a stream that reconnects
 * with Last-Event-ID gets what it missed. Each row is announced with pg_notify inside the writing
 * transaction, so every API instance hears of it when (and only if) it commits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('live_events', (t) => {
    t.bigIncrements('id').primary();
    t.specificType('recipientUserIds', 'integer[]').notNullable();
    t.string('type', 40).notNullable();
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['createdAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('live_events');
}
