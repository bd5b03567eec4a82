import type { ListSort, TRANSACTION_SORTS, TransactionType } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { TransactionCategory } from '../models/TransactionCategory';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { scopeTransactions } from '../policies/scope';
import { transactionRows } from './portfolioRows';
import { whereContains } from './textSearch';

type Db = Knex | Knex.Transaction;

type TransactionSort = (typeof TRANSACTION_SORTS)[number];

export interface TransactionFilters {
  type?: TransactionType;
  propertyId?: number;
  categoryId?: number;
  /** Inclusive days of the movement's date (a calendar date: no time zone to convert). */
  from?: string;
  to?: string;
  /** Words of the description. */
  q?: string;
  sort?: ListSort<TransactionSort> | null;
}

/** The column of each sortable field of the list (api-contract TRANSACTION_SORTS). */
const TRANSACTION_SORT_COLUMNS: Record<TransactionSort, SortColumn> = {
  transactionDate: 'transactions.transactionDate',
  amount: 'transactions.amount',
};

/**
 * GET /api/transactions: the user's transactions (TransactionListRow), most recent first unless
 * sorted, with paginate's `count` on transactions alone.
 */
export function transactionList(db: Db, user: User, { type, propertyId, categoryId, from, to, q, sort }: TransactionFilters) {
  const filtered = (qb: Knex.QueryBuilder) => {
    if (type) qb.where('transactions.type', type);
    if (propertyId) qb.where('transactions.mainPropertyId', propertyId);
    if (categoryId) qb.where('transactions.categoryId', categoryId);
    if (from) qb.where('transactions.transactionDate', '>=', from);
    if (to) qb.where('transactions.transactionDate', '<=', to);
    if (q) whereContains(qb, db, ['transactions.description'], q);
    return qb;
  };
  const query = filtered(transactionRows(db, user));
  // Counted without the category join: the scope's index alone answers it (index-only scan).
  const count = filtered(scopeTransactions(db, db('transactions'), user));
  // (transactionDate, id) is indexed: the finances screen's first page reads the index in order.
  const mostRecentFirst: PageOrder[] = [
    { column: 'transactions.transactionDate', order: 'desc' },
    { column: 'transactions.id', order: 'desc' },
  ];
  orderedBy(query, listOrder(sort, TRANSACTION_SORT_COLUMNS, mostRecentFirst, 'transactions.id'));
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
