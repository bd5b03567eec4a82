import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../context';

/** One log line per request, written once the final status is known. */
export function requestLogger(): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    const started = performance.now();
    // Taken now: static serving rewrites ctx.path on its way; the query string may carry secrets.
    const { method, path } = ctx;
    try {
      await next();
    } finally {
      ctx.log.info('request', {
        reqId: ctx.state.requestId,
        method,
        path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}
