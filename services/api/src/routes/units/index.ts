import { UnitUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { exportCsv, list, update } from './units';

export function unitsRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .get('/units', session, authenticate, requirePermission('units:read'), list)
    .get('/units.csv', session, authenticate, requirePermission('units:read'), exportCsv)
    .patch('/units/:id', session, authenticate, requirePermission('properties:write'), transaction, route(UnitUpdateSchema, update));
}
