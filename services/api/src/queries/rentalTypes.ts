import { fittingPlan, planFits, RENTAL_PLANS, type RentalBuilding, type RentalKind, type RentalTypes, type UnitStatus, type UnitTypeName } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeUnits } from '../policies/scope';

type Db = Knex | Knex.Transaction;

/** A whole dwelling is a 'vivienda' unit; a room of a shared flat is a 'habitacion' unit of the flat's property. */
export const UNIT_TYPE_OF_KIND: Readonly<Record<RentalKind, UnitTypeName>> = { apartments: 'vivienda', rooms: 'habitacion' };

interface UnitRow {
  propertyId: number;
  propertyName: string;
  city: string;
  unitId: number;
  unitName: string;
  currentStatus: UnitStatus;
  baseRentPrice: string | null;
  rentAmount: string | null;
  tenantName: string | null;
}

/** Occupied over units as a percentage with one decimal, 0 with no units (dashboardMetrics' rule). */
const rate = (occupied: number, units: number) => (units === 0 ? 0 : Math.round((1000 * occupied) / units) / 10);

/**
 * The super admin's /apartments-management or /rooms-management: the active units of the kind on
 * non-archived properties, per building, with occupancy as every dashboard counts it (a unit is
 * occupied when Alquilado, which the contract commands keep equal to "has an Activo contract");
 * for rooms, each room with its state, the first tenant of its Activo contract and its rent. The
 * plans of spec §9 are compared with the real number of units. One query.
 */
export async function rentalTypes(db: Db, user: User, kind: RentalKind): Promise<RentalTypes> {
  const rows: UnitRow[] = await scopeUnits(
    db,
    db('rentable_units')
      .join('unit_types', 'unit_types.id', 'rentable_units.unitTypeId')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .leftJoin('contracts', (j) => j.on('contracts.rentableUnitId', '=', 'rentable_units.id').andOnVal('contracts.status', '=', 'Activo'))
      .where({ 'unit_types.typeName': UNIT_TYPE_OF_KIND[kind], 'rentable_units.isActive': true, 'main_properties.isArchived': false }),
    user,
  )
    .select(
      'main_properties.id as propertyId',
      'main_properties.propertyName',
      'main_properties.city',
      'rentable_units.id as unitId',
      'rentable_units.unitName',
      'rentable_units.currentStatus',
      'rentable_units.baseRentPrice',
      'contracts.rentAmount',
      // The primary tenant (else the first one) of the Activo contract.
      db.raw(`(select concat_ws(' ', tenant."firstName", tenant."lastName") from users tenant where tenant.id = (
         select "tenantUserId" from tenants_contracts where "contractId" = contracts.id order by "isPrimaryTenant" desc, "tenantUserId" limit 1)) as "tenantName"`),
    )
    .orderBy(['main_properties.propertyName', 'main_properties.id', 'rentable_units.unitName', 'rentable_units.id']);

  const buildings = new Map<number, RentalBuilding>();
  for (const row of rows) {
    const occupied = row.currentStatus === 'Alquilado';
    let building = buildings.get(row.propertyId);
    if (!building) {
      building = { propertyId: row.propertyId, propertyName: row.propertyName, city: row.city, units: 0, occupied: 0, occupancyRate: 0, ...(kind === 'rooms' ? { rooms: [] } : {}) };
      buildings.set(row.propertyId, building);
    }
    building.units += 1;
    if (occupied) building.occupied += 1;
    building.rooms?.push({
      unitId: row.unitId,
      name: row.unitName,
      status: row.currentStatus,
      occupied,
      tenantName: row.tenantName?.trim() || null,
      rent: row.rentAmount ?? row.baseRentPrice ?? null,
    });
  }
  const list = [...buildings.values()].map((b) => ({ ...b, occupancyRate: rate(b.occupied, b.units) }));
  const units = rows.length;
  const occupied = list.reduce((sum, b) => sum + b.occupied, 0);
  return {
    kind,
    totals: { buildings: list.length, units, occupied, occupancyRate: rate(occupied, units) },
    buildings: list,
    plans: RENTAL_PLANS[kind].map((plan) => ({ name: plan.name, price: plan.price, limit: plan.limit, highlight: plan.highlight ?? null, fits: planFits(plan, units) })),
    currentPlan: fittingPlan(kind, units).name,
  };
}
