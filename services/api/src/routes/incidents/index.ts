import { IncidentsCreateSchema, IncidentsUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { validate } from '../../middlewares/validate';
import { create, list, show, update } from './incidents';

export function incidentsRoutes({ session }: { session: AppMiddleware }) {
  const read = [session, authenticate, requirePermission('incidents:read')];
  return new Router<AppState, AppContext>()
    .get('/incidents', ...read, list)
    .post('/incidents', session, authenticate, requirePermission('incidents:report'), validate(IncidentsCreateSchema), transaction, create)
    .get('/incidents/:id', ...read, show)
    .patch('/incidents/:id', session, authenticate, requirePermission('incidents:manage'), validate(IncidentsUpdateSchema), transaction, update);
}
