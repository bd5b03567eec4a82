import type { Transaction, TransactionCategory, TransactionListItem } from '@arrendia/api-contract';
import type { Transaction as TransactionModel } from '../models/Transaction';

/** What to select from transactions left-joined with transaction_categories to get a `TransactionListRow`. */
export const TRANSACTION_LIST_COLUMNS = [
  'transactions.id',
  'transactions.rentableUnitId',
  'transactions.mainPropertyId',
  'transactions.categoryId',
  'transactions.contractId',
  'transactions.type',
  'transactions.amount',
  'transactions.transactionDate',
  'transactions.description',
  'transactions.paymentMethod',
  'transactions.status',
  'transaction_categories.categoryName',
  'transaction_categories.isExpense as categoryIsExpense',
];

/** A transaction row left-joined with its category's columns (see `transactionListColumns`). */
export interface TransactionListRow
  extends Pick<
    TransactionModel,
    'id' | 'rentableUnitId' | 'mainPropertyId' | 'categoryId' | 'contractId' | 'type' | 'amount' | 'transactionDate' | 'description' | 'paymentMethod' | 'status'
  > {
  categoryName: string | null;
  categoryIsExpense: boolean | null;
}

export function presentTransaction(row: TransactionListRow): Transaction {
  return {
    id: row.id,
    rentableUnitId: row.rentableUnitId,
    mainPropertyId: row.mainPropertyId,
    categoryId: row.categoryId,
    contractId: row.contractId,
    type: row.type,
    amount: row.amount,
    transactionDate: row.transactionDate,
    description: row.description,
    paymentMethod: row.paymentMethod,
    status: row.status,
  };
}

/** The transaction list record of spec §3: transaction and category (null when it has none). */
export function presentTransactionListItem(row: TransactionListRow): TransactionListItem {
  return {
    transaction: presentTransaction(row),
    category:
      row.categoryId !== null && row.categoryName !== null
        ? { id: row.categoryId, categoryName: row.categoryName, isExpense: Boolean(row.categoryIsExpense) }
        : null,
  };
}

export function presentTransactionCategory(category: TransactionCategory): TransactionCategory {
  return { id: category.id, categoryName: category.categoryName, isExpense: category.isExpense };
}
