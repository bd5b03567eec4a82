import { ReportSchedulesCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, list, remove } from './reportSchedules';

/** Scheduled reports (issue 33, point 6): the roles that may open /reports, each user only its own. */
export function reportSchedulesRoutes({ session }: { session: AppMiddleware }) {
  const signedIn = [session, authenticate];
  return new Router<AppState, AppContext>()
    .get('/report-schedules', ...signedIn, requirePermission('reports:read'), list)
    .post('/report-schedules', ...signedIn, requirePermission('reports:generate'), transaction, route(ReportSchedulesCreateSchema, create))
    .delete('/report-schedules/:id', ...signedIn, requirePermission('reports:generate'), transaction, remove);
}
