import type { Knex } from 'knex';
import { LISTING_DISTRICTS, LISTING_TYPES } from '@arrendia/api-contract';

/** A CHECK that a column holds one of the catalogue's values. */
function checkIn(table: Knex.CreateTableBuilder, column: string, values: readonly string[], name: string): void {
  table.check(`?? in (${values.map(() => '?').join(', ')})`, [column, ...values], name);
}

/**
 * The public catalogue (spec §3 "Public catalogue"): a published unit is a rentable unit with one
 * unit_listings row carrying what only the advert has (title, public address, district, price,
 * photos, contact, counters); its size and residential facts stay on the unit. A lead is a
 * visitor's message about a listing, kept for the owner (and the managing agency, if any).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('unit_listings', (t) => {
    t.increments('id').primary();
    t.integer('rentableUnitId').notNullable().unique().references('id').inTable('rentable_units').onDelete('CASCADE');
    t.boolean('isPublished').notNullable().defaultTo(true);
    t.string('listingType', 30).notNullable();
    t.string('title', 255).notNullable();
    t.string('address', 255).notNullable();
    t.string('city', 100).notNullable().defaultTo('Madrid');
    t.string('district', 50).notNullable();
    t.decimal('price', 10, 2).notNullable();
    t.decimal('deposit', 10, 2).notNullable().defaultTo(0);
    // Units without residential details (garages, premises) keep their floor here.
    t.integer('floor');
    t.jsonb('images').notNullable().defaultTo('[]');
    t.text('description').notNullable();
    t.text('fullDescription').notNullable();
    t.jsonb('amenities').notNullable().defaultTo('[]');
    t.jsonb('nearbyPlaces').notNullable().defaultTo('[]');
    t.date('availableFrom');
    t.string('contactName', 200).notNullable();
    t.string('contactPhone', 30).notNullable();
    t.string('contactEmail', 255).notNullable();
    // Whether the advert names the agency managing the property.
    t.boolean('showAgency').notNullable().defaultTo(false);
    t.integer('views').notNullable().defaultTo(0);
    t.integer('saved').notNullable().defaultTo(0);
    t.decimal('rating', 2, 1);
    t.integer('reviews').notNullable().defaultTo(0);
    t.timestamp('publishedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    checkIn(t, 'listingType', LISTING_TYPES, 'unit_listings_type_check');
    checkIn(t, 'district', LISTING_DISTRICTS, 'unit_listings_district_check');
    t.check('?? >= 0', ['price'], 'unit_listings_price_check');
    t.check('?? >= 0', ['deposit'], 'unit_listings_deposit_check');
    t.index(['isPublished', 'listingType'], 'unit_listings_published_type_index');
    t.index(['isPublished', 'district'], 'unit_listings_published_district_index');
    t.index(['isPublished', 'price'], 'unit_listings_published_price_index');
    t.index(['isPublished', 'publishedAt'], 'unit_listings_published_at_index');
  });

  await knex.schema.createTable('leads', (t) => {
    t.increments('id').primary();
    t.integer('listingId').notNullable().references('id').inTable('unit_listings').onDelete('CASCADE');
    t.integer('recipientUserId').references('id').inTable('users').onDelete('SET NULL');
    t.integer('agencyId').references('id').inTable('agencies').onDelete('SET NULL');
    t.string('name', 100).notNullable();
    t.string('email', 255).notNullable();
    t.string('phone', 30);
    t.text('message').notNullable();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['listingId', 'createdAt']);
    t.index(['recipientUserId', 'createdAt']);
    t.index(['agencyId', 'createdAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('leads');
  await knex.schema.dropTable('unit_listings');
}
