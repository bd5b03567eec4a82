import { RemotesPatchSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { listAll, listEnabled, update } from './remotes';

export function remotesRoutes({ session }: { session: AppMiddleware }) {
  const admin = [session, authenticate, requirePermission('remotes:manage')];
  return new Router<AppState, AppContext>()
    .get('/remotes', listEnabled)
    .get('/admin/remotes', ...admin, listAll)
    .patch('/admin/remotes/:name', ...admin, transaction, route(RemotesPatchSchema, update));
}
