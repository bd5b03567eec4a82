import type { Knex } from 'knex';

/** Published listings of active units of non-archived properties, joined to unit, property, details and agency (aliases l, u, p, d, a). */
export function listingRows(db: Knex | Knex.Transaction): Knex.QueryBuilder {
  return db('unit_listings as l')
    .join('rentable_units as u', 'u.id', 'l.rentableUnitId')
    .join('main_properties as p', 'p.id', 'u.mainPropertyId')
    .leftJoin('unit_details_residential as d', 'd.rentableUnitId', 'u.id')
    .leftJoin('agencies as a', 'a.id', 'p.managerAgencyId')
    .where({ 'l.isPublished': true, 'u.isActive': true, 'p.isArchived': false });
}
