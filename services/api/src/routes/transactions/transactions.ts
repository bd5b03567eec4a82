import { z } from 'zod';
import { IdSchema, TransactionsListQuerySchema, type TransactionsCreateSchema, type TransactionsDeleteSchema, type TransactionsUpdateSchema } from '@arrendia/api-contract';
import { correctTransaction, deleteTransaction, recordTransaction } from '../../commands/transactionRecorder';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { TRANSACTIONS_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { requestScope, transactionsOf } from '../../listSources';
import { presentTransactionListItem } from '../../presenters/transaction';

/** GET /api/transactions → the user's transactions, most recent first or by ?sort=, paged (X-Total-Count); filters type, propertyId, categoryId, from, to, q. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(TransactionsListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, transactionsOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/transactions.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(TransactionsListQuerySchema, TRANSACTIONS_SHEET, transactionsOf);

/** POST /api/transactions → 201 with the new transaction's list record. */
export async function create(ctx: Ctx, input: z.output<typeof TransactionsCreateSchema>) {
  const transaction = await recordTransaction(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentTransactionListItem(transaction);
}

const Params = z.object({ id: IdSchema });

/** PATCH /api/transactions/:id {…, reason} → the corrected movement's list record (issue 33). */
export async function correct(ctx: Ctx, input: z.output<typeof TransactionsUpdateSchema>) {
  const { id } = parseInput(Params, ctx.params);
  ctx.body = presentTransactionListItem(await correctTransaction(ctx.state.trx!, currentUser(ctx), id, input));
}

/** DELETE /api/transactions/:id {reason} → 204 (issue 33). */
export async function remove(ctx: Ctx, input: z.output<typeof TransactionsDeleteSchema>) {
  const { id } = parseInput(Params, ctx.params);
  await deleteTransaction(ctx.state.trx!, currentUser(ctx), id, input.reason);
  ctx.status = 204;
}
