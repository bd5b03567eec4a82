import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { home } from './tenantHome';

/** The tenant's own dashboard (issue 12); only a tenant has one. */
export function tenantHomeRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/tenant/home', session, authenticate, requirePermission('payments:mark'), home);
}
