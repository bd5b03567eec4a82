import type { AppMiddleware } from '../context';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After any request that may write (whatever it touched, and whether or not it failed), runs
 * `forget` before the response leaves: the per-process caches (sessions, list totals) drop what
 * they hold, so a deactivation, a role or password change or a new row is in force for the very
 * next request to this process. Other processes learn of it by their own means (notices, TTL).
 */
export function forgetAfterWrites(forget: () => void): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (!READS.has(ctx.method)) forget();
    }
  };
}
