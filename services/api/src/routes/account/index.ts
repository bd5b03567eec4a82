import { AccountErasureSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { route } from '../../middlewares/validate';
import { eraseOwn } from './account';

/**
 * The signed-in person's own account as a whole (issue 35, point 3): the right to erasure. Its
 * command opens its own transaction: the password is checked (argon2) before it opens.
 */
export function accountRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().post('/account/erasure', session, authenticate, requirePermission('settings:own'), route(AccountErasureSchema, eraseOwn));
}
