import type { Ctx } from '../../context';
import { presentTransactionCategory } from '../../presenters/transaction';
import { transactionCategories } from '../../queries/transactions';

/** GET /api/transaction-categories → every category, income first, then by name: reference data, the same for every role. */
export async function list(ctx: Ctx) {
  ctx.body = (await transactionCategories(ctx.knex)).map(presentTransactionCategory);
}
