import { todayIso } from '@arrendia/locale-es';
import { canMoveContract, clauseIssues, SIGNED_AFTER_START, type ContractsUpdateData } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { HttpError, validationError } from '../errors';
import { Contract } from '../models/Contract';
import type { User } from '../models/User';
import type { ContractListRow } from '../presenters/contract';
import { clauseNumberText, moneyText } from './contractCreator';
import { assertNoOtherActiveContract, setUnitStatus, type LockedUnit } from './unitOccupancy';
import { generateRentCharges } from '../jobs/daily';
import { loadInScope } from '../policies/inScope';
import { loadManageable } from '../policies/manageable';
import { CONTRACT_NOT_FOUND } from '../queries/contracts';
import { contractRows } from '../queries/portfolioRows';
import { reviseOpenRentUpdates } from './rentUpdater';

type ClauseColumn = 'rentUpdateMechanism' | 'rentUpdateValue' | 'rentUpdateFloor' | 'rentUpdateMonthsBefore' | 'leaseUse' | 'signedOn';
type ClauseColumns = Pick<Contract, ClauseColumn>;
const CLAUSE_KEYS: readonly ClauseColumn[] = ['rentUpdateMechanism', 'rentUpdateValue', 'rentUpdateFloor', 'rentUpdateMonthsBefore', 'leaseUse', 'signedOn'];
/** A contract as PATCH loads it: its list row with its update clause. */
type EditedContract = ContractListRow & ClauseColumns;

type Changes = Partial<Pick<Contract, 'endDate' | 'rentAmount' | 'paymentDay' | 'depositAmount' | 'depositStatus' | 'status' | 'renewalNoticeDays' | 'terminationReason' | 'notes' | ClauseColumn>>;

/** A reason a contract_rent_history row gives for a rent changed by hand. */
export const MANUAL_RENT_REASON = 'Modificación de la renta en el contrato';

/** NUMERIC text compared by value ('2.000' is '2'). */
const sameNumber = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b));

/** The input as column values (money as NUMERIC text), keeping only what differs from the stored contract. */
function changesOf(contract: EditedContract, input: ContractsUpdateData): Changes {
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
    rentUpdateMechanism: input.rentUpdateMechanism,
    rentUpdateValue: input.rentUpdateValue === undefined ? undefined : clauseNumberText(input.rentUpdateValue),
    rentUpdateFloor: input.rentUpdateFloor === undefined ? undefined : clauseNumberText(input.rentUpdateFloor),
    rentUpdateMonthsBefore: input.rentUpdateMonthsBefore,
    leaseUse: input.leaseUse,
    signedOn: input.signedOn,
  };
  return Object.fromEntries(
    Object.entries(wanted).filter(([key, value]) => {
      if (value === undefined) return false;
      const stored = contract[key as keyof Changes];
      return key === 'rentUpdateValue' || key === 'rentUpdateFloor' ? !sameNumber(value as string | null, stored as string | null) : value !== stored;
    }),
  );
}

/** The clause as it would be after `changes`, checked as the form checks a new one: the field and its message of the first problem. */
function clauseProblem(contract: EditedContract, changes: Changes): Record<string, string> | null {
  // An edit of other terms never stumbles on the clause it leaves alone.
  if (!CLAUSE_KEYS.some((key) => key in changes)) return null;
  const merged = { ...contract, ...changes };
  const value = merged.rentUpdateValue === null ? null : Number(merged.rentUpdateValue);
  const [issue] = clauseIssues({ rentUpdateMechanism: merged.rentUpdateMechanism, rentUpdateValue: value, leaseUse: merged.leaseUse });
  if (issue) return { [issue.path]: issue.message };
  if (changes.signedOn && changes.signedOn > contract.startDate) return { signedOn: SIGNED_AFTER_START };
  return null;
}

/**
 * PATCH /api/contracts/:id: loads contract `id`, row-locked, from the user's manageable scope (404
 * otherwise), then edits it and moves its status (updateContract).
 */
export async function editContract(trx: Knex.Transaction, user: User, id: number, input: ContractsUpdateData, options: { rentUpdateNoticeDays?: number } = {}): Promise<ContractListRow> {
  const contract = await loadManageable<EditedContract>(trx, user, contractRows(trx).where('contracts.id', id), {
    propertyColumn: 'rentable_units.mainPropertyId',
    lock: 'contracts',
    notFoundMessage: CONTRACT_NOT_FOUND,
  });
  return updateContract(trx, user, contract, input, options);
}

/**
 * Edits a contract and moves its status (PATCH /api/contracts/:id). `contract` was loaded, row
 * locked, from the user's manageable scope. Status moves follow CONTRACT_TRANSITIONS; Activo needs
 * a unit free of other Activo contracts and marks it Alquilado; Finalizado needs a reason and frees
 * the unit (Disponible). Audits the contract's changed
 * columns and, when it changes, the unit's status; an edit that changes nothing writes nothing.
 */
async function updateContract(trx: Knex.Transaction, user: User, contract: EditedContract, input: ContractsUpdateData, { rentUpdateNoticeDays }: { rentUpdateNoticeDays?: number } = {}): Promise<ContractListRow> {
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
  const problem = clauseProblem(contract, changes);
  if (problem) throw validationError('Revisa los campos marcados', problem);

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
  // The rent charges of a month read the rent in force then from the history (issue 36).
  if (changes.rentAmount !== undefined) {
    await trx('contract_rent_history').insert({
      contractId: contract.id,
      rentAmount: changes.rentAmount,
      previousRent: contract.rentAmount,
      validFrom: todayIso(),
      reason: MANUAL_RENT_REASON,
      rentUpdateId: null,
      changedByUserId: user.id,
    });
  }
  if (unit && moveTo === 'Activo') await setUnitStatus(trx, user.id, unit, 'Alquilado');
  if (moveTo === 'Activo') await generateRentCharges(trx, todayIso(), contract.id);
  // The proposals not yet sent follow the clause and rent the contract now has (issue 36).
  if (moveTo === 'Activo' || moveTo === 'Finalizado' || changes.rentAmount !== undefined || CLAUSE_KEYS.some((key) => changes[key] !== undefined)) await reviseOpenRentUpdates(trx, user.id, contract.id, todayIso(), rentUpdateNoticeDays);
  // A unit has one Activo contract at most (contracts_one_active_per_unit): finishing it frees the unit.
  if (unit && moveTo === 'Finalizado') await setUnitStatus(trx, user.id, unit, 'Disponible');

  return { ...updated.toJSON(), unitName: contract.unitName, propertyId: contract.propertyId, propertyName: contract.propertyName };
}
