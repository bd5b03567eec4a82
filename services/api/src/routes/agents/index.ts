import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { performance, properties } from './agents';

/** The signed-in agent's own figures (issue 11); only ever about the caller, so no id to scope. */
export function agentsRoutes({ session }: { session: AppMiddleware }) {
  const staff = [session, authenticate, requirePermission('leads:manage')];
  return new Router<AppState, AppContext>().get('/agents/me/performance', ...staff, performance).get('/agents/me/properties', ...staff, properties);
}
