import type { Knex } from 'knex';

/**
 * Email verification (issue 34, point 4):
 * - users.emailVerifiedAt, which existed unused, counts from now on; every account made before
 *   this (the demo's, those of the people already using the product) counts as verified.
 * - email_verifications: one-time links to confirm an address, kept as password reset links are
 *   (only the token's SHA-256, 24 hours, an earlier link expires when a new one is made, single
 *   use). 'verify' confirms the account's own address; 'change' a new address, which replaces the
 *   account's only when the link is opened.
 * - password_resets.sentToEmail: the address a self-service reset link was mailed to, so that using
 *   it proves the address (an admin's link, handed over by hand, proves nothing).
 */
export async function up(knex: Knex): Promise<void> {
  await knex('users').whereNull('emailVerifiedAt').update({ emailVerifiedAt: knex.fn.now() });

  await knex.schema.createTable('email_verifications', (t) => {
    t.increments('id');
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.string('email', 255).notNullable();
    t.string('purpose', 10).notNullable();
    t.string('tokenHash', 64).notNullable().unique();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.timestamp('usedAt', { useTz: true });
    t.check('?? in (?, ?)', ['purpose', 'verify', 'change'], 'email_verifications_purpose_check');
  });

  await knex.schema.alterTable('password_resets', (t) => {
    t.string('sentToEmail', 255);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('password_resets', (t) => t.dropColumn('sentToEmail'));
  await knex.schema.dropTable('email_verifications');
}
