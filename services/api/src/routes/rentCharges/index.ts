import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { confirm, exportCsv, list, payment, transfer } from './rentCharges';

/** Monthly rent charges (issue 12): both sides read them, the tenant marks its transfer, the landlord's side confirms it. */
export function rentChargesRoutes({ session }: { session: AppMiddleware }) {
  const read = [session, authenticate, requirePermission('payments:read')];
  return new Router<AppState, AppContext>()
    .get('/rent-charges', ...read, list)
    .get('/rent-charges.csv', ...read, exportCsv)
    .get('/rent-charges/:id/payment', ...read, payment)
    .post('/rent-charges/:id/transfer', session, authenticate, requirePermission('payments:mark'), transaction, transfer)
    .post('/rent-charges/:id/confirm', session, authenticate, requirePermission('payments:confirm'), transaction, confirm);
}
