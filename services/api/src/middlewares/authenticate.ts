import type { AppMiddleware, Ctx } from '../context';
import { unauthorized } from '../errors';
import { User } from '../models/User';

/**
 * Loads the signed-in user (with role) from the session's user id, on every request: a user
 * deactivated or deleted meanwhile loses access at once, and the session with it.
 */
export const authenticate: AppMiddleware = async (ctx, next) => {
  const userId = ctx.session?.userId;
  if (!userId) throw unauthorized();
  const user = await User.query(ctx.knex).findById(userId).withGraphFetched('role');
  if (!user || !user.isActive) {
    ctx.session = null;
    throw unauthorized('Tu sesión ya no es válida. Inicia sesión de nuevo');
  }
  ctx.state.user = user;
  await next();
};

/** The user `authenticate` loaded; only for handlers mounted behind it. */
export function currentUser(ctx: Ctx): User {
  if (!ctx.state.user) throw new Error('currentUser() used on a route without authenticate');
  return ctx.state.user;
}
