import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';

/** Users, roles and one-time password links for the super admin (issue 13). */
export function usersRoutes(_deps: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>();
}
