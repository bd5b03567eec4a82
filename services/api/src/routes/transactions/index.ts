import { TransactionsCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, list } from './transactions';

export function transactionsRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .get('/transactions', session, authenticate, requirePermission('transactions:read'), list)
    .post('/transactions', session, authenticate, requirePermission('transactions:write'), transaction, route(TransactionsCreateSchema, create));
}
