import { RentUpdatePatchSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { list, notice, patch, show } from './rentUpdates';

/** Rent updates (issue 36): the landlord side of each contract; an agent changes only those of the properties in its charge. */
export function rentUpdatesRoutes({ session }: { session: AppMiddleware }) {
  const manage = [session, authenticate, requirePermission('rent-updates:manage')];
  return new Router<AppState, AppContext>()
    .get('/rent-updates', ...manage, list)
    .get('/rent-updates/:id', ...manage, show)
    .patch('/rent-updates/:id', ...manage, transaction, route(RentUpdatePatchSchema, patch))
    .post('/rent-updates/:id/notice', ...manage, transaction, notice);
}
