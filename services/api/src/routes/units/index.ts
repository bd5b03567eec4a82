import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { list } from './units';

export function unitsRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/units', session, authenticate, requirePermission('units:read'), list);
}
