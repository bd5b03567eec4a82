import { MaintenancePlansCreateSchema, MaintenancePlansUpdateSchema, MaintenanceTasksCreateSchema, MaintenanceTasksUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { createPlan, createTask, exportTasksCsv, listPlans, listTasks, stats, updatePlan, updateTask } from './maintenance';

/** Maintenance (issue 11): who may open /maintenance; rows by property through policies/scope. */
export function maintenanceRoutes({ session }: { session: AppMiddleware }) {
  const read = [session, authenticate, requirePermission('maintenance:read')];
  const write = [session, authenticate, requirePermission('maintenance:write')];
  return new Router<AppState, AppContext>()
    .get('/maintenance/stats', ...read, stats)
    .get('/maintenance/tasks', ...read, listTasks)
    .get('/maintenance/tasks.csv', ...read, exportTasksCsv)
    .post('/maintenance/tasks', ...write, transaction, route(MaintenanceTasksCreateSchema, createTask))
    .patch('/maintenance/tasks/:id', ...write, transaction, route(MaintenanceTasksUpdateSchema, updateTask))
    .get('/maintenance/plans', ...read, listPlans)
    .post('/maintenance/plans', ...write, transaction, route(MaintenancePlansCreateSchema, createPlan))
    .patch('/maintenance/plans/:id', ...write, transaction, route(MaintenancePlansUpdateSchema, updatePlan));
}
