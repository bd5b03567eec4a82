import { AgencyPatchSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { overview, patch } from './agency';

/** The agency manager's dashboard and its agency's settings (issue 11). */
export function agencyRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .get('/agency/overview', session, authenticate, requirePermission('agency:overview'), overview)
    .patch('/agency', session, authenticate, requirePermission('agency:manage'), transaction, route(AgencyPatchSchema, patch));
}
