import type { PasswordResetUseSchema } from '@arrendia/api-contract';
import type { z } from 'zod';
import { loadPasswordReset, redeemPasswordReset } from '../../commands/passwordResetter';
import type { Ctx } from '../../context';
import { hashPassword } from '../../passwords';

/** GET /api/password-resets/:token → { email, expiresAt }; 404 unknown, 410 used or expired. */
export async function preview(ctx: Ctx) {
  const reset = await loadPasswordReset(ctx.knex, String(ctx.params.token));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { email: reset.email, expiresAt: new Date(reset.expiresAt).toISOString() };
}

/** POST /api/password-resets/:token { password } → { email }: the new password, every session of the user ended. */
export async function redeem(ctx: Ctx, input: z.output<typeof PasswordResetUseSchema>) {
  const { password } = input;
  // Refused links are told before the slow hash; the transaction checks again under a lock.
  await loadPasswordReset(ctx.knex, String(ctx.params.token));
  const passwordHash = await hashPassword(password);
  ctx.body = await ctx.knex.transaction((trx) => redeemPasswordReset(trx, String(ctx.params.token), passwordHash));
}
