import { LeadsUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { exportCsv, list, show, update } from './leads';

/** Leads (issues 11 and 32): the agency's staff, the owner of the property and its delegate, the super admin; rows by policies/scope. */
export function leadsRoutes({ session }: { session: AppMiddleware }) {
  const staff = [session, authenticate, requirePermission('leads:handle')];
  return new Router<AppState, AppContext>()
    .get('/leads', ...staff, list)
    .get('/leads.csv', ...staff, exportCsv)
    .get('/leads/:id', ...staff, show)
    .patch('/leads/:id', ...staff, transaction, route(LeadsUpdateSchema, update));
}
