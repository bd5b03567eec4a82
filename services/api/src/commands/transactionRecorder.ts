import { loadManageable } from '../policies/manageable';
import type { TransactionsCreateData } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { validationError } from '../errors';
import { Transaction } from '../models/Transaction';
import type { User } from '../models/User';
import type { TransactionListRow } from '../presenters/transaction';
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
