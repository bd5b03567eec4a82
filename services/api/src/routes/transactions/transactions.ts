import { TransactionsListQuerySchema, type TransactionsCreateData } from '@arrendia/api-contract';
import { recordTransaction } from '../../commands/transactionRecorder';
import type { Ctx } from '../../context';
import { transactionRows } from '../../queries/portfolioRows';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentTransactionListItem, type TransactionListRow } from '../../presenters/transaction';

/** GET /api/transactions → the user's transactions, most recent first, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { type, propertyId, from, to, ...page } = parseInput(TransactionsListQuerySchema, ctx.query);
  const db = ctx.knex;
  const query = transactionRows(db, currentUser(ctx));
  if (type) query.where('transactions.type', type);
  if (propertyId) query.where('transactions.mainPropertyId', propertyId);
  if (from) query.where('transactions.transactionDate', '>=', from);
  if (to) query.where('transactions.transactionDate', '<=', to);
  // (transactionDate, id) is indexed: the finances screen's "10 most recent" reads the index in order.
  query.orderBy([
    { column: 'transactions.transactionDate', order: 'desc' },
    { column: 'transactions.id', order: 'desc' },
  ]);
  const rows = await paginate<TransactionListRow>(ctx, query, page);
  ctx.body = rows.map(presentTransactionListItem);
}

/** POST /api/transactions → 201 with the new transaction's list record. */
export async function create(ctx: Ctx) {
  const transaction = await recordTransaction(ctx.state.trx!, currentUser(ctx), ctx.state.input as TransactionsCreateData);
  ctx.status = 201;
  ctx.body = presentTransactionListItem(transaction);
}
