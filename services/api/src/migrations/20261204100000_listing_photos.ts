import type { Knex } from 'knex';

/**
 * Listings people publish (issue 32, point 5):
 * - listing_photos: the photos uploaded to a listing, in order (position 0 is the cover). Each is
 *   kept on disk at a few widths in WebP and JPEG under one random key; `sizeKb` is what all of
 *   them take, counted in the uploader's storage quota.
 * - unit_listings.district no longer has to be one of the catalogue filter's five Madrid districts:
 *   a flat in Valencia has its own zone. The filter still offers the spec's five.
 */
const DISTRICTS = ['Chamberí', 'Malasaña', 'Centro', 'La Latina', 'Salamanca'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('listing_photos', (t) => {
    t.increments('id').primary();
    t.integer('listingId').notNullable().references('id').inTable('unit_listings').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('storageKey', 64).notNullable().unique();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('sizeKb').notNullable();
    t.integer('uploadedByUserId').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['listingId', 'position'], 'listing_photos_listing_position_index');
    t.index(['uploadedByUserId'], 'listing_photos_uploader_index');
    t.check('?? >= 0', ['position'], 'listing_photos_position_check');
  });
  await knex.schema.alterTable('unit_listings', (t) => {
    t.dropChecks(['unit_listings_district_check']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('unit_listings', (t) => {
    t.check(`"district" in (${DISTRICTS.map((d) => `'${d}'`).join(', ')})`, [], 'unit_listings_district_check');
  });
  await knex.schema.dropTable('listing_photos');
}
