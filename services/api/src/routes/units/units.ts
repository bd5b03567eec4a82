import { UnitsListQuerySchema, type UnitOption } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { scopeManageableUnits } from '../../policies/scope';

/** At most this many units in one answer: a form's choice list, not a report. */
export const UNITS_LIMIT = 500;

/**
 * GET /api/units?available=&propertyId= → the units of the properties the user manages (the
 * contract form's choice), by property name then unit name. `available=true` keeps the active
 * units of non-archived properties that no Activo contract rents.
 */
export async function list(ctx: Ctx) {
  const { available, propertyId } = parseInput(UnitsListQuerySchema, ctx.query);
  const db = ctx.knex;
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
  scopeManageableUnits(db, query, currentUser(ctx));
  if (propertyId) query.where('rentable_units.mainPropertyId', propertyId);
  if (available) query.where({ 'rentable_units.isActive': true, 'main_properties.isArchived': false }).whereNotExists(activeContract);
  const rows: UnitOption[] = await query;
  ctx.body = rows.map((row) => ({ ...row, hasActiveContract: Boolean(row.hasActiveContract) }));
}
