import type { DashboardMetrics, IncidentStatus } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeIncidents, scopeProperties, scopeTransactions, scopeUnits } from '../policies/scope';

type Db = Knex | Knex.Transaction;

/** Incident statuses that count as open on the dashboards. */
export const OPEN_INCIDENT_STATUSES: readonly IncidentStatus[] = ['Abierta', 'En Progreso'];

/**
 * The calendar month holding `now` in Madrid, as the DATE bounds [from, to): 'YYYY-MM-01' and the
 * first day of the next month. Income dated on the 1st belongs to that month even when it is
 * still the previous day in UTC.
 */
export function madridMonthBounds(now: Date = new Date()): { from: string; to: string } {
  const [year, month] = todayIso(now).split('-').map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const first = (y: number, m: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
  return { from: first(year, month), to: first(next.year, next.month) };
}

/** The instants a Madrid calendar day 'YYYY-MM-DD' starts and ends (the next day's start), DST included. */
export function madridDayBounds(day: string): { start: Date; end: Date } {
  const at = (iso: string) => {
    // The Madrid offset of that day at noon (+01:00 or +02:00), applied to its midnight.
    const noon = new Date(`${iso}T12:00:00Z`);
    const madrid = new Date(noon.toLocaleString('en-US', { timeZone: 'Europe/Madrid' }));
    const utc = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC' }));
    return new Date(new Date(`${iso}T00:00:00Z`).getTime() - (madrid.getTime() - utc.getTime()));
  };
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { start: at(day), end: at(next.toISOString().slice(0, 10)) };
}

/**
 * The four figures of every dashboard (spec §2, §7), computed in SQL over what `user` may see
 * (policies/scope.ts):
 * - activeProperties: properties in scope that are not archived;
 * - monthlyIncome: completed income transactions in scope dated in the current Madrid month, as
 *   exact text with two decimals;
 * - occupancyRate: of the active units of non-archived properties in scope, the percentage that
 *   is Alquilado, one decimal (0 with no units);
 * - openIncidents: incidents in scope that are Abierta or En Progreso.
 * Reused by every portal's dashboard and by reports; `now` is there for tests.
 */
export async function dashboardMetrics(db: Db, user: User, now: Date = new Date()): Promise<DashboardMetrics> {
  const { from, to } = madridMonthBounds(now);

  const properties = scopeProperties(db, db('main_properties').where('main_properties.isArchived', false), user).count({ n: '*' }).first();

  const income = scopeTransactions(
    db,
    db('transactions')
      .where({ 'transactions.type': 'Ingreso', 'transactions.status': 'Completado' })
      .where('transactions.transactionDate', '>=', from)
      .where('transactions.transactionDate', '<', to),
    user,
  )
    // numeric(14,2) prints two decimals, also for the 0 of an empty month.
    .select(db.raw('coalesce(sum("transactions"."amount"), 0)::numeric(14,2)::text as "total"'))
    .first();

  // The user's active units, less those of its archived properties (a few ids): the units' scope
  // reads one index (an agency's by the units' own copy of the agency), where "units of the
  // non-archived properties" probed the units index once per property (250 for an agency).
  const occupancy = scopeUnits(db, db('rentable_units').where('rentable_units.isActive', true), user)
    .whereNotIn('rentable_units.mainPropertyId', scopeProperties(db, db('main_properties').select('main_properties.id').where('main_properties.isArchived', true), user))
    .select(db.raw('coalesce(round(100.0 * count(*) filter (where "rentable_units"."currentStatus" = ?) / nullif(count(*), 0), 1), 0)::float8 as "rate"', ['Alquilado']))
    .first();

  const incidents = scopeIncidents(db, db('incidents').whereIn('incidents.status', OPEN_INCIDENT_STATUSES), user)
    .count({ n: '*' })
    .first();

  const [p, i, o, n] = await Promise.all([properties, income, occupancy, incidents]);
  return {
    activeProperties: Number(p?.n ?? 0),
    monthlyIncome: i.total,
    occupancyRate: Number(o.rate),
    openIncidents: Number(n?.n ?? 0),
  };
}
