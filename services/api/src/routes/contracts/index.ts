import { ContractsCreateSchema, ContractsUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, exportCsv, list, pdf, rentHistory, show, update } from './contracts';

export function contractsRoutes({ session }: { session: AppMiddleware }) {
  const read = [session, authenticate, requirePermission('contracts:read')];
  const write = [session, authenticate, requirePermission('contracts:write')];
  return new Router<AppState, AppContext>()
    .get('/contracts', ...read, list)
    .get('/contracts.csv', ...read, exportCsv)
    .post('/contracts', ...write, transaction, route(ContractsCreateSchema, create))
    .get('/contracts/:id', ...read, show)
    .get('/contracts/:id/pdf', ...read, pdf)
    .get('/contracts/:id/rent-history', ...read, rentHistory)
    .patch('/contracts/:id', ...write, transaction, route(ContractsUpdateSchema, update));
}
