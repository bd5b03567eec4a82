import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { agencyOverview } from '../../queries/agencyOverview';

/** GET /api/agency/overview → the agency manager's dashboard figures, alerts and team. */
export async function overview(ctx: Ctx) {
  ctx.body = await agencyOverview(ctx.knex, currentUser(ctx));
}
