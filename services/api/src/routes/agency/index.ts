import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { overview } from './agency';

/** The agency manager's dashboard (issue 11). */
export function agencyRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/agency/overview', session, authenticate, requirePermission('agency:overview'), overview);
}
