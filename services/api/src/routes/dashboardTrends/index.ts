import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { trends } from './dashboardTrends';

export function dashboardTrendsRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/dashboard/trends', session, authenticate, requirePermission('dashboard:read'), trends);
}
