import type { Knex } from 'knex';

/**
 * A report can be about one principal's portfolio (issue 11: the delegated owner's 'Generar
 * reporte'): `ownerUserId` names that owner; null is a report of the requester's own scope.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    t.integer('ownerUserId').references('id').inTable('users').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    t.dropColumn('ownerUserId');
  });
}
