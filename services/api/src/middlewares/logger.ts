import { PUBLIC_ROUTES, ROUTE_ACCESS } from '@arrendia/permissions';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../context';
import { pathRedactor, type PathRedactor } from '../log';

/**
 * The redactor of request logs and error reports: the routes of `router` (the API's) and the
 * shell's pages, where the links of invitations and password resets land (/invitacion/:token).
 */
export function redactorOf(router?: { stack: readonly { path: string | RegExp }[] }): PathRedactor {
  const apiRoutes = (router?.stack ?? []).map((layer) => layer.path).filter((path): path is string => typeof path === 'string');
  return pathRedactor([...PUBLIC_ROUTES, ...Object.keys(ROUTE_ACCESS), ...apiRoutes]);
}

/** One log line per request, written once the final status is known; secrets in the path redacted. */
export function requestLogger(redact: PathRedactor = redactorOf()): Middleware<AppState, AppContext> {
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
        path: redact(path),
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}
