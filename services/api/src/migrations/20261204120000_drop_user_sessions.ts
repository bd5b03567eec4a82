import type { Knex } from 'knex';

/**
 * user_sessions (a refresh-token table of the first schema) was never written or read: sessions
 * live in `sessions` (koa-session's store, middlewares/session.ts). Dropped so the schema says
 * what the product keeps (issue 33, point 7). `down` puts the empty table back as it was.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('user_sessions');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_sessions', (t) => {
    t.increments('id');
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.string('refreshToken', 255).notNullable().unique();
    t.text('userAgent');
    t.string('ipAddress', 45);
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}
