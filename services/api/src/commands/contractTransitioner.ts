import { todayIso } from '@arrendia/locale-es';
import { canMoveContract, type ContractsUpdateData } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { HttpError, validationError } from '../errors';
import { Contract } from '../models/Contract';
import type { User } from '../models/User';
import type { ContractListRow } from '../presenters/contract';
import { moneyText } from './contractCreator';
import { assertNoOtherActiveContract, setUnitStatus, type LockedUnit } from './unitOccupancy';
import { generateRentCharges } from '../jobs/daily';
import { loadInScope } from '../policies/inScope';
import { loadManageable } from '../policies/manageable';
import { CONTRACT_NOT_FOUND } from '../queries/contracts';
import { contractRows } from '../queries/portfolioRows';

type Changes = Partial<Pick<Contract, 'endDate' | 'rentAmount' | 'paymentDay' | 'depositAmount' | 'depositStatus' | 'status' | 'renewalNoticeDays' | 'terminationReason' | 'notes'>>;

/** The input as column values (money as NUMERIC text), keeping only what differs from the stored contract. */
function changesOf(contract: ContractListRow, input: ContractsUpdateData): Changes {
  const wanted: Changes = {
    endDate: input.endDate,
    rentAmount: input.rentAmount === undefined ? undefined : moneyText(input.rentAmount),
    paymentDay: input.paymentDay,
    depositAmount: input.depositAmount === undefined ? undefined : moneyText(input.depositAmount),
    depositStatus: input.depositStatus,
    status: input.status,
    renewalNoticeDays: input.renewalNoticeDays,
    terminationReason: input.terminationReason,
    notes: input.notes,
  };
  return Object.fromEntries(Object.entries(wanted).filter(([key, value]) => value !== undefined && value !== contract[key as keyof Changes]));
}

/**
 * PATCH /api/contracts/:id: loads contract `id`, row-locked, from the user's manageable scope (404
 * otherwise), then edits it and moves its status (updateContract).
 */
export async function editContract(trx: Knex.Transaction, user: User, id: number, input: ContractsUpdateData): Promise<ContractListRow> {
  const contract = await loadManageable<ContractListRow>(trx, user, contractRows(trx).where('contracts.id', id), {
    propertyColumn: 'rentable_units.mainPropertyId',
    lock: 'contracts',
    notFoundMessage: CONTRACT_NOT_FOUND,
  });
  return updateContract(trx, user, contract, input);
}

/**
 * Edits a contract and moves its status (PATCH /api/contracts/:id). `contract` was loaded, row
 * locked, from the user's manageable scope. Status moves follow CONTRACT_TRANSITIONS; Activo needs
 * a unit free of other Activo contracts and marks it Alquilado; Finalizado needs a reason and frees
 * the unit (Disponible). Audits the contract's changed
 * columns and, when it changes, the unit's status; an edit that changes nothing writes nothing.
 */
async function updateContract(trx: Knex.Transaction, user: User, contract: ContractListRow, input: ContractsUpdateData): Promise<ContractListRow> {
  const changes = changesOf(contract, input);
  const moveTo = changes.status;
  if (moveTo && !canMoveContract(contract.status, moveTo)) {
    throw new HttpError(409, 'invalid_transition', `No se puede pasar un contrato de ${contract.status} a ${moveTo}`);
  }
  const endDate = changes.endDate !== undefined ? changes.endDate : contract.endDate;
  if (endDate !== null && endDate < contract.startDate) {
    throw validationError('Revisa los campos marcados', { endDate: 'La fecha de fin no puede ser anterior a la de inicio' });
  }
  if (moveTo === 'Finalizado' && !(changes.terminationReason ?? contract.terminationReason)) {
    throw validationError('Revisa los campos marcados', { terminationReason: 'Indica el motivo de finalización' });
  }

  let unit: LockedUnit | undefined;
  if (moveTo) {
    unit = await loadInScope<LockedUnit>(trx('rentable_units').select('id', 'mainPropertyId', 'unitName', 'currentStatus').where('id', contract.rentableUnitId), {
      lock: true,
      notFound: 'No se ha encontrado la unidad',
    });
    if (moveTo === 'Activo') await assertNoOtherActiveContract(trx, contract.rentableUnitId, contract.id);
  }
  if (Object.keys(changes).length === 0) return contract;

  const updated = await Contract.query(trx).patchAndFetchById(contract.id, changes);
  await audit(trx, {
    userId: user.id,
    action: 'update',
    tableName: 'contracts',
    recordId: contract.id,
    oldValues: Object.fromEntries(Object.keys(changes).map((key) => [key, contract[key as keyof Changes]])),
    newValues: changes,
  });
  if (unit && moveTo === 'Activo') await setUnitStatus(trx, user.id, unit, 'Alquilado');
  if (moveTo === 'Activo') await generateRentCharges(trx, todayIso(), contract.id);
  // A unit has one Activo contract at most (contracts_one_active_per_unit): finishing it frees the unit.
  if (unit && moveTo === 'Finalizado') await setUnitStatus(trx, user.id, unit, 'Disponible');

  return { ...updated.toJSON(), unitName: contract.unitName, propertyId: contract.propertyId, propertyName: contract.propertyName };
}
