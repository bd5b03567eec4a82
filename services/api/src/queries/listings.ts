import { LISTING_PRICE_BOUNDS, type PublicListingsQuery } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { ListingPhotoRow, ListingRow, ManagedListingRow } from '../presenters/listing';
import { containsPattern } from './textSearch';

/** Published listings of active units of non-archived properties, joined to unit, property, details and agency (aliases l, u, p, d, a). */
export function listingRows(db: Knex | Knex.Transaction): Knex.QueryBuilder {
  return db('unit_listings as l')
    .join('rentable_units as u', 'u.id', 'l.rentableUnitId')
    .join('main_properties as p', 'p.id', 'u.mainPropertyId')
    .leftJoin('unit_details_residential as d', 'd.rentableUnitId', 'u.id')
    .leftJoin('agencies as a', 'a.id', 'p.managerAgencyId')
    .where({ 'l.isPublished': true, 'u.isActive': true, 'p.isArchived': false });
}

/** What a listing card and page show. */
const LISTING_COLUMNS = [
  'l.*',
  'u.areaM2',
  'd.numBedrooms',
  'd.numBathrooms',
  'd.floorLevel',
  'd.hasElevator',
  'd.isFurnished',
  'd.allowsPets',
  'a.nombreAgencia',
];

/** The ids of a listing's uploaded photos in their order (the cover first), for `images`. */
const photoIds = (db: Knex | Knex.Transaction) =>
  db.raw(`(select coalesce(json_agg(ph.id order by ph.position), '[]'::json) from listing_photos ph where ph."listingId" = l.id) as "photoIds"`);

/**
 * One page of the public catalogue: every filter is a SQL condition (AND); `total` and
 * `averagePrice` are over all matches, not the page, the average rounded to whole euros.
 */
export async function listingCatalogue(
  db: Knex,
  { q, type, district, price, page, pageSize }: PublicListingsQuery,
): Promise<{ rows: ListingRow[]; total: number; averagePrice: number }> {
  const query = listingRows(db);
  // "searchText" is title, address and district folded like whereContains folds (migration 20261126100000).
  if (q) query.where('l.searchText', 'like', containsPattern(q));
  if (type) query.where('l.listingType', type);
  if (district) query.where('l.district', district);
  if (price) {
    const { min, max } = LISTING_PRICE_BOUNDS[price];
    if (min != null) query.where('l.price', '>', min);
    if (max != null) query.where('l.price', '<=', max);
  }

  const summary = await query.clone().first(db.raw('count(*)::int as total'), db.raw('coalesce(round(avg(l.price)), 0)::int as "averagePrice"'));
  const rows: ListingRow[] = await query
    .select([...LISTING_COLUMNS, photoIds(db)])
    .orderBy([
      { column: 'l.publishedAt', order: 'desc' },
      { column: 'l.id', order: 'desc' },
    ])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: Number(summary.total), averagePrice: Number(summary.averagePrice) };
}

/** One published listing as its page shows it, or undefined. */
export function findListing(db: Knex | Knex.Transaction, id: number): Promise<ListingRow | undefined> {
  return listingRows(db).where('l.id', id).first([...LISTING_COLUMNS, photoIds(db)]);
}

/** A photo of a published listing the catalogue shows (GET /api/public/listing-photos/:photoId/:width), or undefined. */
export function publishedListingPhoto(db: Knex, photoId: number): Promise<{ storageKey: string } | undefined> {
  return listingRows(db).join('listing_photos as ph', 'ph.listingId', 'l.id').where('ph.id', photoId).first('ph.storageKey');
}

/** A listing as the people who keep it see it, published or not, with its photos in order; the caller has checked the scope. */
export async function managedListing(db: Knex | Knex.Transaction, id: number): Promise<{ listing: ManagedListingRow; photos: ListingPhotoRow[] }> {
  const listing: ManagedListingRow = await db('unit_listings').where('id', id).first();
  const photos: ListingPhotoRow[] = await db('listing_photos').select('id', 'position', 'width', 'height').where('listingId', id).orderBy('position');
  return { listing, photos };
}
