import type { Knex } from 'knex';

/**
 * Storage quotas and the upload rate limit (issue 30, storage/quota.ts).
 * - users.profileImageSizeKb: the one stored file whose size the database did not keep (documents
 *   have fileSizeKb); null for a photo stored before this column, which then counts as nothing.
 * - upload_log: one row per accepted upload, kept for the rate limit's window. Documents cannot
 *   serve: a deleted one would no longer count, and profile photos are not documents.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('profileImageSizeKb').nullable();
  });
  await knex.schema.createTable('upload_log', (t) => {
    t.bigIncrements('id').primary();
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('sizeKb').notNullable();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['userId', 'createdAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('upload_log');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('profileImageSizeKb');
  });
}
