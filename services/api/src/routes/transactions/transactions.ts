import type { z } from 'zod';
import { TransactionsListQuerySchema, type TransactionsCreateSchema } from '@arrendia/api-contract';
import { recordTransaction } from '../../commands/transactionRecorder';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentTransactionListItem, type TransactionListRow } from '../../presenters/transaction';
import { transactionList } from '../../queries/transactions';

/** GET /api/transactions → the user's transactions, most recent first, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { type, propertyId, from, to, ...page } = parseInput(TransactionsListQuerySchema, ctx.query);
  const { query, options } = transactionList(ctx.knex, currentUser(ctx), { type, propertyId, from, to });
  const rows = await paginate<TransactionListRow>(ctx, query, page, options);
  ctx.body = rows.map(presentTransactionListItem);
}

/** POST /api/transactions → 201 with the new transaction's list record. */
export async function create(ctx: Ctx, input: z.output<typeof TransactionsCreateSchema>) {
  const transaction = await recordTransaction(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentTransactionListItem(transaction);
}
