import { IndexValueCreateSchema, IndexValueFetchSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, fetchFromIne, list } from './indexValues';

/**
 * The index values the rent updates read (issue 36): the landlord side reads them (the same gate
 * as the updates themselves; tenants do not need them), the super admin adds a month by hand or
 * reads the latest months from the INE. The fetch opens its own transaction after the INE answered.
 */
export function indexValuesRoutes({ session }: { session: AppMiddleware }) {
  const write = [session, authenticate, requirePermission('index-values:write')] as const;
  return new Router<AppState, AppContext>()
    .get('/index-values', session, authenticate, requirePermission('rent-updates:manage'), list)
    .post('/index-values', ...write, transaction, route(IndexValueCreateSchema, create))
    .post('/index-values/fetch', ...write, route(IndexValueFetchSchema, fetchFromIne));
}
