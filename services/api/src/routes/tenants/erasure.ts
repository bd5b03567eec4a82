import { IdSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { eraseFormerTenant, erasureStorage } from '../../commands/accountEraser';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';

const Params = z.object({ id: IdSchema });

/**
 * POST /api/tenants/:id/erasure → 200 {userId, erasedAt}: the landlord's side erases a former
 * tenant's personal data (issue 35, point 3). 404 unless the caller manages one of the tenant's
 * contracts; 409 while any contract of the tenant is in force, or for an account already erased.
 */
export async function erase(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  ctx.body = await eraseFormerTenant(ctx.state.trx!, currentUser(ctx), id, erasureStorage(ctx.config));
}
