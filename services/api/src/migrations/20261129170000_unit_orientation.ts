import type { Knex } from 'knex';

/**
 * Units a person can describe (issue 32, point 2): a dwelling's orientation joins its residential
 * details (Norte … Noroeste, or unknown). Existing rows stay unknown. The values are written here,
 * not imported, so this migration means the same whatever the contract becomes (UNIT_ORIENTATIONS).
 */
const ORIENTATIONS = ['Norte', 'Noreste', 'Este', 'Sureste', 'Sur', 'Suroeste', 'Oeste', 'Noroeste'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('unit_details_residential', (t) => {
    t.string('orientation', 10);
    // DDL takes no bind parameters: the values are literals, from the constant above.
    t.check(`"orientation" is null or "orientation" in (${ORIENTATIONS.map((o) => `'${o}'`).join(', ')})`, [], 'unit_details_orientation_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('unit_details_residential', (t) => {
    t.dropChecks(['unit_details_orientation_check']);
    t.dropColumn('orientation');
  });
}
