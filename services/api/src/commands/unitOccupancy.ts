import type { UnitStatus } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict } from '../errors';
import { RentableUnit } from '../models/RentableUnit';
import { offerToPublishAgain, withdrawListingOfRentedUnit } from './listingPublisher';

/** The unit as the contract commands lock and read it. */
export interface LockedUnit {
  id: number;
  mainPropertyId: number;
  unitName: string;
  currentStatus: UnitStatus;
}

export const UNIT_HAS_ACTIVE_CONTRACT = 'La unidad ya tiene un contrato activo';

/** Whether the unit has an Activo contract other than `exceptContractId`. */
async function hasOtherActiveContract(trx: Knex.Transaction, unitId: number, exceptContractId?: number): Promise<boolean> {
  const qb = trx('contracts').select('id').where({ rentableUnitId: unitId, status: 'Activo' });
  if (exceptContractId !== undefined) qb.whereNot('id', exceptContractId);
  return Boolean(await qb.first());
}

/**
 * A unit has at most one Activo contract. The caller holds the unit's row lock, so two requests
 * activating contracts on the same unit cannot both pass this check.
 */
export async function assertNoOtherActiveContract(trx: Knex.Transaction, unitId: number, exceptContractId?: number): Promise<void> {
  if (await hasOtherActiveContract(trx, unitId, exceptContractId)) {
    throw conflict(UNIT_HAS_ACTIVE_CONTRACT, { rentableUnitId: UNIT_HAS_ACTIVE_CONTRACT });
  }
}

/**
 * Moves the unit to `status`, auditing the change; no write at all when it is already there.
 * Its advert follows (issue 32): a unit an Activo contract rents leaves the catalogue, and one a
 * contract frees is offered to its people to publish again.
 */
export async function setUnitStatus(trx: Knex.Transaction, userId: number, unit: LockedUnit, status: UnitStatus): Promise<void> {
  if (status === 'Alquilado') await withdrawListingOfRentedUnit(trx, userId, unit);
  if (unit.currentStatus === status) return;
  await RentableUnit.query(trx).findById(unit.id).patch({ currentStatus: status });
  await audit(trx, {
    userId,
    action: 'update',
    tableName: 'rentable_units',
    recordId: unit.id,
    oldValues: { currentStatus: unit.currentStatus },
    newValues: { currentStatus: status },
  });
  if (status === 'Disponible' && unit.currentStatus === 'Alquilado') await offerToPublishAgain(trx, unit);
}
