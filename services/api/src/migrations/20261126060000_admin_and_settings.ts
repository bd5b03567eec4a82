import type { Knex } from 'knex';

/**
 * Issue 13: what the admin portal and every user's settings need.
 * - users: the settings of spec §2 (session timeout, notification switches, login notifications)
 *   and the user's plan (spec §9), saved on the server.
 * - login_attempts: every sign-in attempt, for the admin's failed-login alert, the new-device
 *   sign-in notice (and a throttle that survives a restart, issue 15).
 * - password_resets: one-time links an admin creates for a user (only the hash is stored).
 * - remotes: the last health check of each remote (manifest fetched by the server).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('sessionTimeoutMinutes').notNullable().defaultTo(30);
    t.jsonb('notificationPrefs');
    t.boolean('loginNotifications').notNullable().defaultTo(true);
    t.string('plan', 30);
  });

  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id');
    t.string('email', 255).notNullable();
    t.string('ipAddress', 45);
    t.string('userAgent', 300);
    t.boolean('succeeded').notNullable();
    t.timestamp('attemptedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now()).index();
    t.index(['email', 'attemptedAt']);
    t.index(['ipAddress', 'attemptedAt']);
  });

  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id');
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.string('tokenHash', 64).notNullable().unique();
    t.integer('createdByUserId').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.timestamp('usedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.alterTable('remotes', (t) => {
    t.boolean('healthOk');
    t.integer('healthLatencyMs');
    t.string('healthError', 255);
    t.timestamp('healthCheckedAt', { useTz: true });
  });

  // Ending every session of a user (deactivation, password change) finds them by the user id.
  await knex.raw(`CREATE INDEX sessions_user_id_index ON sessions ((sess->>'userId'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS sessions_user_id_index');
  await knex.schema.alterTable('remotes', (t) => {
    t.dropColumns('healthOk', 'healthLatencyMs', 'healthError', 'healthCheckedAt');
  });
  await knex.schema.dropTable('password_resets');
  await knex.schema.dropTable('login_attempts');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumns('sessionTimeoutMinutes', 'notificationPrefs', 'loginNotifications', 'plan');
  });
}
