import type { ListSort, MAINTENANCE_PLAN_SORTS, MAINTENANCE_TASK_SORTS, MaintenanceStats, MaintenanceTaskStatus, PROVIDER_SORTS } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type SortColumn } from '../pagination';
import { scopeMaintenance, scopeProviders } from '../policies/scope';
import { madridMonthBounds } from './dashboardMetrics';
import { whereContains } from './textSearch';

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

type TaskSort = (typeof MAINTENANCE_TASK_SORTS)[number];

export interface MaintenanceTaskFilters {
  status?: MaintenanceTaskStatus;
  propertyId?: number;
  providerId?: number;
  incidentId?: number;
  /** Scheduled on or after / on or before these days (a date column: no time zone to convert). */
  from?: string;
  to?: string;
  /** Words of the title or the notes. */
  q?: string;
  sort?: ListSort<TaskSort> | null;
}

/** The column of each sortable field of the tasks list (api-contract MAINTENANCE_TASK_SORTS). */
const TASK_SORT_COLUMNS: Record<TaskSort, SortColumn> = {
  scheduledDate: 'maintenance_tasks.scheduledDate',
  createdAt: 'maintenance_tasks.createdAt',
  cost: 'maintenance_tasks.cost',
};

/** GET /api/maintenance/tasks: the user's tasks (MaintenanceTaskRow), filtered, by date (the soonest first) unless sorted. */
export function maintenanceTaskList(db: Db, user: User, { status, propertyId, providerId, incidentId, from, to, q, sort }: MaintenanceTaskFilters): Knex.QueryBuilder {
  const query = maintenanceTaskRows(db, user);
  if (status) query.where('maintenance_tasks.status', status);
  if (propertyId) query.where('maintenance_tasks.mainPropertyId', propertyId);
  if (providerId) query.where('maintenance_tasks.providerId', providerId);
  if (incidentId) query.where('maintenance_tasks.incidentId', incidentId);
  if (from) query.where('maintenance_tasks.scheduledDate', '>=', from);
  if (to) query.where('maintenance_tasks.scheduledDate', '<=', to);
  if (q) whereContains(query, db, ['maintenance_tasks.title', 'maintenance_tasks.notes'], q);
  const soonestFirst = [
    { column: 'maintenance_tasks.scheduledDate', order: 'asc' as const },
    { column: 'maintenance_tasks.id', order: 'asc' as const },
  ];
  return orderedBy(query, listOrder(sort, TASK_SORT_COLUMNS, soonestFirst, 'maintenance_tasks.id'));
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

type PlanSort = (typeof MAINTENANCE_PLAN_SORTS)[number];

export interface MaintenancePlanFilters {
  propertyId?: number;
  /** Active (true) or paused (false). */
  active?: boolean;
  /** Words of the title or the description. */
  q?: string;
  sort?: ListSort<PlanSort> | null;
}

const PLAN_SORT_COLUMNS: Record<PlanSort, SortColumn> = { nextDate: 'maintenance_plans.nextDate', title: { text: 'maintenance_plans.title' } };

/** GET /api/maintenance/plans: the user's preventive plans (MaintenancePlanRow), filtered, by next date unless sorted. */
export function maintenancePlanList(db: Db, user: User, { propertyId, active, q, sort }: MaintenancePlanFilters = {}): Knex.QueryBuilder {
  const query = maintenancePlanRows(db, user);
  if (propertyId) query.where('maintenance_plans.mainPropertyId', propertyId);
  if (active !== undefined) query.where('maintenance_plans.isActive', active);
  if (q) whereContains(query, db, ['maintenance_plans.title', 'maintenance_plans.description'], q);
  const soonestFirst = [
    { column: 'maintenance_plans.nextDate', order: 'asc' as const },
    { column: 'maintenance_plans.id', order: 'asc' as const },
  ];
  return orderedBy(query, listOrder(sort, PLAN_SORT_COLUMNS, soonestFirst, 'maintenance_plans.id'));
}

/** Providers the user may see. */
export function providerRows(db: Db, user: User): Knex.QueryBuilder {
  return scopeProviders(db, db('providers').select('providers.*'), user);
}

type ProviderSort = (typeof PROVIDER_SORTS)[number];

export interface ProviderFilters {
  /** Words of the name, NIF/CIF, phone or email. */
  q?: string;
  /** Words of the trade ('fontan' finds 'Fontanería'). */
  trade?: string;
  active?: boolean;
  sort?: ListSort<ProviderSort> | null;
}

const PROVIDER_SORT_COLUMNS: Record<ProviderSort, SortColumn> = { name: { text: 'providers.name' } };

/** GET /api/providers: the user's providers (ProviderRow), filtered, by name. */
export function providerList(db: Db, user: User, { q, trade, active, sort }: ProviderFilters = {}): Knex.QueryBuilder {
  const query = providerRows(db, user);
  if (q) whereContains(query, db, ['providers.name', 'providers.nifCif', 'providers.telefono', 'providers.email'], q);
  if (trade) whereContains(query, db, ['providers.trade'], trade);
  if (active !== undefined) query.where('providers.isActive', active);
  const byName = [
    { column: 'providers.name', order: 'asc' as const, text: true },
    { column: 'providers.id', order: 'asc' as const },
  ];
  return orderedBy(query, listOrder(sort, PROVIDER_SORT_COLUMNS, byName, 'providers.id'));
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
