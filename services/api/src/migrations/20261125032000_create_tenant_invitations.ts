import type { Knex } from 'knex';

/**
 * Tenant invitations (issue 11): an email bound to a contract; the link's token is kept only as
 * its SHA-256, it works once and for seven days.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenant_invitations', (t) => {
    t.increments('id').primary();
    t.string('tokenHash', 64).notNullable().unique();
    t.string('email', 255).notNullable();
    t.integer('contractId').notNullable().references('id').inTable('contracts').onDelete('CASCADE');
    t.integer('invitedByUserId').references('id').inTable('users').onDelete('SET NULL');
    t.integer('acceptedByUserId').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.timestamp('acceptedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['contractId']);
    t.index(['email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tenant_invitations');
}
