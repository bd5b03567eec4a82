import { RentalTypesQuerySchema } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { platformOverview } from '../../queries/platformOverview';
import { ownOrigin } from '../../queries/remoteHealth';
import { rentalTypes } from '../../queries/rentalTypes';

/** GET /api/admin/overview → cards, critical alerts, team per agency and system activity of the whole platform. */
export async function overview(ctx: Ctx) {
  ctx.set('Cache-Control', 'no-store');
  // The address this request reached, to resolve same-origin manifest paths (not Koa 3's ctx.origin, the client's Origin header).
  ctx.body = await platformOverview(ctx.knex, currentUser(ctx), ownOrigin(ctx));
}

/** GET /api/admin/rental-types?kind=apartments|rooms → buildings, occupancy and plans of that rental type. */
export async function rentalTypesByKind(ctx: Ctx) {
  const { kind } = parseInput(RentalTypesQuerySchema, ctx.query);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await rentalTypes(ctx.knex, currentUser(ctx), kind);
}
