import { UNIT_TYPE_NAMES } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { RentableUnit } from '../models/RentableUnit';
import { UnitType } from '../models/UnitType';
import type { User } from '../models/User';
import { scopeManageableUnits } from '../policies/scope';
import type { UnitOptionRow } from '../presenters/unit';

type Db = Knex | Knex.Transaction;

/** At most this many units in one answer: a form's choice list, not a report. */
export const UNITS_LIMIT = 500;

/**
 * GET /api/units: the units of the properties the user manages (the contract form's choice), by
 * property name then unit name. `available` keeps the active units of non-archived properties that
 * no Activo contract rents.
 */
export async function unitOptions(db: Db, user: User, { available, propertyId }: { available?: boolean; propertyId?: number }): Promise<UnitOptionRow[]> {
  const activeContract = db('contracts').select('contracts.id').whereRaw('"contracts"."rentableUnitId" = "rentable_units"."id"').where('contracts.status', 'Activo');
  const query = db('rentable_units')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .join('unit_types', 'unit_types.id', 'rentable_units.unitTypeId')
    .select(
      'rentable_units.id',
      'rentable_units.unitName',
      'rentable_units.currentStatus',
      'rentable_units.baseRentPrice',
      'unit_types.typeName',
      'main_properties.id as propertyId',
      'main_properties.propertyName',
      db.raw('exists(?) as "hasActiveContract"', [activeContract]),
    )
    .orderBy([
      { column: 'main_properties.propertyName', order: 'asc' },
      { column: 'rentable_units.unitName', order: 'asc' },
      { column: 'rentable_units.id', order: 'asc' },
    ])
    .limit(UNITS_LIMIT);
  scopeManageableUnits(db, query, user);
  if (propertyId) query.where('rentable_units.mainPropertyId', propertyId);
  if (available) query.where({ 'rentable_units.isActive': true, 'main_properties.isArchived': false }).whereNotExists(activeContract);
  const rows: UnitOptionRow[] = await query;
  return rows;
}

/** Position of a type in the spec's order (the property form's); types added later go last. */
const rank = (typeName: string) => {
  const i = (UNIT_TYPE_NAMES as readonly string[]).indexOf(typeName);
  return i === -1 ? UNIT_TYPE_NAMES.length : i;
};

/** Every unit type, in the spec's order (vivienda … local), then by name. */
export async function unitTypes(db: Db): Promise<UnitType[]> {
  // A handful of reference rows: sorted here rather than teaching SQL the spec's order.
  const types = await UnitType.query(db).orderBy('typeName');
  return types.sort((a, b) => rank(a.typeName) - rank(b.typeName));
}

/** Units with their type, residential details, the Activo contract renting them and their advert (PropertyUnit). */
function unitsWithOccupancy(db: Db) {
  return RentableUnit.query(db)
    .select('rentable_units.*', db.raw(`(select json_build_object('id', l.id, 'isPublished', l."isPublished") from unit_listings l where l."rentableUnitId" = rentable_units.id) as listing`))
    .withGraphFetched('[unitType, details, activeContract]')
    .modifyGraph('activeContract', (q) => q.select('contracts.id', 'contracts.contractCode', 'contracts.rentableUnitId'));
}

/**
 * The units of one property (its detail's 'Unidades', GET /api/properties/:id/units), archived
 * ones too, in the order they were added. The caller has checked that the user may see the property.
 */
export async function propertyUnits(db: Db, propertyId: number): Promise<RentableUnit[]> {
  return unitsWithOccupancy(db).where('mainPropertyId', propertyId).orderBy('id');
}

/** One unit as propertyUnits reads it; the caller has checked the user's scope. */
export async function propertyUnit(db: Db, unitId: number): Promise<RentableUnit> {
  return unitsWithOccupancy(db).findById(unitId).throwIfNotFound();
}
