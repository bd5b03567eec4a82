import type { AppMiddleware, Ctx } from '../context';
import { HttpError } from '../errors';
import { ownOrigin } from '../queries/remoteHealth';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const FOREIGN_ORIGIN_MESSAGE = 'Esta petición viene de otro sitio web y no se ha aceptado';

/** The origin a browser says a request comes from: Origin, else the Referer's; null when it says none. */
function claimedOrigin(ctx: Ctx): string | null {
  const origin = ctx.get('Origin');
  if (origin) return origin;
  const referer = ctx.get('Referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * CSRF protection for the API's writes (issue 15), on top of the SameSite=Lax session cookie: a
 * browser sends Origin with every cross-site write, so a write whose Origin (or Referer) is not
 * this server's address is refused with 403 before anything runs. Requests that name no origin
 * (curl, server-to-server) carry no ambient browser cookie and pass.
 */
export const sameOriginWrites: AppMiddleware = async (ctx, next) => {
  if (WRITES.has(ctx.method) && ctx.path.startsWith('/api/')) {
    const claimed = claimedOrigin(ctx);
    if (claimed !== null && claimed !== ownOrigin(ctx)) throw new HttpError(403, 'foreign_origin', FOREIGN_ORIGIN_MESSAGE);
  }
  await next();
};
