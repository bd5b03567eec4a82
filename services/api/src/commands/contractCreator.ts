import { todayIso } from '@arrendia/locale-es';
import { loadManageable } from '../policies/manageable';
import { manageablePropertyIds } from '../policies/scope';
import { clauseIssues, isResidentialType, UNIT_MESSAGES, type ContractsCreateData } from '@arrendia/api-contract';
import { fromCents, toCents } from '@arrendia/locale-es';
import { roleNamesOf } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import { audit } from '../audit';
import { conflict, validationError } from '../errors';
import { Contract } from '../models/Contract';
import type { User } from '../models/User';
import type { ContractListRow } from '../presenters/contract';
import { assertNoOtherActiveContract, setUnitStatus, type LockedUnit } from './unitOccupancy';
import { notify } from '../notify';
import { generateRentCharges } from '../jobs/daily';
import { proposeRentUpdates } from './rentUpdater';

export const DUPLICATE_CONTRACT_CODE = 'Ya existe un contrato con ese código';
const UNIT_NOT_FOUND = 'No se ha encontrado la unidad';
const TENANT_ROLE_NAMES = roleNamesOf('inquilino');

/** Money as NUMERIC text, through integer cents: never a float's digits in the database. */
export const moneyText = (amount: number) => fromCents(toCents(amount));

/** A clause's number (a %, or € of a fixed amount) as NUMERIC text with the column's three decimals at most. */
export const clauseNumberText = (value: number | null) => (value === null ? null : String(Math.round(value * 1000) / 1000));


/** One answer for an id that does not exist, is no tenant, or is a tenant of someone else's: ids outside the user's contracts stay hidden. */
export const TENANT_NOT_YOURS = 'Solo puedes añadir inquilinos de tus contratos; invita a los demás con su correo electrónico';

/**
 * Tenants named on a new contract (issue 30): only people already party to a contract of a
 * property the user manages (the landlord side re-using its own tenant, who agreed to that
 * relationship by accepting an invitation); anyone else joins by an invitation they accept. The
 * super admin may name any active tenant.
 */
async function assertTenants(trx: Knex.Transaction, user: User, tenantUserIds: readonly number[]): Promise<void> {
  if (new Set(tenantUserIds).size !== tenantUserIds.length) {
    throw validationError('Revisa los campos marcados', { tenantUserIds: 'Un inquilino aparece más de una vez' });
  }
  if (tenantUserIds.length === 0) return;
  const query = trx('users')
    .join('roles', 'roles.id', 'users.roleId')
    .whereIn('users.id', tenantUserIds)
    .where('users.isActive', true)
    .whereIn('roles.roleName', TENANT_ROLE_NAMES);
  const properties = manageablePropertyIds(trx, user);
  if (properties) {
    query.whereExists(
      trx('tenants_contracts')
        .join('contracts', 'contracts.id', 'tenants_contracts.contractId')
        .select(trx.raw('1'))
        .whereRaw('tenants_contracts."tenantUserId" = users.id')
        .whereIn('contracts.mainPropertyId', properties),
    );
  }
  const found = await query.count({ n: '*' }).first();
  if (Number(found?.n) !== tenantUserIds.length) throw validationError('Revisa los campos marcados', { tenantUserIds: TENANT_NOT_YOURS });
}

/**
 * Creates a contract (POST /api/contracts): on a unit the user manages, linked to its tenants (the
 * first is the primary one). An Activo contract needs a unit without one and marks the unit
 * Alquilado. Audits the contract (with its tenants) and, when it changes, the unit's status.
 */
export async function createContract(trx: Knex.Transaction, user: User, input: ContractsCreateData, { rentUpdateNoticeDays }: { rentUpdateNoticeDays?: number } = {}): Promise<ContractListRow> {
  // A 404 naming the field: the form says which choice is wrong without telling whether the unit exists.
  const unit = await loadManageable<LockedUnit & { propertyName: string; isActive: boolean; typeName: string }>(
    trx,
    user,
    trx('rentable_units')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .join('unit_types', 'unit_types.id', 'rentable_units.unitTypeId')
      .select('rentable_units.id', 'rentable_units.mainPropertyId', 'rentable_units.unitName', 'rentable_units.currentStatus', 'rentable_units.isActive', 'main_properties.propertyName', 'unit_types.typeName')
      .where('rentable_units.id', input.rentableUnitId),
    { propertyColumn: 'rentable_units.mainPropertyId', lock: 'rentable_units', notFoundMessage: UNIT_NOT_FOUND, field: 'rentableUnitId' },
  );
  if (!unit.isActive) throw conflict(UNIT_MESSAGES.archived, { rentableUnitId: UNIT_MESSAGES.archived });
  const tenantUserIds = input.tenantUserIds ?? [];
  await assertTenants(trx, user, tenantUserIds);
  if (input.status === 'Activo') await assertNoOtherActiveContract(trx, unit.id);
  // A lease of a home (vivienda, habitación) is for living in unless the form says otherwise (LAU arts. 2 and 3).
  const leaseUse = input.leaseUse ?? (isResidentialType(unit.typeName) ? 'vivienda' : 'otro');
  const [issue] = clauseIssues({ ...input, leaseUse });
  if (issue) throw validationError('Revisa los campos marcados', { [issue.path]: issue.message });

  let contract: Contract;
  try {
    contract = await Contract.query(trx).insertAndFetch({
      rentableUnitId: unit.id,
      contractCode: input.contractCode,
      startDate: input.startDate,
      endDate: input.endDate,
      rentAmount: moneyText(input.rentAmount),
      paymentDay: input.paymentDay,
      depositAmount: moneyText(input.depositAmount),
      depositStatus: input.depositStatus,
      status: input.status,
      renewalNoticeDays: input.renewalNoticeDays,
      terminationReason: input.terminationReason ?? null,
      notes: input.notes ?? null,
      rentUpdateMechanism: input.rentUpdateMechanism,
      rentUpdateValue: clauseNumberText(input.rentUpdateValue ?? null),
      rentUpdateFloor: clauseNumberText(input.rentUpdateFloor ?? null),
      rentUpdateMonthsBefore: input.rentUpdateMonthsBefore ?? null,
      leaseUse,
      signedOn: input.signedOn ?? input.startDate,
    });
  } catch (err) {
    if (err instanceof UniqueViolationError && err.constraint === 'contracts_contractcode_unique') {
      throw conflict(DUPLICATE_CONTRACT_CODE, { contractCode: DUPLICATE_CONTRACT_CODE });
    }
    throw err;
  }
  if (tenantUserIds.length > 0) {
    await trx('tenants_contracts').insert(tenantUserIds.map((tenantUserId, i) => ({ tenantUserId, contractId: contract.id, isPrimaryTenant: i === 0 })));
  }
  await audit(trx, { userId: user.id, action: 'create', tableName: 'contracts', recordId: contract.id, newValues: { ...contract.toJSON(), tenantUserIds } });
  if (contract.status === 'Activo') {
    await setUnitStatus(trx, user.id, unit, 'Alquilado');
    // Its charges already due (a contract that started earlier this month) exist from now on.
    await generateRentCharges(trx, todayIso(), contract.id);
    // An anniversary already in the notice window (a lease entered late) is proposed at once (issue 36).
    await proposeRentUpdates(trx, todayIso(), { onlyContractId: contract.id, noticeDays: rentUpdateNoticeDays });
  }
  await notify(trx, tenantUserIds, {
    title: 'Nuevo contrato',
    message: `Tu contrato ${contract.contractCode} de ${unit.propertyName} · ${unit.unitName} ya está en Arrendia`,
    notificationType: 'contract_created',
    relatedEntityType: 'contract',
    relatedEntityId: contract.id,
  });

  return { ...contract.toJSON(), unitName: unit.unitName, propertyId: unit.mainPropertyId, propertyName: unit.propertyName };
}
