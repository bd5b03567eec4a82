import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { overview, rentalTypesByKind } from './admin';

/** The admin dashboard's platform overview and the portfolio by rental type (issue 13): the super admin only. */
export function adminRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .get('/admin/overview', session, authenticate, requirePermission('platform:overview'), overview)
    .get('/admin/rental-types', session, authenticate, requirePermission('platform:overview'), rentalTypesByKind);
}
