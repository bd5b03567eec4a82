import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';

/** Every user's own account: profile, photo, preferences, password, sessions (issue 13). */
export function settingsRoutes(_deps: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>();
}
