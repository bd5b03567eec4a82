import {
  IdSchema,
  MaintenancePlansListQuerySchema,
  MaintenanceTasksListQuerySchema,
  type MaintenancePlansCreateSchema,
  type MaintenancePlansUpdateSchema,
  type MaintenanceTasksCreateSchema,
  type MaintenanceTasksUpdateSchema,
} from '@arrendia/api-contract';
import { z } from 'zod';
import { createMaintenancePlan, createMaintenanceTask, updateMaintenancePlan, updateMaintenanceTask } from '../../commands/maintenanceScheduler';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { MAINTENANCE_TASKS_SHEET } from '../../csv/sheets';
import { paginate, listPage } from '../../pagination';
import { requestScope, tasksOf } from '../../listSources';
import { presentMaintenancePlan, presentMaintenanceTask, type MaintenancePlanRow } from '../../presenters/maintenance';
import { maintenancePlanList, maintenanceStats } from '../../queries/maintenanceRows';

/** GET /api/maintenance/tasks → the user's tasks by date (the soonest first) or by ?sort=, paged (X-Total-Count); filters status, propertyId, providerId, incidentId, from, to, q. */
export async function listTasks(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(MaintenanceTasksListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, tasksOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/maintenance/tasks.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportTasksCsv = listCsv(MaintenanceTasksListQuerySchema, MAINTENANCE_TASKS_SHEET, tasksOf);

/** POST /api/maintenance/tasks → 201 with the task. */
export async function createTask(ctx: Ctx, input: z.output<typeof MaintenanceTasksCreateSchema>) {
  const row = await createMaintenanceTask(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentMaintenanceTask(row);
}

/** PATCH /api/maintenance/tasks/:id → the task, started, completed or cancelled. */
export async function updateTask(ctx: Ctx, input: z.output<typeof MaintenanceTasksUpdateSchema>) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  ctx.body = presentMaintenanceTask(await updateMaintenanceTask(ctx.state.trx!, currentUser(ctx), id, input));
}

/** GET /api/maintenance/plans → the user's preventive plans by next date or by ?sort=, paged (X-Total-Count); filters propertyId, active, q. */
export async function listPlans(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(MaintenancePlansListQuerySchema, ctx.query);
  ctx.body = (await paginate<MaintenancePlanRow>(ctx, maintenancePlanList(ctx.knex, currentUser(ctx), filters), { page, pageSize })).map(presentMaintenancePlan);
}

/** POST /api/maintenance/plans → 201 with the plan (its first task booked). */
export async function createPlan(ctx: Ctx, input: z.output<typeof MaintenancePlansCreateSchema>) {
  const row = await createMaintenancePlan(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentMaintenancePlan(row);
}

/** PATCH /api/maintenance/plans/:id → the plan, edited, paused or resumed. */
export async function updatePlan(ctx: Ctx, input: z.output<typeof MaintenancePlansUpdateSchema>) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  ctx.body = presentMaintenancePlan(await updateMaintenancePlan(ctx.state.trx!, currentUser(ctx), id, input));
}

/** GET /api/maintenance/stats → the four cards of /maintenance. */
export async function stats(ctx: Ctx) {
  ctx.body = await maintenanceStats(ctx.knex, currentUser(ctx));
}
