import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { metrics } from './dashboard';

export function dashboardRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/dashboard/metrics', session, authenticate, requirePermission('dashboard:read'), metrics);
}
