import type { Knex } from 'knex';

/**
 * A record's history (an incident's detail shows it) reads audit_log by table and record id, oldest
 * first; without this index every such read scans the whole log, the fastest-growing table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.index(['tableName', 'recordId', 'changedAt'], 'audit_log_record_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex(['tableName', 'recordId', 'changedAt'], 'audit_log_record_index');
  });
}
