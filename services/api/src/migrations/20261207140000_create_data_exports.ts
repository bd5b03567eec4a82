import type { Knex } from 'knex';

/**
 * 'Exportar mis datos' (issue 35, point 2). One row per export a user asked for: its state
 * ('pending' → 'building' → 'ready' or 'failed'), the ZIP's random name in the exports folder and
 * its size once ready, the Spanish reason of a failure, and until when the link works. The row
 * stays after the file is removed on expiry (the download then answers 410); an erased or deleted
 * user takes theirs along.
 */
const STATUSES = ['pending', 'building', 'ready', 'failed'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('data_exports', (t) => {
    t.increments('id').primary();
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('status', 20).notNullable().defaultTo('pending');
    /** The ZIP's stored name in the exports folder (never a user's text); null until ready and after expiry. */
    t.string('storedName', 100);
    t.bigInteger('sizeBytes');
    t.text('error');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finishedAt', { useTz: true });
    t.timestamp('expiresAt', { useTz: true });
    t.index(['userId', 'createdAt']);
    t.check(`?? in (${STATUSES.map(() => '?').join(', ')})`, ['status', ...STATUSES], 'data_exports_status_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('data_exports');
}
