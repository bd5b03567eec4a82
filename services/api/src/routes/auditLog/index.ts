import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';

/** The audit log viewer and its CSV export (issue 13). */
export function auditLogRoutes(_deps: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>();
}
