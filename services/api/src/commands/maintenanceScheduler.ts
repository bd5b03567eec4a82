import { MAINTENANCE_TASK_TRANSITIONS, type MaintenancePlansUpdateData, type MaintenanceTaskStatus, type MaintenanceTaskType, type ProvidersUpdateData } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { HttpError, validationError } from '../errors';
import type { User } from '../models/User';
import { loadInScope, lockRows } from '../policies/inScope';
import { loadManageable } from '../policies/manageable';
import { scopeIncidents, scopeProviders } from '../policies/scope';
import { isoDay } from '../presenters/dates';
import type { MaintenancePlanRow, MaintenanceTaskRow, ProviderRow } from '../presenters/maintenance';
import { maintenancePlanRows, maintenanceTaskRows } from '../queries/maintenanceRows';
import { moneyText } from './contractCreator';

const CHECK_FIELDS = 'Revisa los campos marcados';

interface Where {
  mainPropertyId: number;
  rentableUnitId?: number;
  providerId?: number;
  incidentId?: number;
}

/**
 * Checks where a task or plan goes: a property the user manages (404 otherwise), a unit of that
 * property, an incident on it, and one of the user's providers; every wrong field named at once.
 */
async function checkWhere(trx: Knex.Transaction, user: User, where: Where, { providerMayBeInactive = false } = {}): Promise<void> {
  await loadManageable(trx, user, trx('main_properties').select('main_properties.id').where('main_properties.id', where.mainPropertyId), {
    propertyColumn: 'main_properties.id',
    notFoundMessage: 'No se ha encontrado la propiedad',
    field: 'mainPropertyId',
  });
  const fields: Record<string, string> = {};
  if (where.rentableUnitId !== undefined && !(await trx('rentable_units').where({ id: where.rentableUnitId, mainPropertyId: where.mainPropertyId }).first('id'))) {
    fields.rentableUnitId = 'La unidad no pertenece a la propiedad';
  }
  if (where.incidentId !== undefined) {
    // An incident the user sees (policies/scope), on this property: another's is no different from none.
    const onProperty = trx('incidents').join('rentable_units', 'rentable_units.id', 'incidents.rentableUnitId').where({ 'incidents.id': where.incidentId, 'rentable_units.mainPropertyId': where.mainPropertyId });
    if (!(await scopeIncidents(trx, onProperty, user).first('incidents.id'))) fields.incidentId = 'La incidencia no es de esta propiedad';
  }
  if (where.providerId !== undefined) {
    const provider = trx('providers').where('providers.id', where.providerId);
    if (!providerMayBeInactive) provider.where('providers.isActive', true);
    if (!(await scopeProviders(trx, provider, user).first('providers.id'))) fields.providerId = 'Elige uno de tus proveedores activos';
  }
  if (Object.keys(fields).length) throw validationError(CHECK_FIELDS, fields);
}

/** A maintenance task by hand (POST /api/maintenance/tasks), Programado. */
export async function createMaintenanceTask(
  trx: Knex.Transaction,
  user: User,
  input: Where & { title: string; taskType: MaintenanceTaskType; scheduledDate: string; cost?: number; notes?: string },
): Promise<MaintenanceTaskRow> {
  await checkWhere(trx, user, input);
  const values = {
    mainPropertyId: input.mainPropertyId,
    rentableUnitId: input.rentableUnitId ?? null,
    incidentId: input.incidentId ?? null,
    providerId: input.providerId ?? null,
    title: input.title,
    taskType: input.taskType,
    scheduledDate: input.scheduledDate,
    cost: input.cost === undefined ? null : moneyText(input.cost),
    notes: input.notes ?? null,
  };
  const [{ id }] = await trx('maintenance_tasks').insert(values).returning('id');
  await audit(trx, { userId: user.id, action: 'create', tableName: 'maintenance_tasks', recordId: id, newValues: values });
  return maintenanceTaskRows(trx, user).where('maintenance_tasks.id', id).first();
}

/** `date` plus `months` calendar months, in SQL ('2026-01-31' + 1 month is '2026-02-28'). */
async function addMonths(trx: Knex.Transaction, date: string | Date, months: number): Promise<string> {
  const row = await trx.raw(`select to_char((?::date + make_interval(months => ?))::date, 'YYYY-MM-DD') as d`, [typeof date === 'string' ? date.slice(0, 10) : date.toISOString().slice(0, 10), months]);
  return row.rows[0].d;
}

/**
 * A preventive plan (POST /api/maintenance/plans): what, where, every N months; its first task
 * is booked on `nextDate`, and completing a plan's task books the next one.
 */
export async function createMaintenancePlan(
  trx: Knex.Transaction,
  user: User,
  input: Where & { title: string; description?: string; intervalMonths: number; nextDate: string; estimatedCost?: number },
): Promise<MaintenancePlanRow> {
  await checkWhere(trx, user, input);
  const values = {
    mainPropertyId: input.mainPropertyId,
    rentableUnitId: input.rentableUnitId ?? null,
    providerId: input.providerId ?? null,
    title: input.title,
    description: input.description ?? null,
    intervalMonths: input.intervalMonths,
    nextDate: input.nextDate,
    estimatedCost: input.estimatedCost === undefined ? null : moneyText(input.estimatedCost),
  };
  const [{ id }] = await trx('maintenance_plans').insert(values).returning('id');
  await audit(trx, { userId: user.id, action: 'create', tableName: 'maintenance_plans', recordId: id, newValues: values });
  await bookPlanTask(trx, user, { id, ...values }, input.nextDate);
  return maintenancePlanRows(trx, user).where('maintenance_plans.id', id).first();
}

async function bookPlanTask(
  trx: Knex.Transaction,
  user: User,
  plan: { id: number; mainPropertyId: number; rentableUnitId: number | null; providerId: number | null; title: string; estimatedCost: string | null },
  scheduledDate: string,
): Promise<number> {
  // A provider deactivated since keeps the plan's past tasks, not its new ones.
  const providerActive = plan.providerId !== null && (await trx('providers').where({ id: plan.providerId, isActive: true }).first('id')) !== undefined;
  const values = {
    mainPropertyId: plan.mainPropertyId,
    rentableUnitId: plan.rentableUnitId,
    providerId: providerActive ? plan.providerId : null,
    planId: plan.id,
    title: plan.title,
    taskType: 'Preventivo',
    scheduledDate,
    cost: plan.estimatedCost,
  };
  const [{ id }] = await trx('maintenance_tasks').insert(values).returning('id');
  await audit(trx, { userId: user.id, action: 'create', tableName: 'maintenance_tasks', recordId: id, newValues: values });
  return id;
}

/** Whether the plan has a task still to do (Programado or En progreso). */
async function hasOpenTask(trx: Knex.Transaction, planId: number): Promise<boolean> {
  return (await trx('maintenance_tasks').where('planId', planId).whereIn('status', ['Programado', 'En progreso']).first('id')) !== undefined;
}

/**
 * 'Iniciar Tarea' (Programado → En progreso), completion (with its final cost) or cancellation
 * (PATCH /api/maintenance/tasks/:id); a completed or cancelled task stays so (409). Closing a
 * plan's task, done or cancelled, moves the plan's next date `intervalMonths` after this one's
 * date and, unless the plan is paused, books its next task there, in the same transaction: a
 * cancelled visit skips one occurrence, pausing the plan stops them.
 */
export async function updateMaintenanceTask(trx: Knex.Transaction, user: User, id: number, input: { status?: MaintenanceTaskStatus; cost?: number; notes?: string }): Promise<MaintenanceTaskRow> {
  const task = await loadManageable<MaintenanceTaskRow>(trx, user, maintenanceTaskRows(trx, user).where('maintenance_tasks.id', id), {
    propertyColumn: 'maintenance_tasks.mainPropertyId',
    lock: 'maintenance_tasks',
    notFoundMessage: 'No se ha encontrado la tarea',
  });
  const changes: Record<string, unknown> = {};
  if (input.status !== undefined && input.status !== task.status) {
    if (!MAINTENANCE_TASK_TRANSITIONS[task.status].includes(input.status)) {
      throw new HttpError(409, 'invalid_transition', `No se puede pasar una tarea de ${task.status} a ${input.status}`);
    }
    changes.status = input.status;
    if (input.status === 'En progreso') changes.startedAt = trx.fn.now();
    if (input.status === 'Completado') changes.completedAt = trx.fn.now();
  }
  if (input.cost !== undefined) changes.cost = moneyText(input.cost);
  if (input.notes !== undefined) changes.notes = input.notes;
  if (Object.keys(changes).length === 0) return task;

  await trx('maintenance_tasks').where('id', id).update({ ...changes, updatedAt: trx.fn.now() });
  const before = Object.fromEntries(Object.keys(changes).map((k) => [k, task[k as keyof MaintenanceTaskRow] ?? null]));
  await audit(trx, { userId: user.id, action: 'update', tableName: 'maintenance_tasks', recordId: id, oldValues: before, newValues: { ...changes, startedAt: undefined, completedAt: undefined } });

  if ((changes.status === 'Completado' || changes.status === 'Cancelado') && task.planId !== null) {
    const [plan] = await lockRows<PlanToBook>(trx('maintenance_plans').where({ id: task.planId }), true);
    if (plan) {
      const next = await addMonths(trx, task.scheduledDate, plan.intervalMonths);
      // A paused plan books nothing (its next date still moves on, for when it resumes); nor does a plan that has its next task already.
      if (plan.isActive && !(await hasOpenTask(trx, plan.id))) await bookPlanTask(trx, user, plan, next);
      await trx('maintenance_plans').where('id', plan.id).update({ nextDate: next, updatedAt: trx.fn.now() });
      await audit(trx, { userId: user.id, action: 'update', tableName: 'maintenance_plans', recordId: plan.id, oldValues: { nextDate: isoDay(plan.nextDate) }, newValues: { nextDate: next } });
    }
  }
  return maintenanceTaskRows(trx, user).where('maintenance_tasks.id', id).first();
}

type PlanToBook = Parameters<typeof bookPlanTask>[2] & { intervalMonths: number; nextDate: string | Date; isActive: boolean };

/** What a plan's fields become on its tasks still to start (Programado). */
const PLAN_TO_TASK: Partial<Record<keyof MaintenancePlansUpdateData, string>> = {
  title: 'title',
  rentableUnitId: 'rentableUnitId',
  providerId: 'providerId',
  estimatedCost: 'cost',
  nextDate: 'scheduledDate',
};

/**
 * 'Editar' a plan, 'Pausar' or 'Reanudar' it (PATCH /api/maintenance/plans/:id). Its property stays;
 * a new unit must be of that property and a new provider one of the user's active ones (a provider
 * deactivated since may stay). What changes is carried to the plan's task still to start (its
 * title, unit, provider, cost and date: the plan's next date is that task's). A paused plan keeps
 * the tasks it booked and books no more; resumed without a task to do (its last one closed while
 * paused), it books one on its next date, or today if that date has passed.
 */
export async function updateMaintenancePlan(trx: Knex.Transaction, user: User, id: number, input: MaintenancePlansUpdateData): Promise<MaintenancePlanRow> {
  const plan = await loadManageable<MaintenancePlanRow>(trx, user, maintenancePlanRows(trx, user).where('maintenance_plans.id', id), {
    propertyColumn: 'maintenance_plans.mainPropertyId',
    lock: 'maintenance_plans',
    notFoundMessage: 'No se ha encontrado el plan',
  });
  const current: Record<keyof MaintenancePlansUpdateData, unknown> = {
    title: plan.title,
    description: plan.description,
    rentableUnitId: plan.rentableUnitId,
    providerId: plan.providerId,
    intervalMonths: plan.intervalMonths,
    nextDate: isoDay(plan.nextDate),
    estimatedCost: plan.estimatedCost,
    isActive: plan.isActive,
  };
  const wanted: Record<string, unknown> = { ...input, estimatedCost: input.estimatedCost === undefined || input.estimatedCost === null ? input.estimatedCost : moneyText(input.estimatedCost) };
  const changes = Object.fromEntries(Object.entries(wanted).filter(([key, value]) => value !== undefined && value !== current[key as keyof MaintenancePlansUpdateData])) as Partial<Record<keyof MaintenancePlansUpdateData, unknown>>;
  // Whatever is named is checked, even unchanged (another account's provider is refused however it got there); only a kept provider may have been deactivated since.
  await checkWhere(
    trx,
    user,
    { mainPropertyId: plan.mainPropertyId, rentableUnitId: input.rentableUnitId ?? undefined, providerId: input.providerId ?? undefined },
    { providerMayBeInactive: input.providerId === plan.providerId },
  );
  if (Object.keys(changes).length === 0) return plan;

  await trx('maintenance_plans').where('id', id).update({ ...changes, updatedAt: trx.fn.now() });
  const before = Object.fromEntries(Object.keys(changes).map((key) => [key, current[key as keyof MaintenancePlansUpdateData] ?? null]));
  await audit(trx, { userId: user.id, action: 'update', tableName: 'maintenance_plans', recordId: id, oldValues: before, newValues: changes });

  const carried = Object.fromEntries(Object.entries(changes).flatMap(([key, value]) => (PLAN_TO_TASK[key as keyof MaintenancePlansUpdateData] ? [[PLAN_TO_TASK[key as keyof MaintenancePlansUpdateData]!, value]] : [])));
  if (Object.keys(carried).length > 0) {
    const toStart = await lockRows<Record<string, unknown> & { id: number }>(trx('maintenance_tasks').where({ planId: id, status: 'Programado' }), true);
    for (const task of toStart) {
      await trx('maintenance_tasks').where('id', task.id).update({ ...carried, updatedAt: trx.fn.now() });
      const old = Object.fromEntries(Object.keys(carried).map((key) => [key, key === 'scheduledDate' ? isoDay(task[key] as string | Date) : (task[key] ?? null)]));
      await audit(trx, { userId: user.id, action: 'update', tableName: 'maintenance_tasks', recordId: task.id, oldValues: old, newValues: carried });
    }
  }

  // Resumed without a task to do (its last one closed while paused): its next one is booked now.
  if (changes.isActive === true && !(await hasOpenTask(trx, id))) {
    const [after] = await trx('maintenance_plans').where('id', id).select('*');
    const today = todayIso();
    const on = isoDay(after.nextDate) < today ? today : isoDay(after.nextDate);
    await bookPlanTask(trx, user, after, on);
    if (on !== isoDay(after.nextDate)) {
      await trx('maintenance_plans').where('id', id).update({ nextDate: on, updatedAt: trx.fn.now() });
      await audit(trx, { userId: user.id, action: 'update', tableName: 'maintenance_plans', recordId: id, oldValues: { nextDate: isoDay(after.nextDate) }, newValues: { nextDate: on } });
    }
  }
  return maintenancePlanRows(trx, user).where('maintenance_plans.id', id).first();
}

/**
 * 'Editar' a provider of the user's account, 'Desactivar' or 'Reactivar' it (PATCH /api/providers/:id);
 * another account's is a 404. An inactive provider is refused for new tasks and plans (checkWhere)
 * and booked on no new plan task; the tasks and plans that have it keep it.
 */
export async function updateProvider(trx: Knex.Transaction, user: User, id: number, input: ProvidersUpdateData): Promise<ProviderRow> {
  const provider = await loadInScope<ProviderRow>(trx('providers').select('providers.*').where('providers.id', id), {
    scope: (q) => scopeProviders(trx, q, user),
    lock: 'providers',
    notFound: 'No se ha encontrado el proveedor',
  });
  const changes = Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && value !== provider[key as keyof ProviderRow]));
  if (Object.keys(changes).length === 0) return provider;
  const [row] = await trx('providers')
    .where('id', id)
    .update({ ...changes, updatedAt: trx.fn.now() })
    .returning('*');
  const before = Object.fromEntries(Object.keys(changes).map((key) => [key, provider[key as keyof ProviderRow] ?? null]));
  await audit(trx, { userId: user.id, action: 'update', tableName: 'providers', recordId: id, oldValues: before, newValues: changes });
  return row;
}

/** A provider for the user's own account (POST /api/providers): an owner's, or its agency's; the super admin names the account. */
export async function registerProvider(
  trx: Knex.Transaction,
  user: User,
  input: { name: string; trade: string; nifCif: string; telefono?: string; email?: string; ibanBancaria?: string | null; agencyId?: number; ownerUserId?: number },
): Promise<ProviderRow> {
  const { agencyId, ownerUserId, ...fields } = input;
  let account: { agencyId: number | null; ownerUserId: number | null };
  switch (canonicalRole(user.role?.roleName)) {
    case 'propietario_individual':
      account = { agencyId: null, ownerUserId: user.id };
      break;
    case 'admin_agencia':
    case 'agente':
      if (user.agencyId === null) throw validationError(CHECK_FIELDS, { agencyId: 'No perteneces a ninguna agencia' });
      account = { agencyId: user.agencyId, ownerUserId: null };
      break;
    default:
      if (agencyId === undefined && ownerUserId === undefined) throw validationError(CHECK_FIELDS, { agencyId: 'Indica la agencia o el propietario del proveedor' });
      if (agencyId !== undefined && !(await trx('agencies').where('id', agencyId).first('id'))) throw validationError(CHECK_FIELDS, { agencyId: 'La agencia indicada no existe' });
      if (ownerUserId !== undefined && !(await trx('users').join('roles', 'roles.id', 'users.roleId').where({ 'users.id': ownerUserId, 'roles.roleName': 'propietario_individual' }).first('users.id'))) {
        throw validationError(CHECK_FIELDS, { ownerUserId: 'El propietario indicado no existe' });
      }
      account = { agencyId: agencyId ?? null, ownerUserId: ownerUserId ?? null };
  }
  const values = { ...fields, telefono: fields.telefono ?? null, email: fields.email ?? null, ibanBancaria: fields.ibanBancaria ?? null, ...account };
  const [row] = await trx('providers').insert(values).returning('*');
  await audit(trx, { userId: user.id, action: 'create', tableName: 'providers', recordId: row.id, newValues: values });
  return row;
}
