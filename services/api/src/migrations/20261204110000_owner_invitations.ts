import type { Knex } from 'knex';

/**
 * Owners an agency invites to its portfolio (issue 32, point 1), as landlords invite tenants
 * (tenant_invitations): the SHA-256 of a one-time token, the email and names the agency typed,
 * seven days to accept. `acceptedByUserId` is the owner account that accepted: from then on it is
 * a client of the agency (policies/property agencyClients), whose staff create properties for it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('owner_invitations', (t) => {
    t.increments('id').primary();
    t.string('tokenHash', 64).notNullable().unique();
    t.string('email', 255).notNullable();
    t.string('firstName', 100).notNullable();
    t.string('lastName', 100).notNullable();
    t.integer('agencyId').notNullable().references('id').inTable('agencies').onDelete('CASCADE');
    t.integer('invitedByUserId').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.timestamp('acceptedAt', { useTz: true });
    t.integer('acceptedByUserId').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['agencyId', 'acceptedByUserId'], 'owner_invitations_agency_accepted_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('owner_invitations');
}
