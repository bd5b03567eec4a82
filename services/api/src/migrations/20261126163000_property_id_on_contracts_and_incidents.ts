import type { Knex } from 'knex';

/**
 * contracts and incidents carry their unit's property ("mainPropertyId"), so a user's scope
 * (policies/scope.ts) reads them by property instead of walking main_properties → rentable_units
 * → contracts on every request (issue 14: an agency's 1,250 units on the large seed).
 *
 * The database keeps the copy right, whoever writes: a BEFORE trigger sets it from the unit on
 * every insert and on any update of "rentableUnitId" or of the column itself, and a unit moved to
 * another property by hand carries its contracts and incidents along. The copy is what decides who
 * sees a row, so it must never disagree with the unit.
 */
const TABLES = ['contracts', 'incidents'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function arrendia_unit_property() returns trigger language plpgsql as $$
    begin
      select u."mainPropertyId" into new."mainPropertyId" from rentable_units u where u.id = new."rentableUnitId";
      if not found then
        -- What the foreign key on "rentableUnitId" would say (409), not the NOT NULL that comes first.
        raise foreign_key_violation using
          message = format('insert or update on table "%s" violates foreign key constraint "%s_rentableunitid_foreign"', tg_table_name, tg_table_name),
          table = tg_table_name, constraint = tg_table_name || '_rentableunitid_foreign';
      end if;
      return new;
    end $$`);
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => t.integer('mainPropertyId'));
    await knex.raw(`update ?? r set "mainPropertyId" = u."mainPropertyId" from rentable_units u where u.id = r."rentableUnitId"`, [table]);
    await knex.raw('alter table ?? alter column "mainPropertyId" set not null', [table]);
    // As the unit's own foreign keys: a property with contracts cannot go, its incidents go with it.
    await knex.schema.alterTable(table, (t) => t.foreign('mainPropertyId').references('main_properties.id').onDelete(table === 'contracts' ? 'RESTRICT' : 'CASCADE'));
    await knex.raw(`create trigger ?? before insert or update of "rentableUnitId", "mainPropertyId" on ?? for each row execute function arrendia_unit_property()`, [
      `${table}_unit_property`,
      table,
    ]);
  }
  await knex.raw(`
    create function arrendia_unit_moved() returns trigger language plpgsql as $$
    begin
      update contracts set "mainPropertyId" = new."mainPropertyId" where "rentableUnitId" = new.id;
      update incidents set "mainPropertyId" = new."mainPropertyId" where "rentableUnitId" = new.id;
      return null;
    end $$`);
  await knex.raw(`
    create trigger rentable_units_moved after update of "mainPropertyId" on rentable_units
    for each row when (old."mainPropertyId" is distinct from new."mainPropertyId") execute function arrendia_unit_moved()`);
  // Scope and list order in one index each, with the columns the scoped counts and filters test
  // (status; an incident's priority): the lists' page keys, the open-incident counts and the
  // dashboard's figures come from the index alone (agency 1 of the large seed: 738 buffers for
  // its contracts' keys against 4,485 through the units).
  await knex.raw(`create index contracts_property_start_index on contracts ("mainPropertyId", "startDate" desc, id desc) include (status)`);
  await knex.raw(`create index incidents_property_created_index on incidents ("mainPropertyId", "createdAt" desc, id desc) include (status, priority)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger rentable_units_moved on rentable_units');
  await knex.raw('drop function arrendia_unit_moved()');
  for (const table of TABLES) {
    await knex.raw('drop trigger ?? on ??', [`${table}_unit_property`, table]);
    // Its foreign key and index go with the column.
    await knex.schema.alterTable(table, (t) => t.dropColumn('mainPropertyId'));
  }
  await knex.raw('drop function arrendia_unit_property()');
}
