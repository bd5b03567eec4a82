import type { Knex } from 'knex';
import type { AppMiddleware, Ctx } from '../context';
import { SESSION_COOKIE } from './session';

/**
 * The origins the registered remotes are served from (absolute manifest addresses only: a path is
 * this server). Disabled remotes are left out: the shell never loads them.
 */
async function remoteOrigins(knex: Knex): Promise<string[]> {
  const rows: { manifestUrl: string }[] = await knex('remotes').where('enabled', true).select('manifestUrl');
  const origins = new Set<string>();
  for (const { manifestUrl } of rows) {
    try {
      const url = new URL(manifestUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // a path on this server
    }
  }
  return [...origins].sort();
}

/**
 * The Content-Security-Policy of every answer: scripts and connections only from this server and
 * the registered remotes' origins, no inline or eval'd script, no plugins, never inside a frame.
 * Inline styles stay allowed (styled-components writes its rules at run time), as do data: and blob:
 * images (the favicon, photo previews before upload).
 */
export function contentSecurityPolicy(remotes: readonly string[]): string {
  const scripts = ["'self'", ...remotes].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    `connect-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What an answer that is not a page gets: it may load nothing and sit in no frame. */
export const STRICT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Production is served over HTTPS only (behind its proxy): browsers must never try plain HTTP again for a year. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The Cache-Control of an /api answer made for a signed-in user: no cache, the browser's or a
 * proxy's, may keep it (NIF, IBAN, payments, documents, photos). `no-transform` stays where a route
 * asked for it (the event stream: no compression).
 */
function personalCacheControl(current: string): string {
  return /\bno-transform\b/i.test(current) ? 'no-store, no-transform' : 'no-store';
}

/**
 * Whether an answer was made with a session: the route read a signed-in one (the session store puts
 * its user in sessionUser, authenticate in user), or the answer starts or ends one (sign-in,
 * sign-out). Routes that never read the session (the public catalogue, the placeholder images)
 * answer the same to everyone and keep their own caching.
 */
function madeWithSession(ctx: Ctx): boolean {
  if (ctx.state.user || ctx.state.sessionUser) return true;
  const setCookie = ctx.response.get('Set-Cookie') as string | string[] | undefined;
  return [setCookie ?? []].flat().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/**
 * Security headers on every answer (issue 15): no MIME sniffing, the path and query never sent to
 * other sites, no framing (also for browsers without frame-ancestors), and a CSP. A page (HTML)
 * gets the policy above, built from the remotes as they are registered right now (an address an
 * admin just saved works on the next page load); anything else, the strict one. In production,
 * HSTS; and every /api answer made with a session is `no-store`, here rather than route by route so
 * that a new route cannot forget it (issue 30).
 */
export function securityHeaders(knex: Knex): AppMiddleware {
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', STRICT_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    if (ctx.config.production) ctx.set('Strict-Transport-Security', HSTS);
    const api = ctx.path.startsWith('/api/');
    await next();
    if (api && madeWithSession(ctx)) ctx.set('Cache-Control', personalCacheControl(String(ctx.response.get('Cache-Control') ?? '')));
    if (ctx.response.is('html')) {
      // Without the database (it is down) the page still gets a policy, without the remotes' origins.
      ctx.set('Content-Security-Policy', contentSecurityPolicy(await remoteOrigins(knex).catch(() => [])));
    }
  };
}
