import { VisitsCreateSchema, VisitsUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, exportCsv, list, update } from './visits';

/** Property visits (issue 11): the agency's agents and manager, and the super admin. */
export function visitsRoutes({ session }: { session: AppMiddleware }) {
  const staff = [session, authenticate, requirePermission('visits:manage')];
  return new Router<AppState, AppContext>()
    .get('/visits', ...staff, list)
    .get('/visits.csv', ...staff, exportCsv)
    .post('/visits', ...staff, transaction, route(VisitsCreateSchema, create))
    .patch('/visits/:id', ...staff, transaction, route(VisitsUpdateSchema, update));
}
