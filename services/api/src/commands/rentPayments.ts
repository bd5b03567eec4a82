import { ALREADY_CONFIRMED } from '@arrendia/api-contract';
import { formatEuros, todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict } from '../errors';
import type { User } from '../models/User';
import { displayName, notify } from '../notify';
import { loadInScope } from '../policies/inScope';
import { manageableScope } from '../policies/manageable';
import { tenantContractIds } from '../policies/scope';
import { contractTenants, propertyStaff } from '../queries/recipients';

const NOT_FOUND = 'No se ha encontrado el pago';

interface LockedCharge {
  id: number;
  contractId: number;
  period: string;
  amount: string;
  status: string;
  /** The transfer's reference (jobs/daily.ts rentReference): what the receipt names. */
  reference: string;
  contractCode: string;
  rentableUnitId: number;
  propertyId: number;
}

/** The charge, its rent_charges row locked, if `scope` lets the user at it; 404 otherwise. */
function lockCharge(trx: Knex.Transaction, id: number, scope: (query: Knex.QueryBuilder) => Knex.QueryBuilder): Promise<LockedCharge> {
  const query = trx('rent_charges')
    .join('contracts', 'contracts.id', 'rent_charges.contractId')
    .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
    .where('rent_charges.id', id)
    .select('rent_charges.id', 'rent_charges.contractId', 'rent_charges.period', 'rent_charges.amount', 'rent_charges.status', 'rent_charges.reference', 'contracts.contractCode', 'contracts.rentableUnitId', 'rentable_units.mainPropertyId as propertyId');
  return loadInScope<LockedCharge>(query, { scope, lock: 'rent_charges', notFound: NOT_FOUND });
}

/**
 * The tenant says it has made the transfer (POST /api/rent-charges/:id/transfer): the charge waits
 * for the landlord's side, who is told. Only a tenant of the contract (anyone else: 404); a paid
 * charge is 409; saying it twice changes nothing.
 */
export async function markTransfer(trx: Knex.Transaction, user: User, id: number): Promise<number> {
  const charge = await lockCharge(trx, id, (q) => q.whereIn('rent_charges.contractId', tenantContractIds(trx, user)));
  if (charge.status === 'Pagado') throw conflict(ALREADY_CONFIRMED);
  if (charge.status === 'Transferencia indicada') return charge.id;
  await trx('rent_charges').where('id', id).update({ status: 'Transferencia indicada', markedAt: trx.fn.now(), markedByUserId: user.id });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'rent_charges', recordId: id, oldValues: { status: charge.status }, newValues: { status: 'Transferencia indicada' } });
  await notify(trx, await propertyStaff(trx, charge.propertyId, user.id), {
    title: 'Transferencia indicada',
    message: `${displayName(user)} indica que ha transferido ${formatEuros(charge.amount)} de la renta ${charge.period} (${charge.contractCode}). Confírmala cuando la recibas.`,
    notificationType: 'payment_marked',
    relatedEntityType: 'contract',
    relatedEntityId: charge.contractId,
  });
  return charge.id;
}

/**
 * The landlord's side confirms the money arrived (POST /api/rent-charges/:id/confirm): writes the
 * income transaction (Alquiler, Completado, today) once and marks the charge Pagado, under a row
 * lock so two confirmations cannot both pass; the second answers 409 and writes nothing.
 */
export async function confirmPayment(trx: Knex.Transaction, user: User, id: number): Promise<number> {
  const charge = await lockCharge(trx, id, manageableScope(trx, user, 'rentable_units.mainPropertyId'));
  if (charge.status === 'Pagado') throw conflict(ALREADY_CONFIRMED);
  const category = await trx('transaction_categories').where('categoryName', 'Alquiler').first('id');
  const [transaction] = await trx('transactions')
    .insert({
      mainPropertyId: charge.propertyId,
      rentableUnitId: charge.rentableUnitId,
      contractId: charge.contractId,
      categoryId: category?.id ?? null,
      type: 'Ingreso',
      amount: charge.amount,
      transactionDate: todayIso(),
      description: `Renta ${charge.period} · ${charge.contractCode}`,
      paymentMethod: 'Transferencia',
      status: 'Completado',
    })
    .returning(['id', 'amount', 'transactionDate']);
  await audit(trx, { userId: user.id, action: 'create', tableName: 'transactions', recordId: transaction.id, newValues: { rentChargeId: id, amount: transaction.amount, type: 'Ingreso' } });
  await trx('rent_charges').where('id', id).update({ status: 'Pagado', confirmedAt: trx.fn.now(), confirmedByUserId: user.id, transactionId: transaction.id });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'rent_charges', recordId: id, oldValues: { status: charge.status }, newValues: { status: 'Pagado', transactionId: transaction.id } });
  await notify(trx, await contractTenants(trx, charge.contractId), {
    title: 'Pago confirmado',
    // The tenant's receipt (issue 34, point 6): amount, period and the transfer's reference.
    message: `Se ha recibido tu pago de ${formatEuros(charge.amount)} de la renta ${charge.period} (${charge.contractCode}). Referencia: ${charge.reference}`,
    notificationType: 'payment_confirmed',
    relatedEntityType: 'contract',
    relatedEntityId: charge.contractId,
  });
  return charge.id;
}
