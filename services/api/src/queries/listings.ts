import { LISTING_PRICE_BOUNDS, type PublicListingsQuery } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { ListingRow } from '../presenters/listing';
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
    .select(LISTING_COLUMNS)
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
  return listingRows(db).where('l.id', id).first(LISTING_COLUMNS);
}
