import { PropertiesCreateSchema, PropertiesUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, list, owners, remove, show, update } from './properties';

export function propertiesRoutes({ session }: { session: AppMiddleware }) {
  const read = [session, authenticate, requirePermission('properties:read')];
  const write = [session, authenticate, requirePermission('properties:write')];
  return new Router<AppState, AppContext>()
    .get('/properties', ...read, list)
    .post('/properties', ...write, transaction, route(PropertiesCreateSchema, create))
    // Before /properties/:id, which would take 'owners' for an id.
    .get('/properties/owners', ...write, owners)
    .get('/properties/:id', ...read, show)
    .patch('/properties/:id', ...write, transaction, route(PropertiesUpdateSchema, update))
    .delete('/properties/:id', ...write, transaction, remove);
}
