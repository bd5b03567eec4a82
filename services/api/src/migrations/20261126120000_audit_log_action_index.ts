import type { Knex } from 'knex';

/**
 * The audit log's action filter and its list of actions (queries/auditLogRows.ts reads the distinct
 * values one index probe at a time): without an index both read the whole log.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.index(['action', 'changedAt'], 'audit_log_action_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex(['action', 'changedAt'], 'audit_log_action_index');
  });
}
