import { ReportsCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, download, list } from './reports';

/** Generated PDF reports: the roles that may open /reports, each user only its own. */
export function reportsRoutes({ session }: { session: AppMiddleware }) {
  const signedIn = [session, authenticate];
  return new Router<AppState, AppContext>()
    .get('/reports', ...signedIn, requirePermission('reports:read'), list)
    .post('/reports', ...signedIn, requirePermission('reports:generate'), transaction, route(ReportsCreateSchema, create))
    .get('/reports/:id/download', ...signedIn, requirePermission('reports:read'), download);
}
