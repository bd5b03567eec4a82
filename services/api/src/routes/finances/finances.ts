import {
  FinancesMonthlyQuerySchema,
  FinancesRangeQuerySchema,
  FinancesSummaryQuerySchema,
} from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import * as queries from '../../queries/finances';

// Figures change with every write in the scope: never served from a cache.
const noStore = (ctx: Ctx) => ctx.set('Cache-Control', 'no-store');

/** GET /api/finances/summary?month=YYYY-MM → {month, income, expenses, net} (default: this Madrid month). */
export async function summary(ctx: Ctx) {
  const { month } = parseInput(FinancesSummaryQuerySchema, ctx.query);
  noStore(ctx);
  ctx.body = await queries.monthSummary(ctx.knex, currentUser(ctx), month ?? queries.currentMonth());
}

/** GET /api/finances/monthly?months=12 → the last N months including this one, oldest first. */
export async function monthly(ctx: Ctx) {
  const { months } = parseInput(FinancesMonthlyQuerySchema, ctx.query);
  noStore(ctx);
  ctx.body = await queries.monthlyFinances(ctx.knex, currentUser(ctx), queries.lastMonths(months));
}

/** GET /api/finances/expenses-by-category?from=&to= → [{categoryName, total}] (default: this month). */
export async function expensesByCategory(ctx: Ctx) {
  const { from, to } = parseInput(FinancesRangeQuerySchema, ctx.query);
  const month = queries.monthRange(queries.currentMonth());
  noStore(ctx);
  ctx.body = await queries.expensesByCategory(ctx.knex, currentUser(ctx), { from: from ?? month.from, to: to ?? month.to });
}

/** GET /api/finances/by-property?from=&to= → per property income, expenses, profit (default: spec §9's window). */
export async function byProperty(ctx: Ctx) {
  const { from, to } = parseInput(FinancesRangeQuerySchema, ctx.query);
  const window = queries.analysisWindow();
  const start = from ?? window.from;
  // A `from` after today with no `to` is that one day, not an empty (inverted) range.
  const range = { from: start, to: to ?? (start > window.to ? start : window.to) };
  noStore(ctx);
  ctx.body = await queries.financesByProperty(ctx.knex, currentUser(ctx), range);
}

/** GET /api/analytics/occupancy?months=12 → per property, overall and per month occupancy. */
export async function occupancy(ctx: Ctx) {
  const { months } = parseInput(FinancesMonthlyQuerySchema, ctx.query);
  noStore(ctx);
  ctx.body = await queries.occupancy(ctx.knex, currentUser(ctx), queries.lastMonths(months));
}
