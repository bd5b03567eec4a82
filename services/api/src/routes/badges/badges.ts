import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { badgeCounts } from '../../queries/badgeCounts';

/** GET /api/badges → {openIncidents, unreadMessages} for the sidebar entries. */
export async function badges(ctx: Ctx) {
  ctx.body = await badgeCounts(ctx.knex, currentUser(ctx));
}
