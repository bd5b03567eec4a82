import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { list } from './tasks';

export function tasksRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/tasks', session, authenticate, requirePermission('dashboard:read'), list);
}
