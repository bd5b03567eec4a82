import type { Knex } from 'knex';

/**
 * Storage quotas (issue 30, storage/quota.ts): users.profileImageSizeKb, the one stored file whose
 * size the database did not keep (documents have fileSizeKb); null for a photo stored before this
 * column, which then counts as nothing. The upload rate limit counts in throttle_hits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('profileImageSizeKb').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('profileImageSizeKb');
  });
}
