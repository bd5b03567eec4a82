import { loadManageable } from '../policies/manageable';
import { TRANSACTION_MESSAGES, type TransactionsCreateData, type TransactionsUpdateData } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, validationError } from '../errors';
import { Transaction } from '../models/Transaction';
import type { User } from '../models/User';
import { TRANSACTION_LIST_COLUMNS, type TransactionListRow } from '../presenters/transaction';
import { changes } from './userAdministrator';
import { isoDay } from '../presenters/dates';
import { moneyText } from './contractCreator';

const PROPERTY_NOT_FOUND = 'No se ha encontrado la propiedad';

/**
 * Records an income or expense (POST /api/transactions) on a property the user manages. The unit
 * and contract, when given, must hang off that property (a contract given alone also sets the
 * unit: the contract's); the category must match the type. Every wrong field is named at once.
 */
export async function recordTransaction(trx: Knex.Transaction, user: User, input: TransactionsCreateData): Promise<TransactionListRow> {
  await loadManageable(trx, user, trx('main_properties').select('id').where('id', input.mainPropertyId), {
    propertyColumn: 'id',
    notFoundMessage: PROPERTY_NOT_FOUND,
    field: 'mainPropertyId',
  });

  const fields: Record<string, string> = {};
  let rentableUnitId = input.rentableUnitId ?? null;
  if (rentableUnitId !== null) {
    const unit = await trx('rentable_units').select('id').where({ id: rentableUnitId, mainPropertyId: input.mainPropertyId }).first();
    if (!unit) fields.rentableUnitId = 'La unidad no pertenece a la propiedad';
  }
  if (input.contractId !== undefined) {
    const contract = await trx('contracts')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .select('contracts.rentableUnitId')
      .where('contracts.id', input.contractId)
      .where('rentable_units.mainPropertyId', input.mainPropertyId)
      .first();
    if (!contract) fields.contractId = 'El contrato no pertenece a la propiedad';
    else if (rentableUnitId !== null && contract.rentableUnitId !== rentableUnitId) fields.contractId = 'El contrato no corresponde a la unidad';
    else rentableUnitId = contract.rentableUnitId;
  }
  const category = await trx('transaction_categories').select('id', 'categoryName', 'isExpense').where('id', input.categoryId).first();
  if (!category) fields.categoryId = 'La categoría no existe';
  else if (category.isExpense !== (input.type === 'Gasto')) fields.categoryId = 'La categoría no corresponde al tipo de movimiento';
  if (Object.keys(fields).length > 0) throw validationError('Revisa los campos marcados', fields);

  const transaction = await Transaction.query(trx).insertAndFetch({
    mainPropertyId: input.mainPropertyId,
    rentableUnitId,
    contractId: input.contractId ?? null,
    categoryId: category.id,
    type: input.type,
    amount: moneyText(input.amount),
    transactionDate: input.transactionDate,
    description: input.description ?? null,
    paymentMethod: input.paymentMethod ?? null,
    status: input.status,
  });
  await audit(trx, { userId: user.id, action: 'create', tableName: 'transactions', recordId: transaction.id, newValues: transaction });
  return { ...transaction.toJSON(), categoryName: category.categoryName, categoryIsExpense: category.isExpense };
}

/** A category that exists and matches the movement's type, or a 400 on categoryId. */
async function matchingCategory(trx: Knex.Transaction, categoryId: number, type: TransactionsCreateData['type']): Promise<{ id: number; categoryName: string; isExpense: boolean }> {
  const category = await trx('transaction_categories').select('id', 'categoryName', 'isExpense').where('id', categoryId).first();
  if (!category) throw validationError('Revisa los campos marcados', { categoryId: 'La categoría no existe' });
  if (category.isExpense !== (type === 'Gasto')) throw validationError('Revisa los campos marcados', { categoryId: 'La categoría no corresponde al tipo de movimiento' });
  return category;
}

/**
 * A movement the user may correct, locked: one of a property it manages (404 otherwise), that is
 * not the income of a confirmed rent charge (409: the charge's confirmation wrote it, and the
 * tenant's receipt and the charge's state depend on it; undoing it is the charge's business).
 */
async function loadCorrectable(trx: Knex.Transaction, user: User, id: number): Promise<Transaction> {
  await loadManageable(trx, user, trx('transactions').select('transactions.id').where('transactions.id', id), {
    propertyColumn: 'transactions.mainPropertyId',
    notFoundMessage: TRANSACTION_MESSAGES.notFound,
    lock: 'transactions',
  });
  if (await trx('rent_charges').where({ transactionId: id, status: 'Pagado' }).first('id')) throw conflict(TRANSACTION_MESSAGES.chargeIncome);
  return Transaction.query(trx).findById(id).throwIfNotFound();
}

/**
 * 'Editar movimiento' (PATCH /api/transactions/:id, issue 33): corrects what describes a movement
 * (category and type together, amount, date, description, payment method, status), with the reason
 * in its audit row beside the old and new values. Asking for what is there writes nothing.
 */
export async function correctTransaction(trx: Knex.Transaction, user: User, id: number, input: TransactionsUpdateData): Promise<TransactionListRow> {
  const stored = await loadCorrectable(trx, user, id);
  const { reason, ...change } = input;
  const type = change.type ?? stored.type;
  if (change.type !== undefined || change.categoryId !== undefined) {
    if (stored.categoryId === null && change.categoryId === undefined) throw validationError('Revisa los campos marcados', { categoryId: 'Elige la categoría del movimiento' });
    await matchingCategory(trx, change.categoryId ?? stored.categoryId!, type);
  }
  const proposed = { ...change, amount: change.amount === undefined ? undefined : moneyText(change.amount) };
  const current = { ...stored, transactionDate: isoDay(stored.transactionDate) };
  const { oldValues, newValues } = changes(current, proposed);
  if (Object.keys(newValues).length) {
    await Transaction.query(trx).findById(id).patch(newValues);
    await audit(trx, { userId: user.id, action: 'update', tableName: 'transactions', recordId: id, oldValues, newValues: { ...newValues, reason } });
  }
  return trx('transactions').leftJoin('transaction_categories', 'transaction_categories.id', 'transactions.categoryId').where('transactions.id', id).first(TRANSACTION_LIST_COLUMNS);
}

/** 'Eliminar movimiento' (DELETE /api/transactions/:id, issue 33): gone, with the reason and what it was in its audit row. */
export async function deleteTransaction(trx: Knex.Transaction, user: User, id: number, reason: string): Promise<void> {
  const stored = await loadCorrectable(trx, user, id);
  // A charge whose income this was (not confirmed: loadCorrectable) forgets it.
  await trx('rent_charges').where('transactionId', id).update({ transactionId: null });
  await trx('transactions').where('id', id).delete();
  await audit(trx, { userId: user.id, action: 'delete', tableName: 'transactions', recordId: id, oldValues: { ...stored.toJSON(), reason } });
}
