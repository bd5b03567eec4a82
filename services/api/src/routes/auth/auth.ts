import type { AuthLoginInput, AuthRegisterInput } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import { audit } from '../../audit';
import type { Ctx } from '../../context';
import { forbidden, HttpError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import type { FailureThrottle } from '../../middlewares/rateLimit';
import { Role } from '../../models/Role';
import { User } from '../../models/User';
import { hashPassword, verifyPassword } from '../../passwords';
import { presentCurrentUser } from '../../presenters/user';

/**
 * Self-registration always creates an individual owner: the landing page sells the product to
 * owners; tenants, agents and agency staff are invited by whoever manages them, and no caller may
 * pick its own role.
 */
const SELF_REGISTERED_ROLE: RoleName = 'propietario_individual';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Correo electrónico o contraseña incorrectos');

/** POST /api/auth/register → 201 with the new user; the client then asks the user to log in. */
export async function register(ctx: Ctx) {
  const input = ctx.state.input as AuthRegisterInput;
  // Hashed before the transaction opens: argon2 is slow on purpose, and PGlite has one connection.
  const password = await hashPassword(input.password);
  const user = await ctx.knex.transaction(async (trx) => {
    const role = await Role.query(trx).findOne({ roleName: SELF_REGISTERED_ROLE }).throwIfNotFound();
    const created = await User.query(trx).insertAndFetch({
      roleId: role.id,
      email: input.email,
      password,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    await audit(trx, { userId: created.id, action: 'register', tableName: 'users', recordId: created.id, newValues: created });
    created.role = role;
    return created;
  });
  ctx.status = 201;
  ctx.body = presentCurrentUser(user);
}

export function login(throttle: FailureThrottle) {
  /** POST /api/auth/login → 200 with the user, and a new session id in the cookie. */
  return async (ctx: Ctx) => {
    const { email, password } = ctx.state.input as AuthLoginInput;
    const throttleKey = `${ctx.ip}|${email}`;
    throttle.check(throttleKey);

    const user = await User.query(ctx.knex).findOne({ email }).withGraphFetched('role');
    const passwordOk = await verifyPassword(user?.password, password);
    if (!user || !passwordOk) {
      throttle.fail(throttleKey);
      throw invalidCredentials();
    }
    // Told only to whoever knows the password.
    if (!user.isActive) throw forbidden('Tu cuenta está desactivada. Contacta con el administrador');
    throttle.reset(throttleKey);

    const lastLogin = new Date();
    await ctx.knex.transaction(async (trx) => {
      await User.query(trx).findById(user.id).patch({ lastLogin });
      await audit(trx, {
        userId: user.id,
        action: 'login',
        tableName: 'users',
        recordId: user.id,
        oldValues: { lastLogin: user.lastLogin },
        newValues: { lastLogin },
      });
    });

    // A fresh session id at every login, so a session id planted before login is worth nothing.
    ctx.session!.userId = user.id;
    await ctx.session!.regenerate();
    ctx.body = presentCurrentUser(user);
  };
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
