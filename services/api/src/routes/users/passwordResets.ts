import type { PasswordResetUseSchema } from '@arrendia/api-contract';
import type { z } from 'zod';
import { loadPasswordReset, redeemPasswordReset } from '../../commands/passwordResetter';
import type { Ctx } from '../../context';
import { presentPasswordResetPreview } from '../../presenters/passwordReset';

/** GET /api/password-resets/:token → { email, expiresAt }; 404 unknown, 410 used or expired. */
export async function preview(ctx: Ctx) {
  const reset = await loadPasswordReset(ctx.knex, String(ctx.params.token));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = presentPasswordResetPreview(reset);
}

/** POST /api/password-resets/:token { password } → { email }: the new password, every session of the user ended. */
export async function redeem(ctx: Ctx, input: z.output<typeof PasswordResetUseSchema>) {
  // No transaction middleware: the command hashes the password first, then opens its own.
  ctx.body = await redeemPasswordReset(ctx.knex, String(ctx.params.token), input.password);
}
