import type { TransactionType } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { TransactionCategory } from '../models/TransactionCategory';
import type { User } from '../models/User';
import { scopeTransactions } from '../policies/scope';
import { transactionRows } from './portfolioRows';

type Db = Knex | Knex.Transaction;

export interface TransactionFilters {
  type?: TransactionType;
  propertyId?: number;
  from?: string;
  to?: string;
}

/**
 * GET /api/transactions: the user's transactions (TransactionListRow), most recent first, with
 * paginate's `count` on transactions alone.
 */
export function transactionList(db: Db, user: User, { type, propertyId, from, to }: TransactionFilters) {
  const filtered = (qb: Knex.QueryBuilder) => {
    if (type) qb.where('transactions.type', type);
    if (propertyId) qb.where('transactions.mainPropertyId', propertyId);
    if (from) qb.where('transactions.transactionDate', '>=', from);
    if (to) qb.where('transactions.transactionDate', '<=', to);
    return qb;
  };
  const query = filtered(transactionRows(db, user));
  // Counted without the category join: the scope's index alone answers it (index-only scan).
  const count = filtered(scopeTransactions(db, db('transactions'), user));
  // (transactionDate, id) is indexed: the finances screen's "10 most recent" reads the index in order.
  query.orderBy([
    { column: 'transactions.transactionDate', order: 'desc' },
    { column: 'transactions.id', order: 'desc' },
  ]);
  return { query, options: { count } };
}

/** Every transaction category, income first, then by name: reference data, the same for every role. */
export async function transactionCategories(db: Db): Promise<TransactionCategory[]> {
  return await TransactionCategory.query(db).orderBy([
    { column: 'isExpense', order: 'asc' },
    { column: 'categoryName', order: 'asc' },
    { column: 'id', order: 'asc' },
  ]);
}
