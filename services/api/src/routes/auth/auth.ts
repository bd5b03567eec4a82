import type { z } from 'zod';
import type { TwoFactorChallenge, AuthRegisterSchema, AuthLoginSchema, AuthTwoFactorSchema } from '@arrendia/api-contract';
import { clientAddress } from '../../clientAddress';
import { acceptSecondFactor, twoFactorOn, warnOfWrongCode, WRONG_CODE } from '../../commands/twoFactorSettings';
import { recordLogin, registerUser } from '../../commands/userRegistrar';
import type { Ctx } from '../../context';
import { forbidden, HttpError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { pendingSecondStep, startSecondStep, startSession } from '../../middlewares/session';
import { User } from '../../models/User';
import { assertLoginAllowed, loginAttempt } from '../../policies/loginThrottle';
import { hashPassword, verifyPassword } from '../../passwords';
import { presentCurrentUser } from '../../presenters/user';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Correo electrónico o contraseña incorrectos');
const secondStepExpired = () => new HttpError(401, 'two_factor_expired', 'La verificación ha caducado. Vuelve a iniciar sesión');

/**
 * POST /api/auth/register → 201 with the new user; the client then asks the user to log in. An
 * address over REGISTRATIONS_PER_ADDRESS gets 429 and nothing is written (commands/userRegistrar).
 */
export async function register(ctx: Ctx, input: z.output<typeof AuthRegisterSchema>) {
  // Hashed before the transaction opens: argon2 is slow on purpose, and PGlite has one connection.
  const password = await hashPassword(input.password);
  const user = await ctx.knex.transaction((trx) =>
    registerUser(trx, { email: input.email, passwordHash: password, firstName: input.firstName, lastName: input.lastName }, clientAddress(ctx)),
  );
  ctx.status = 201;
  ctx.body = presentCurrentUser(user);
}

/**
 * POST /api/auth/login → 200 with the user, and a new session id in the cookie. For an account with
 * two-factor authentication on, 200 `{twoFactorRequired: true}` instead, and a session that signs
 * nobody in until the second step (loginSecondStep). The password alone is no successful sign-in:
 * it resets no failure count, stamps nothing and notifies nobody.
 */
export async function login(ctx: Ctx, input: z.output<typeof AuthLoginSchema>) {
  const { email, password } = input;
  const origin = { ipAddress: clientAddress(ctx), userAgent: ctx.get('User-Agent') };
  // An early 429 spares the slow hash; loginAttempt counts again under the throttle's locks.
  await assertLoginAllowed(ctx.knex, email, origin.ipAddress);

  const user = await User.query(ctx.knex).findOne({ email }).withGraphFetched('role');
  const passwordOk = await verifyPassword(user?.password, password);
  const accepted = await loginAttempt(ctx.knex, email, origin, async (trx) => {
    if (!user || !passwordOk) return false;
    // Told only to whoever knows the password, and no failure.
    if (!user.isActive) throw forbidden('Tu cuenta está desactivada. Contacta con el administrador');
    if (!twoFactorOn(user)) await recordLogin(trx, user, origin);
    return true;
  });
  if (!accepted || !user) throw invalidCredentials();

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
 * step of a sign-in, with a code of the app or a recovery code. A wrong code counts as a failed
 * sign-in of the account (the same throttle as passwords, so codes cannot be guessed) and warns
 * the user that someone has the password. After TWO_FACTOR_LOGIN_MINUTES, a password change, or
 * two-factor authentication turned off meanwhile, the password must be given again.
 */
export async function loginSecondStep(ctx: Ctx, input: z.output<typeof AuthTwoFactorSchema>) {
  const { code } = input;
  const pending = pendingSecondStep(ctx);
  if (!pending) throw secondStepExpired();

  const origin = { ipAddress: clientAddress(ctx), userAgent: ctx.get('User-Agent') };
  const user = await User.query(ctx.knex).findById(pending.userId).withGraphFetched('role');
  if (!user || user.email !== pending.email || !twoFactorOn(user)) throw secondStepExpired();
  if (user.lastPasswordChange && new Date(user.lastPasswordChange).getTime() > pending.at) throw secondStepExpired();
  if (!user.isActive) throw forbidden('Tu cuenta está desactivada. Contacta con el administrador');

  // Counted like a password (loginAttempt): a burst of codes sent at once is counted one by one.
  const accepted = await loginAttempt(ctx.knex, pending.email, origin, async (trx) => {
    if (await acceptSecondFactor(trx, user.id, code)) {
      await recordLogin(trx, user, origin);
      return true;
    }
    await warnOfWrongCode(trx, user.id);
    return false;
  });
  if (!accepted) throw new HttpError(401, 'invalid_code', WRONG_CODE, { code: WRONG_CODE });
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
