import { TransactionsCreateSchema, TransactionsDeleteSchema, TransactionsUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { correct, create, exportCsv, list, remove } from './transactions';

export function transactionsRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .get('/transactions', session, authenticate, requirePermission('transactions:read'), list)
    .get('/transactions.csv', session, authenticate, requirePermission('transactions:read'), exportCsv)
    .post('/transactions', session, authenticate, requirePermission('transactions:write'), transaction, route(TransactionsCreateSchema, create))
    .patch('/transactions/:id', session, authenticate, requirePermission('transactions:write'), transaction, route(TransactionsUpdateSchema, correct))
    .delete('/transactions/:id', session, authenticate, requirePermission('transactions:write'), transaction, route(TransactionsDeleteSchema, remove));
}
