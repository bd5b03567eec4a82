import type { Knex } from 'knex';

/**
 * Units, contracts, incidents and transactions carry their property's managing agency
 * ("managerAgencyId"), so an agency's scope (policies/scope.ts) is one column of the row itself,
 * read in list order by one index, instead of "the rows of any of the agency's 250 properties",
 * which PostgreSQL answers by probing each property's part of an index and sorting what it found.
 * Measured on the large seed for agency 1: its incidents page read every in-scope row (the API at
 * 0.48-0.67× the baseline, now 0.99×), its contracts 0.71× → 1.07×, its transactions 0.82× →
 * 1.67×, and the dashboard's occupancy probed 250 properties' units (755 buffers, 2.4 ms).
 *
 * The database keeps the copy right, whoever writes, as it keeps "mainPropertyId" (20261126163000):
 * - units and transactions: a BEFORE trigger sets it from "mainPropertyId" (a transaction without
 *   a property belongs to no agency), also when a write names the agency itself;
 * - contracts and incidents: the BEFORE trigger that sets "mainPropertyId" from the unit now sets
 *   the agency from that property too;
 * - a property handed to another agency (or taken back by its owner) carries its rows along, in
 *   the same transaction.
 * The copy decides who sees a row, so it must never disagree with the property.
 */
const FACTS = ['rentable_units', 'contracts', 'incidents', 'transactions'] as const;
const INDEXES = [
  { table: 'rentable_units', name: 'rentable_units_agency_index', columns: '"managerAgencyId"', include: 'id, "mainPropertyId", "isActive", "currentStatus", "searchText"' },
  { table: 'contracts', name: 'contracts_agency_start_index', columns: '"managerAgencyId", "startDate" desc, id desc', include: 'status, "searchText"' },
  { table: 'incidents', name: 'incidents_agency_created_index', columns: '"managerAgencyId", "createdAt" desc, id desc', include: 'status, priority' },
  { table: 'transactions', name: 'transactions_agency_date_index', columns: '"managerAgencyId", "transactionDate" desc, id desc', include: 'type, status, amount' },
] as const;

/**
 * arrendia_unit_property(): sets what `assign` selects from the row's unit (and its property), or
 * refuses a row whose unit does not exist as the foreign key on "rentableUnitId" would (409), not
 * with the NOT NULL that comes first. 20261126163000 set the property only; this one adds the agency.
 */
const unitPropertyFunction = (assign: string) => `
  create or replace function arrendia_unit_property() returns trigger language plpgsql as $$
  begin
    ${assign};
    if not found then
      raise foreign_key_violation using
        message = format('insert or update on table "%s" violates foreign key constraint "%s_rentableunitid_foreign"', tg_table_name, tg_table_name),
        table = tg_table_name, constraint = tg_table_name || '_rentableunitid_foreign';
    end if;
    return new;
  end $$`;
const PROPERTY_ONLY = `select u."mainPropertyId" into new."mainPropertyId" from rentable_units u where u.id = new."rentableUnitId"`;
const PROPERTY_AND_AGENCY = `select u."mainPropertyId", p."managerAgencyId" into new."mainPropertyId", new."managerAgencyId"
      from rentable_units u join main_properties p on p.id = u."mainPropertyId" where u.id = new."rentableUnitId"`;

/** The contracts' and incidents' BEFORE trigger running arrendia_unit_property() on writes to `columns`. */
async function unitPropertyTriggers(knex: Knex, columns: string): Promise<void> {
  for (const table of ['contracts', 'incidents'] as const) {
    await knex.raw('drop trigger ?? on ??', [`${table}_unit_property`, table]);
    await knex.raw(`create trigger ?? before insert or update of ${columns} on ?? for each row execute function arrendia_unit_property()`, [`${table}_unit_property`, table]);
  }
}

export async function up(knex: Knex): Promise<void> {
  for (const table of FACTS) {
    await knex.schema.alterTable(table, (t) => t.integer('managerAgencyId'));
    await knex.raw(`update ?? r set "managerAgencyId" = p."managerAgencyId" from main_properties p where p.id = r."mainPropertyId" and p."managerAgencyId" is not null`, [table]);
  }

  // Contracts and incidents: the unit gives the property, the property the agency.
  await knex.raw(unitPropertyFunction(PROPERTY_AND_AGENCY));
  await unitPropertyTriggers(knex, '"rentableUnitId", "mainPropertyId", "managerAgencyId"');

  // Units and transactions: the property, when there is one, gives the agency.
  await knex.raw(`
    create function arrendia_property_agency() returns trigger language plpgsql as $$
    begin
      new."managerAgencyId" := (select p."managerAgencyId" from main_properties p where p.id = new."mainPropertyId");
      return new;
    end $$`);
  for (const table of ['rentable_units', 'transactions'] as const) {
    await knex.raw(`create trigger ?? before insert or update of "mainPropertyId", "managerAgencyId" on ?? for each row execute function arrendia_property_agency()`, [
      `${table}_property_agency`,
      table,
    ]);
  }

  // A property's agency changes: its rows follow (each row's own trigger reads the new agency).
  await knex.raw(`
    create function arrendia_property_agency_changed() returns trigger language plpgsql as $$
    begin
      update rentable_units set "managerAgencyId" = new."managerAgencyId" where "mainPropertyId" = new.id;
      update contracts set "managerAgencyId" = new."managerAgencyId" where "mainPropertyId" = new.id;
      update incidents set "managerAgencyId" = new."managerAgencyId" where "mainPropertyId" = new.id;
      update transactions set "managerAgencyId" = new."managerAgencyId" where "mainPropertyId" = new.id;
      return null;
    end $$`);
  await knex.raw(`
    create trigger main_properties_agency_changed after update of "managerAgencyId" on main_properties
    for each row when (old."managerAgencyId" is distinct from new."managerAgencyId") execute function arrendia_property_agency_changed()`);

  // An agency's rows in each list's order, with the columns its counts, filters, figures and the
  // header search test: its first page is its first 20 index entries, the dashboard's sums read
  // the index alone, and the search reads the folded text of the agency's rows from the index.
  // Only rows an agency manages are indexed (equality on the column implies it is not null).
  for (const { table, name, columns, include } of INDEXES) {
    await knex.raw(`create index ?? on ?? (${columns}) include (${include}) where "managerAgencyId" is not null`, [name, table]);
  }
  // The agency's properties, likewise with their folded text for the search.
  await knex.raw('drop index main_properties_manager_agency_covering');
  await knex.raw(`create index main_properties_manager_agency_covering on main_properties ("managerAgencyId", "createdAt" desc, id desc) include ("isArchived", "searchText")`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index main_properties_manager_agency_covering');
  await knex.raw(`create index main_properties_manager_agency_covering on main_properties ("managerAgencyId", "createdAt" desc, id desc) include ("isArchived")`);
  await knex.raw('drop trigger main_properties_agency_changed on main_properties');
  await knex.raw('drop function arrendia_property_agency_changed()');
  for (const table of ['rentable_units', 'transactions'] as const) await knex.raw('drop trigger ?? on ??', [`${table}_property_agency`, table]);
  await knex.raw('drop function arrendia_property_agency()');
  await knex.raw(unitPropertyFunction(PROPERTY_ONLY));
  await unitPropertyTriggers(knex, '"rentableUnitId", "mainPropertyId"');
  // Each index goes with its column.
  for (const table of FACTS) await knex.schema.alterTable(table, (t) => t.dropColumn('managerAgencyId'));
}
