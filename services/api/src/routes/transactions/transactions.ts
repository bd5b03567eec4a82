import type { z } from 'zod';
import { TransactionsListQuerySchema, type TransactionsCreateSchema } from '@arrendia/api-contract';
import { recordTransaction } from '../../commands/transactionRecorder';
import type { Knex } from 'knex';
import type { Ctx } from '../../context';
import { transactionRows } from '../../queries/portfolioRows';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { scopeTransactions } from '../../policies/scope';
import { presentTransactionListItem, type TransactionListRow } from '../../presenters/transaction';

/** GET /api/transactions → the user's transactions, most recent first, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { type, propertyId, from, to, ...page } = parseInput(TransactionsListQuerySchema, ctx.query);
  const db = ctx.knex;
  const user = currentUser(ctx);
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
  const rows = await paginate<TransactionListRow>(ctx, query, page, { count });
  ctx.body = rows.map(presentTransactionListItem);
}

/** POST /api/transactions → 201 with the new transaction's list record. */
export async function create(ctx: Ctx, input: z.output<typeof TransactionsCreateSchema>) {
  const transaction = await recordTransaction(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentTransactionListItem(transaction);
}
