import { PropertiesCreateSchema, PropertiesUpdateSchema, PropertyAgencyPutSchema, PropertyAgentPutSchema, UnitCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { addUnit, agents, create, exportCsv, exportUnitsCsv, list, owners, putAgency, putAgent, remove, show, units, update } from './properties';

export function propertiesRoutes({ session }: { session: AppMiddleware }) {
  const read = [session, authenticate, requirePermission('properties:read')];
  const write = [session, authenticate, requirePermission('properties:write')];
  const assign = [session, authenticate, requirePermission('properties:assign')];
  const handOver = [session, authenticate, requirePermission('properties:agency')];
  return new Router<AppState, AppContext>()
    .get('/properties', ...read, list)
    .get('/properties.csv', ...read, exportCsv)
    .post('/properties', ...write, transaction, route(PropertiesCreateSchema, create))
    // Before /properties/:id, which would take 'owners' for an id.
    .get('/properties/owners', ...write, owners)
    .get('/properties/:id', ...read, show)
    .patch('/properties/:id', ...write, transaction, route(PropertiesUpdateSchema, update))
    .delete('/properties/:id', ...write, transaction, remove)
    .get('/properties/:id/units', ...read, units)
    .get('/properties/:id/units.csv', ...read, exportUnitsCsv)
    .post('/properties/:id/units', ...write, transaction, route(UnitCreateSchema, addUnit))
    .get('/properties/:id/agents', ...assign, agents)
    .put('/properties/:id/agent', ...assign, transaction, route(PropertyAgentPutSchema, putAgent))
    .put('/properties/:id/agency', ...handOver, transaction, route(PropertyAgencyPutSchema, putAgency));
}
