import { DelegationsCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, list, remove } from './delegations';

/** Portfolio delegations (decisions.md, issue 11): the owner grants and revokes; the delegate and the super admin read. */
export function delegationsRoutes({ session }: { session: AppMiddleware }) {
  const manage = [session, authenticate, requirePermission('delegations:manage')];
  return new Router<AppState, AppContext>()
    .get('/delegations', session, authenticate, requirePermission('delegations:read'), list)
    .post('/delegations', ...manage, transaction, route(DelegationsCreateSchema, create))
    .delete('/delegations/:delegateUserId', ...manage, transaction, remove);
}
