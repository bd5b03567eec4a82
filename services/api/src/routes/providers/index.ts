import { ProvidersCreateSchema, ProvidersUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, exportCsv, list, update } from './providers';

/** Maintenance providers (issue 11): each account (owner or agency) keeps its own. */
export function providersRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .get('/providers', session, authenticate, requirePermission('maintenance:read'), list)
    .get('/providers.csv', session, authenticate, requirePermission('maintenance:read'), exportCsv)
    .post('/providers', session, authenticate, requirePermission('maintenance:write'), transaction, route(ProvidersCreateSchema, create))
    .patch('/providers/:id', session, authenticate, requirePermission('maintenance:write'), transaction, route(ProvidersUpdateSchema, update));
}
