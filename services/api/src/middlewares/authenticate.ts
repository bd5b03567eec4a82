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
  // The session store read the user with the session (middlewares/session.ts); else load it.
  const prefetched = ctx.state.sessionUser;
  const user = prefetched && prefetched.id === userId ? prefetched : await User.query(ctx.knex).findById(userId).withGraphFetched('role');
  if (!user || !user.isActive) {
    ctx.session = null;
    throw unauthorized('Tu sesión ya no es válida. Inicia sesión de nuevo');
  }
  // A password change ends every session begun before it (the changing one is renewed), even one
  // whose row a request in flight wrote back after the change deleted it.
  const startedAt = ctx.session!.createdAt ?? 0;
  if (user.lastPasswordChange && startedAt < new Date(user.lastPasswordChange).getTime()) {
    ctx.session = null;
    throw unauthorized('Tu contraseña ha cambiado. Inicia sesión de nuevo');
  }
  // The user's session timeout (settings, issue 13) counts inactivity on the server, not in the tab.
  const now = Date.now();
  const seenAt = ctx.session!.seenAt;
  if (seenAt && now - seenAt > user.sessionTimeoutMinutes * 60_000) {
    ctx.session = null;
    throw unauthorized('Tu sesión ha caducado por inactividad. Inicia sesión de nuevo');
  }
  // Stored at most once a minute: a session row is not rewritten on every request.
  if (!seenAt || now - seenAt > SEEN_AT_RESOLUTION_MS) ctx.session!.seenAt = now;
  ctx.state.user = user;
  await next();
};

/** How stale the stored activity time may get; the timeout is exact to this much. */
const SEEN_AT_RESOLUTION_MS = 60_000;

/** The user `authenticate` loaded; only for handlers mounted behind it. */
export function currentUser(ctx: Ctx): User {
  if (!ctx.state.user) throw new Error('currentUser() used on a route without authenticate');
  return ctx.state.user;
}
