import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { list } from './activity';

export function activityRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/activity', session, authenticate, requirePermission('dashboard:read'), list);
}
