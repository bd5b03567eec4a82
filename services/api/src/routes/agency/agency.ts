import type { AgencyPatchSchema } from '@arrendia/api-contract';
import type { z } from 'zod';
import { updateCommissionRate } from '../../commands/agencySettings';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { agencyOverview } from '../../queries/agencyOverview';

/** GET /api/agency/overview → the agency manager's dashboard figures, alerts and team. */
export async function overview(ctx: Ctx) {
  ctx.body = await agencyOverview(ctx.knex, currentUser(ctx));
}

/** PATCH /api/agency {commissionRate} → the manager's agency with its new rate. */
export async function patch(ctx: Ctx, input: z.output<typeof AgencyPatchSchema>) {
  const { commissionRate } = input;
  ctx.body = await updateCommissionRate(ctx.state.trx!, currentUser(ctx), commissionRate);
}
