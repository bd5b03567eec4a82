import { UNIT_TYPE_NAMES, type ListSort, type PROPERTY_UNIT_SORTS, type UNIT_SORTS, type UnitStatus, type UnitTypeName } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { RentableUnit } from '../models/RentableUnit';
import { UnitType } from '../models/UnitType';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { scopeManageableUnits } from '../policies/scope';
import { whereContains } from './textSearch';

type Db = Knex | Knex.Transaction;

type UnitSort = (typeof UNIT_SORTS)[number];

export interface UnitOptionFilters {
  available?: boolean;
  propertyId?: number;
  status?: UnitStatus;
  /** Part of the unit's or its property's name. */
  q?: string;
  sort?: ListSort<UnitSort> | null;
}

/** The column of each sortable field of GET /api/units (api-contract UNIT_SORTS). */
const UNIT_SORT_COLUMNS: Record<UnitSort, SortColumn> = {
  propertyName: { text: 'main_properties.propertyName' },
  unitName: { text: 'rentable_units.unitName' },
  baseRentPrice: 'rentable_units.baseRentPrice',
};

const BY_PROPERTY_THEN_UNIT: PageOrder[] = [
  { column: 'main_properties.propertyName', order: 'asc', text: true },
  { column: 'rentable_units.unitName', order: 'asc', text: true },
  { column: 'rentable_units.id', order: 'asc' },
];

/**
 * GET /api/units: the units of the properties the user manages (the contract form's choice), by
 * property name then unit name unless sorted, for paginate. `available` keeps the active units of
 * non-archived properties that no Activo contract rents.
 */
export function unitOptionList(db: Db, user: User, { available, propertyId, status, q, sort }: UnitOptionFilters): Knex.QueryBuilder {
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
    );
  scopeManageableUnits(db, query, user);
  if (propertyId) query.where('rentable_units.mainPropertyId', propertyId);
  if (available) query.where({ 'rentable_units.isActive': true, 'main_properties.isArchived': false }).whereNotExists(activeContract);
  if (status) query.where('rentable_units.currentStatus', status);
  if (q) whereContains(query, db, ['rentable_units.unitName', 'main_properties.propertyName'], q);
  return orderedBy(query, listOrder(sort, UNIT_SORT_COLUMNS, BY_PROPERTY_THEN_UNIT, 'rentable_units.id'));
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
 * The units of one property (its detail's facts), archived ones too, in the order they were added.
 * The caller has checked that the user may see the property.
 */
export async function propertyUnits(db: Db, propertyId: number): Promise<RentableUnit[]> {
  return unitsWithOccupancy(db).where('mainPropertyId', propertyId).orderBy('id');
}

type PropertyUnitSort = (typeof PROPERTY_UNIT_SORTS)[number];

export interface PropertyUnitFilters {
  status?: UnitStatus;
  type?: UnitTypeName;
  /** Only archived (true) or only active (false) units. */
  archived?: boolean;
  /** Part of the unit's name. */
  q?: string;
  sort?: ListSort<PropertyUnitSort> | null;
}

/** The column of each sortable field of a property's units (api-contract PROPERTY_UNIT_SORTS). */
const PROPERTY_UNIT_SORT_COLUMNS: Record<PropertyUnitSort, SortColumn> = {
  unitName: { text: 'rentable_units.unitName' },
  baseRentPrice: 'rentable_units.baseRentPrice',
  areaM2: 'rentable_units.areaM2',
};

/** The active units first, each group in the order they were added. */
const ACTIVE_FIRST: PageOrder[] = [
  { column: 'rentable_units.isActive', order: 'desc' },
  { column: 'rentable_units.id', order: 'asc' },
];

/**
 * GET /api/properties/:id/units: the ids of the property's units (archived ones too) matching the
 * filters, in the list's order, for paginate; `unitsInOrder` then reads the page's units whole.
 * The caller has checked that the user may see the property.
 */
export function propertyUnitList(db: Db, propertyId: number, { status, type, archived, q, sort }: PropertyUnitFilters): Knex.QueryBuilder {
  const query = db('rentable_units').where('rentable_units.mainPropertyId', propertyId).select('rentable_units.id');
  if (status) query.where('rentable_units.currentStatus', status);
  if (type) query.whereIn('rentable_units.unitTypeId', db('unit_types').select('id').where('typeName', type));
  if (archived !== undefined) query.where('rentable_units.isActive', !archived);
  if (q) whereContains(query, db, ['rentable_units.unitName'], q);
  return orderedBy(query, listOrder(sort, PROPERTY_UNIT_SORT_COLUMNS, ACTIVE_FIRST, 'rentable_units.id'));
}

/** The units of these ids as a property's detail shows them, in the order of `ids`. */
export async function unitsInOrder(db: Db, ids: readonly number[]): Promise<RentableUnit[]> {
  if (ids.length === 0) return [];
  const units = await unitsWithOccupancy(db).whereIn('rentable_units.id', ids);
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One unit as propertyUnits reads it; the caller has checked the user's scope. */
export async function propertyUnit(db: Db, unitId: number): Promise<RentableUnit> {
  return unitsWithOccupancy(db).findById(unitId).throwIfNotFound();
}
