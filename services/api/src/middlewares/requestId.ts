import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../context';

/** An id a proxy or client may pass on; anything else (too long, odd characters) is replaced. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Tags each request with an id, echoed in `X-Request-Id` and written on every log line. */
export function requestId(): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    ctx.state.requestId = SANE_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
