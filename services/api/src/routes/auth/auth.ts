import type { AuthLoginInput, AuthRegisterInput } from '@arrendia/api-contract';
import { recordFailedLogin, recordLogin, registerUser } from '../../commands/userRegistrar';
import type { Ctx } from '../../context';
import { forbidden, HttpError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { startSession } from '../../middlewares/session';
import { User } from '../../models/User';
import { assertLoginAllowed } from '../../policies/loginThrottle';
import { hashPassword, verifyPassword } from '../../passwords';
import { presentCurrentUser } from '../../presenters/user';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Correo electrónico o contraseña incorrectos');

/** POST /api/auth/register → 201 with the new user; the client then asks the user to log in. */
export async function register(ctx: Ctx) {
  const input = ctx.state.input as AuthRegisterInput;
  // Hashed before the transaction opens: argon2 is slow on purpose, and PGlite has one connection.
  const password = await hashPassword(input.password);
  const user = await ctx.knex.transaction((trx) =>
    registerUser(trx, { email: input.email, passwordHash: password, firstName: input.firstName, lastName: input.lastName }),
  );
  ctx.status = 201;
  ctx.body = presentCurrentUser(user);
}

/** POST /api/auth/login → 200 with the user, and a new session id in the cookie. */
export async function login(ctx: Ctx) {
  const { email, password } = ctx.state.input as AuthLoginInput;
  await assertLoginAllowed(ctx.knex, email, ctx.ip);

  const user = await User.query(ctx.knex).findOne({ email }).withGraphFetched('role');
  const passwordOk = await verifyPassword(user?.password, password);
  const origin = { ipAddress: ctx.ip, userAgent: ctx.get('User-Agent') };
  if (!user || !passwordOk) {
    await recordFailedLogin(ctx.knex, email, origin);
    throw invalidCredentials();
  }
  // Told only to whoever knows the password.
  if (!user.isActive) throw forbidden('Tu cuenta está desactivada. Contacta con el administrador');

  await ctx.knex.transaction((trx) => recordLogin(trx, user, origin));

  // A fresh session id at every login, so a session id planted before login is worth nothing.
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
