import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';

/** The admin dashboard's platform overview and the portfolio by rental type (issue 13). */
export function adminRoutes(_deps: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>();
}
