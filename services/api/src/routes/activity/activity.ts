import { ActivityQuerySchema } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { presentActivityItem } from '../../presenters/activity';
import { recentActivity } from '../../queries/recentActivity';

/** GET /api/activity?limit=10 → the newest changes in the user's scope, described in Spanish. */
export async function list(ctx: Ctx) {
  const { limit } = parseInput(ActivityQuerySchema, ctx.query);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = (await recentActivity(ctx.knex, currentUser(ctx), limit)).map(presentActivityItem);
}
