import type { Knex } from 'knex';

/** Comments on an incident (issue 12): the tenant and the property's staff talk about the repair in its page. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('incident_comments', (t) => {
    t.increments('id').primary();
    t.integer('incidentId').notNullable().references('id').inTable('incidents').onDelete('CASCADE');
    t.integer('userId').references('id').inTable('users').onDelete('SET NULL');
    t.text('content').notNullable();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['incidentId', 'createdAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('incident_comments');
}
