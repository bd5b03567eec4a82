import type { Knex } from 'knex';

/**
 * 'Revocar' on a pending invitation (issue 34): the tenant's or owner's link stops working and the
 * row stays for the audit trail. `sentCount` counts the mails sent for it ('Reenviar').
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['tenant_invitations', 'owner_invitations']) {
    await knex.schema.alterTable(table, (t) => {
      t.timestamp('revokedAt', { useTz: true });
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['tenant_invitations', 'owner_invitations']) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('revokedAt'));
  }
}
