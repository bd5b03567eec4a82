import type { MaintenanceStats, MaintenanceTaskStatus } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeMaintenance, scopeProviders } from '../policies/scope';
import { madridMonthBounds } from './dashboardMetrics';

type Db = Knex | Knex.Transaction;

/** Tasks the user may see, with their property, unit and provider names. */
export function maintenanceTaskRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('maintenance_tasks')
    .join('main_properties', 'main_properties.id', 'maintenance_tasks.mainPropertyId')
    .leftJoin('rentable_units', 'rentable_units.id', 'maintenance_tasks.rentableUnitId')
    .leftJoin('providers', 'providers.id', 'maintenance_tasks.providerId')
    .select('maintenance_tasks.*', 'main_properties.propertyName', 'rentable_units.unitName', 'providers.name as providerName');
  return scopeMaintenance(db, query, user, 'maintenance_tasks');
}

/** GET /api/maintenance/tasks: the user's tasks (MaintenanceTaskRow) by date, the soonest first. */
export function maintenanceTaskList(db: Db, user: User, { status }: { status?: MaintenanceTaskStatus }): Knex.QueryBuilder {
  const query = maintenanceTaskRows(db, user);
  if (status) query.where('maintenance_tasks.status', status);
  return query.orderBy([
    { column: 'maintenance_tasks.scheduledDate', order: 'asc' },
    { column: 'maintenance_tasks.id', order: 'asc' },
  ]);
}

/** Preventive plans the user may see, with their property, unit and provider names. */
export function maintenancePlanRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('maintenance_plans')
    .join('main_properties', 'main_properties.id', 'maintenance_plans.mainPropertyId')
    .leftJoin('rentable_units', 'rentable_units.id', 'maintenance_plans.rentableUnitId')
    .leftJoin('providers', 'providers.id', 'maintenance_plans.providerId')
    .select('maintenance_plans.*', 'main_properties.propertyName', 'rentable_units.unitName', 'providers.name as providerName');
  return scopeMaintenance(db, query, user, 'maintenance_plans');
}

/** GET /api/maintenance/plans: the user's preventive plans (MaintenancePlanRow) by next date. */
export function maintenancePlanList(db: Db, user: User): Knex.QueryBuilder {
  return maintenancePlanRows(db, user).orderBy([
    { column: 'maintenance_plans.nextDate', order: 'asc' },
    { column: 'maintenance_plans.id', order: 'asc' },
  ]);
}

/** Providers the user may see. */
export function providerRows(db: Db, user: User): Knex.QueryBuilder {
  return scopeProviders(db, db('providers').select('providers.*'), user);
}

/** GET /api/providers: the user's providers (ProviderRow) by name. */
export function providerList(db: Db, user: User): Knex.QueryBuilder {
  return providerRows(db, user).orderBy([
    { column: 'providers.name', order: 'asc' },
    { column: 'providers.id', order: 'asc' },
  ]);
}

/**
 * The /maintenance cards over the user's tasks: pending (Programado or En progreso), completed this
 * Madrid month and their cost (exact decimal), and the average days from an incident's report to
 * the completion of the task that answered it.
 */
export async function maintenanceStats(db: Db, user: User, now: Date = new Date()): Promise<MaintenanceStats> {
  const { from, to } = madridMonthBounds(now);
  const tasks = () => scopeMaintenance(db, db('maintenance_tasks'), user, 'maintenance_tasks');
  const doneInMonth = () =>
    tasks()
      .where('maintenance_tasks.status', 'Completado')
      .whereRaw(`("maintenance_tasks"."completedAt" at time zone 'Europe/Madrid')::date >= ? and ("maintenance_tasks"."completedAt" at time zone 'Europe/Madrid')::date < ?`, [from, to]);
  const [pending, done, response] = await Promise.all([
    tasks().whereIn('maintenance_tasks.status', ['Programado', 'En progreso']).count({ n: '*' }).first(),
    doneInMonth().select(db.raw('count(*) as n'), db.raw('coalesce(sum("maintenance_tasks"."cost"), 0)::numeric(12,2)::text as cost')).first(),
    tasks()
      .join('incidents', 'incidents.id', 'maintenance_tasks.incidentId')
      .where('maintenance_tasks.status', 'Completado')
      .select(db.raw('round((avg(extract(epoch from ("maintenance_tasks"."completedAt" - "incidents"."createdAt"))) / 86400)::numeric, 1)::text as days'))
      .first(),
  ]);
  return {
    pending: Number(pending?.n ?? 0),
    doneThisMonth: Number(done?.n ?? 0),
    costThisMonth: String(done?.cost ?? '0.00'),
    averageResponseDays: response?.days === null || response?.days === undefined ? null : Number(response.days),
  };
}
