import type { DashboardTrends } from '@arrendia/api-contract';
import { TIME_ZONE } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeIncidents, scopeProperties, scopeTransactions, scopeUnits } from '../policies/scope';
import { madridMonthBounds, OPEN_INCIDENT_STATUSES } from './dashboardMetrics';

type Db = Knex | Knex.Transaction;

/** The Madrid month before the one holding `now`, as DATE bounds [from, to). */
export function previousMadridMonthBounds(now: Date = new Date()): { from: string; to: string } {
  const { from } = madridMonthBounds(now);
  // Noon UTC of the last day of the previous month is that day in Madrid too.
  const lastDay = new Date(Date.parse(`${from}T12:00:00Z`) - 86_400_000);
  return madridMonthBounds(lastDay);
}

/** A timestamp column as its Madrid calendar date. */
const madridDate = (db: Db, column: string) => db.raw(`(?? at time zone '${TIME_ZONE}')::date`, [column]);

/**
 * The figures behind the metric cards' trend captions, in SQL over the user's scope, with the same
 * month bounds and counting rules as dashboardMetrics (completed income; active units of
 * non-archived properties; Abierta / En Progreso as open).
 */
export async function dashboardTrends(db: Db, user: User, now: Date = new Date()): Promise<DashboardTrends> {
  const current = madridMonthBounds(now);
  const previous = previousMadridMonthBounds(now);

  const income = scopeTransactions(
    db,
    db('transactions')
      .where({ 'transactions.type': 'Ingreso', 'transactions.status': 'Completado' })
      .where('transactions.transactionDate', '>=', previous.from)
      .where('transactions.transactionDate', '<', current.to),
    user,
  )
    .select(
      db.raw('coalesce(sum("transactions"."amount") filter (where "transactions"."transactionDate" >= ?), 0)::numeric(14,2)::text as "current"', [current.from]),
      db.raw('coalesce(sum("transactions"."amount") filter (where "transactions"."transactionDate" < ?), 0)::numeric(14,2)::text as "previous"', [current.from]),
    )
    .first();

  const properties = scopeProperties(db, db('main_properties').where('main_properties.isArchived', false), user)
    .where(madridDate(db, 'main_properties.createdAt'), '>=', current.from)
    .count({ n: '*' })
    .first();

  const units = scopeUnits(
    db,
    db('rentable_units')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .where({ 'rentable_units.isActive': true, 'main_properties.isArchived': false }),
    user,
  )
    .select(db.raw('count(*)::int as "total"'), db.raw('(count(*) filter (where "rentable_units"."currentStatus" = ?))::int as "rented"', ['Alquilado']))
    .first();

  const incidents = scopeIncidents(db, db('incidents'), user)
    .select(
      db.raw(`(count(*) filter (where (?? at time zone '${TIME_ZONE}')::date >= ?))::int as "reported"`, ['incidents.createdAt', current.from]),
      db.raw('(count(*) filter (where "incidents"."status" = any(?) and "incidents"."priority" = ?))::int as "urgent"', [[...OPEN_INCIDENT_STATUSES], 'Urgente']),
    )
    .first();

  const [i, p, u, n] = await Promise.all([income, properties, units, incidents]);
  return {
    monthlyIncome: i.current,
    previousMonthIncome: i.previous,
    incomeChangePercent: changePercent(i.current, i.previous),
    propertiesAddedThisMonth: Number(p?.n ?? 0),
    rentedUnits: Number(u?.rented ?? 0),
    totalUnits: Number(u?.total ?? 0),
    incidentsReportedThisMonth: Number(n?.reported ?? 0),
    urgentOpenIncidents: Number(n?.urgent ?? 0),
  };
}

/** (current − previous) / previous × 100 to one decimal, on integer cents; null without a previous figure. */
export function changePercent(current: string, previous: string): number | null {
  const cents = (v: string) => Math.round(Number(v) * 100);
  const before = cents(previous);
  if (before === 0) return null;
  const tenths = ((cents(current) - before) * 1000) / before;
  // Half away from zero, so a fall rounds like the same rise.
  return (Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10 || 0;
}
