import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { dashboardMetrics } from '../../queries/dashboardMetrics';

/** GET /api/dashboard/metrics → the four dashboard figures over the user's scope. */
export async function metrics(ctx: Ctx) {
  // Figures change with every write anywhere in the scope: never served from a cache.
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await dashboardMetrics(ctx.knex, currentUser(ctx));
}
