import type { Knex } from 'knex';

/**
 * The address a public lead was sent from (leads."ipAddress"), so that the contact form's limit of
 * LEADS_PER_WINDOW leads per address (routes/public) is counted on the database: it holds across
 * API processes and restarts, as the sign-in throttle does on login_attempts. The index answers
 * "this address's leads in the window". Leads written by staff or seeds have none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.string('ipAddress', 45);
    t.index(['ipAddress', 'createdAt'], 'leads_ip_address_created_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.dropIndex(['ipAddress', 'createdAt'], 'leads_ip_address_created_index');
    t.dropColumn('ipAddress');
  });
}
