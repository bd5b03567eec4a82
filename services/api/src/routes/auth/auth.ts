import type { z } from 'zod';
import { PASSWORD_RESET_REQUESTED, type TwoFactorChallenge, type AuthRegisterSchema, type AuthLoginSchema, type AuthTwoFactorSchema, type PasswordResetRequestSchema } from '@arrendia/api-contract';
import { confirmEmail, resendEmailVerification } from '../../commands/emailVerifier';
import { requestOwnPasswordReset } from '../../commands/passwordResetter';
import { clientAddress } from '../../clientAddress';
import { twoFactorOn } from '../../commands/twoFactorSettings';
import { registerUser } from '../../commands/userRegistrar';
import { secondStepExpired, signInWithPassword, signInWithSecondStep } from '../../commands/userSignIn';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { pendingSecondStep, startSecondStep, startSession } from '../../middlewares/session';
import { presentCurrentUser } from '../../presenters/user';

/** Where a sign-in comes from, as the login log and the new-device notice keep it. */
const originOf = (ctx: Ctx) => ({ ipAddress: clientAddress(ctx), userAgent: ctx.get('User-Agent') });

/**
 * POST /api/auth/register → 201 with the new user, its address not confirmed yet: a link to confirm
 * it is mailed in the same transaction (issue 34). The client then asks the user to log in. An
 * address over REGISTRATIONS_PER_ADDRESS gets 429 and nothing is written (commands/userRegistrar).
 * No transaction middleware: the command hashes the password first, then opens its own.
 */
export async function register(ctx: Ctx, input: z.output<typeof AuthRegisterSchema>) {
  const user = await registerUser(ctx.knex, input, clientAddress(ctx), { publicUrl: ctx.config.publicUrl });
  ctx.status = 201;
  ctx.body = presentCurrentUser(user);
}

/**
 * POST /api/auth/login → 200 with the user, and a new session id in the cookie. For an account with
 * two-factor authentication on, 200 `{twoFactorRequired: true}` instead, and a session that signs
 * nobody in until the second step (loginSecondStep); see commands/userSignIn.ts.
 */
export async function login(ctx: Ctx, input: z.output<typeof AuthLoginSchema>) {
  const user = await signInWithPassword(ctx.knex, input.email, input.password, originOf(ctx));

  if (twoFactorOn(user)) {
    await startSecondStep(ctx, user);
    ctx.set('Cache-Control', 'no-store');
    const body: TwoFactorChallenge = { twoFactorRequired: true };
    ctx.body = body;
    return;
  }

  // A fresh session id at every login, so a session id planted before login is worth nothing.
  await startSession(ctx, user.id);
  ctx.body = presentCurrentUser(user);
}

/**
 * POST /api/auth/login/two-factor {code} → 200 with the user and a signed-in session: the second
 * step of a sign-in, with a code of the app or a recovery code (commands/userSignIn.ts). After
 * TWO_FACTOR_LOGIN_MINUTES, a password change, or two-factor authentication turned off meanwhile,
 * the password must be given again.
 */
export async function loginSecondStep(ctx: Ctx, input: z.output<typeof AuthTwoFactorSchema>) {
  const pending = pendingSecondStep(ctx);
  if (!pending) throw secondStepExpired();
  const user = await signInWithSecondStep(ctx.knex, pending, input.code, originOf(ctx));
  await startSession(ctx, user.id);
  ctx.body = presentCurrentUser(user);
}

/** POST /api/auth/logout → 204; deletes the session row. Fine with no session too. */
export async function logout(ctx: Ctx) {
  ctx.session = null;
  ctx.status = 204;
}

/** GET /api/auth/user → the signed-in user, or 401 (authenticate). */
export async function me(ctx: Ctx) {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = presentCurrentUser(currentUser(ctx));
}

/** Where the login dialog may send the user back to: a path on this site, nothing else. */
function safeNext(next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return /\p{Cc}/u.test(next) ? null : next;
}

/** GET /api/login → the landing page with its login dialog open (decisions.md). */
export async function loginRedirect(ctx: Ctx) {
  const next = safeNext(ctx.query.next);
  ctx.redirect(next ? `/?login=1&next=${encodeURIComponent(next)}` : '/?login=1');
}

/**
 * POST /api/auth/password-reset { email } → 202 with PASSWORD_RESET_REQUESTED, whether or not an
 * account has that email: the link and its mail are made only for an active account (issue 34).
 * The answer waits for the `samePace` floor (routes/auth/index.ts), so how long it takes does not
 * tell either.
 */
export async function requestPasswordReset(ctx: Ctx, input: z.output<typeof PasswordResetRequestSchema>) {
  await requestOwnPasswordReset(ctx.state.trx!, input.email, clientAddress(ctx), { publicUrl: ctx.config.publicUrl });
  ctx.status = 202;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { message: PASSWORD_RESET_REQUESTED };
}

/**
 * POST /api/auth/verify-email/:token → 200 {purpose, email, message}: the link's account has its
 * address confirmed or, for a change made in Ajustes, its new address (409 EMAIL_TAKEN if another
 * account took it meanwhile). No session needed: the token is what opens it, and it acts on its
 * own account only. 404 unknown, 410 used or expired, as a password reset link.
 */
export async function verifyEmail(ctx: Ctx) {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await confirmEmail(ctx.state.trx!, String(ctx.params.token), { publicUrl: ctx.config.publicUrl });
}

/**
 * POST /api/auth/verify-email/resend → 200 {purpose, email, message}: a new link for the pending
 * new address, or for the account's unconfirmed one; 409 with nothing to confirm, 429 past
 * VERIFICATION_RESENDS_PER_HOUR.
 */
export async function resendVerification(ctx: Ctx) {
  ctx.body = await resendEmailVerification(ctx.state.trx!, currentUser(ctx), { publicUrl: ctx.config.publicUrl });
}
