import type { Knex } from 'knex';

/**
 * - Lists sort by (startDate, id) for contracts and (createdAt, id) for properties: a super admin's
 *   unfiltered page would otherwise sort the whole table.
 * - A unit has at most one Activo contract. The contract commands check it under a row lock and
 *   answer in Spanish; this partial unique index makes the database refuse a second one too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contracts', (t) => {
    t.index(['startDate', 'id'], 'contracts_start_date_id_index');
  });
  await knex.schema.alterTable('main_properties', (t) => {
    t.index(['createdAt', 'id'], 'main_properties_created_at_id_index');
  });
  await knex.raw(`create unique index contracts_one_active_per_unit on contracts ("rentableUnitId") where status = 'Activo'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists contracts_one_active_per_unit');
  await knex.schema.alterTable('main_properties', (t) => {
    t.dropIndex(['createdAt', 'id'], 'main_properties_created_at_id_index');
  });
  await knex.schema.alterTable('contracts', (t) => {
    t.dropIndex(['startDate', 'id'], 'contracts_start_date_id_index');
  });
}
