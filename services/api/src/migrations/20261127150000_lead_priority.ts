import type { Knex } from 'knex';

/** A lead's priority (spec §4: 'Alta' or 'Media'); every lead so far is 'Media'. The list is written out so this step stays what it was. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.string('priority', 10).notNullable().defaultTo('Media');
    t.check(`"priority" in ('Alta', 'Media')`, [], 'leads_priority_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.dropChecks('leads_priority_check');
    t.dropColumn('priority');
  });
}
