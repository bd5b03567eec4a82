import type { Knex } from 'knex';

/**
 * Handling an incident from its page (issue 33, point 2). It is assigned to a person of the
 * property's staff ("assignedToUserId") or to a maintenance provider of the property's owner or
 * agency ("assignedProviderId"), never both at once. Its final cost may be written once as an
 * expense of the property: "expenseTransactionId" is that transaction, so doing it again writes no
 * second one; deleting the transaction in finances frees the incident to record it anew.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('incidents', (t) => {
    t.integer('assignedProviderId').references('id').inTable('providers').onDelete('SET NULL').index();
    t.integer('expenseTransactionId').references('id').inTable('transactions').onDelete('SET NULL').unique();
    t.check('"assignedToUserId" is null or "assignedProviderId" is null', [], 'incidents_one_assignee_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table incidents drop constraint if exists incidents_one_assignee_check');
  await knex.schema.alterTable('incidents', (t) => {
    t.dropColumn('expenseTransactionId');
    t.dropColumn('assignedProviderId');
  });
}
