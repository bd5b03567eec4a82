import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { tenantHome } from '../../queries/tenantHome';

/** GET /api/tenant/home → 'Mi Alquiler' of the signed-in tenant. */
export async function home(ctx: Ctx) {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await tenantHome(ctx.knex, currentUser(ctx));
}
