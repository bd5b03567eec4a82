import type { Ctx } from '../../context';
import { TransactionCategory } from '../../models/TransactionCategory';
import { presentTransactionCategory } from '../../presenters/transaction';

/** GET /api/transaction-categories → every category, income first, then by name: reference data, the same for every role. */
export async function list(ctx: Ctx) {
  const categories = await TransactionCategory.query(ctx.knex).orderBy([
    { column: 'isExpense', order: 'asc' },
    { column: 'categoryName', order: 'asc' },
    { column: 'id', order: 'asc' },
  ]);
  ctx.body = categories.map(presentTransactionCategory);
}
