import { AgentPatchSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { patch, performance, properties } from './agents';

/** The signed-in agent's own figures (issue 11), and the monthly target its agency manager sets. */
export function agentsRoutes({ session }: { session: AppMiddleware }) {
  const staff = [session, authenticate, requirePermission('leads:manage')];
  return new Router<AppState, AppContext>()
    .get('/agents/me/performance', ...staff, performance)
    .get('/agents/me/properties', ...staff, properties)
    .patch('/agents/:id', session, authenticate, requirePermission('agency:manage'), transaction, route(AgentPatchSchema, patch));
}
