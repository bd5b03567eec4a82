import type { AccountErasureSchema } from '@arrendia/api-contract';
import type { z } from 'zod';
import { eraseOwnAccount, erasureStorage } from '../../commands/accountEraser';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';

/**
 * POST /api/account/erasure {currentPassword, code?} → 200 {userId, erasedAt}: the account is
 * pseudonymised and every session of it ends, this one too (the cookie is cleared). 400 on a wrong
 * password or code, 409 where erasing would break what others rely on (commands/accountEraser.ts).
 */
export async function eraseOwn(ctx: Ctx, input: z.output<typeof AccountErasureSchema>) {
  const result = await eraseOwnAccount(ctx.knex, currentUser(ctx), input, erasureStorage(ctx.config));
  // The row is gone already; without this koa-session would write it back at the end of the request.
  ctx.session = null;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = result;
}
