import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { dashboardTrends } from '../../queries/dashboardTrends';

/** GET /api/dashboard/trends → what the metric cards compare against. */
export async function trends(ctx: Ctx) {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await dashboardTrends(ctx.knex, currentUser(ctx));
}
