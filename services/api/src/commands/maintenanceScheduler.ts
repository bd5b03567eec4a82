import { MAINTENANCE_TASK_TRANSITIONS, type MaintenanceTaskStatus, type MaintenanceTaskType } from '@arrendia/api-contract';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { HttpError, validationError } from '../errors';
import type { User } from '../models/User';
import { lockRows } from '../policies/inScope';
import { loadManageable } from '../policies/manageable';
import { scopeProviders } from '../policies/scope';
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
async function checkWhere(trx: Knex.Transaction, user: User, where: Where): Promise<void> {
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
    const incident = await trx('incidents').join('rentable_units', 'rentable_units.id', 'incidents.rentableUnitId').where({ 'incidents.id': where.incidentId, 'rentable_units.mainPropertyId': where.mainPropertyId }).first('incidents.id');
    if (!incident) fields.incidentId = 'La incidencia no es de esta propiedad';
  }
  if (where.providerId !== undefined && !(await scopeProviders(trx, trx('providers').where({ 'providers.id': where.providerId, 'providers.isActive': true }), user).first('providers.id'))) {
    fields.providerId = 'Elige uno de tus proveedores activos';
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
  const values = {
    mainPropertyId: plan.mainPropertyId,
    rentableUnitId: plan.rentableUnitId,
    providerId: plan.providerId,
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

/**
 * 'Iniciar Tarea' (Programado → En progreso), completion (with its final cost) or cancellation
 * (PATCH /api/maintenance/tasks/:id). Completing a task of an active plan books the plan's next
 * task `intervalMonths` after this one's date and moves the plan's next date there, in the same
 * transaction.
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

  if (changes.status === 'Completado' && task.planId !== null) {
    // A plan switched off meanwhile books nothing more: no row is no error here.
    const [plan] = await lockRows<Parameters<typeof bookPlanTask>[2] & { intervalMonths: number; nextDate: string | Date }>(trx('maintenance_plans').where({ id: task.planId, isActive: true }), true);
    if (plan) {
      const next = await addMonths(trx, task.scheduledDate, plan.intervalMonths);
      await bookPlanTask(trx, user, plan, next);
      await trx('maintenance_plans').where('id', plan.id).update({ nextDate: next, updatedAt: trx.fn.now() });
      await audit(trx, { userId: user.id, action: 'update', tableName: 'maintenance_plans', recordId: plan.id, oldValues: { nextDate: plan.nextDate }, newValues: { nextDate: next } });
    }
  }
  return maintenanceTaskRows(trx, user).where('maintenance_tasks.id', id).first();
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
