import { ReportsCreateSchema } from '@arrendia/api-contract';
import { ROUTE_ACCESS } from '@arrendia/permissions';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requireRole } from '../../middlewares/requireRole';
import { transaction } from '../../middlewares/transaction';
import { validate } from '../../middlewares/validate';
import { create, download, list } from './reports';

/** Generated PDF reports: the roles that may open /reports, each user only its own. */
export function reportsRoutes({ session }: { session: AppMiddleware }) {
  const allowed = [session, authenticate, requireRole(...ROUTE_ACCESS['/reports'])];
  return new Router<AppState, AppContext>()
    .get('/reports', ...allowed, list)
    .post('/reports', ...allowed, validate(ReportsCreateSchema), transaction, create)
    .get('/reports/:id/download', ...allowed, download);
}
