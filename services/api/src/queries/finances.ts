import type { ExpenseByCategory, FinancesMonth, Occupancy, OccupancyFigures, PropertyFinances } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeProperties, scopeTransactions, scopeUnits } from '../policies/scope';

/**
 * Finances and analytics figures (issue 6), reused by the finances routes and by the reports
 * (financial PDF). Every function is a pure read of (db, user, period): it sees what `user` may
 * see (policies/scope.ts), counts only Completado transactions, sums money in SQL on NUMERIC and
 * returns it as exact text with two decimals. Months are calendar months in Madrid; `now` is
 * there for tests. A report of one property (a scheduled report, issue 33) passes its `propertyId`
 * to narrow the figures further; null keeps the whole scope.
 */

type Db = Knex | Knex.Transaction;

/** An inclusive range of 'YYYY-MM-DD' dates. */
export interface DateRange {
  from: string;
  to: string;
}

const ZERO = '0.00';
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The Madrid month holding `now`, 'YYYY-MM'. */
export function currentMonth(now: Date = new Date()): string {
  return todayIso(now).slice(0, 7);
}

/** `month` ('YYYY-MM') moved by `delta` months. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** First and last day of a month 'YYYY-MM'. */
export function monthRange(month: string): DateRange {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/** The `count` months ending with the current one, oldest first. */
export function lastMonths(count: number, now: Date = new Date()): string[] {
  const current = currentMonth(now);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - count + 1));
}

/**
 * Spec §9's financial-analysis window: from the first day of the month six months ago to today
 * (the six previous months and the current one so far).
 */
export function analysisWindow(now: Date = new Date(), months = 6): DateRange {
  return { from: `${addMonths(currentMonth(now), -months)}-01`, to: todayIso(now) };
}

/** Narrows a query to one property by `column`; no narrowing for null. */
const onProperty = (column: string, propertyId: number | null) => (qb: Knex.QueryBuilder) => {
  if (propertyId !== null) qb.where(column, propertyId);
};

/** Completed transactions in scope dated in [from, to] (of one property when `propertyId` is given). */
function completedTransactions(db: Db, user: User, range: DateRange, propertyId: number | null = null): Knex.QueryBuilder {
  return scopeTransactions(
    db,
    db('transactions')
      .where('transactions.status', 'Completado')
      .where('transactions.transactionDate', '>=', range.from)
      .where('transactions.transactionDate', '<=', range.to)
      .modify(onProperty('transactions.mainPropertyId', propertyId)),
    user,
  );
}

// numeric(14,2) prints two decimals, also for an empty sum's 0.
const INCOME = `coalesce(sum("transactions"."amount") filter (where "transactions"."type" = 'Ingreso'), 0)`;
const EXPENSES = `coalesce(sum("transactions"."amount") filter (where "transactions"."type" = 'Gasto'), 0)`;
const MONEY_COLUMNS = [`${INCOME}::numeric(14,2)::text as "income"`, `${EXPENSES}::numeric(14,2)::text as "expenses"`, `(${INCOME} - ${EXPENSES})::numeric(14,2)::text as "net"`];

/**
 * Income, expenses and net of each month in `months` ('YYYY-MM', ascending and contiguous), in
 * that order; a month with nothing is '0.00' throughout.
 */
export async function monthlyFinances(db: Db, user: User, months: readonly string[], propertyId: number | null = null): Promise<FinancesMonth[]> {
  if (months.length === 0) return [];
  const range = { from: monthRange(months[0]!).from, to: monthRange(months[months.length - 1]!).to };
  const rows: FinancesMonth[] = await completedTransactions(db, user, range, propertyId)
    .select(db.raw(`to_char("transactions"."transactionDate", 'YYYY-MM') as "month"`), ...MONEY_COLUMNS.map((c) => db.raw(c)))
    .groupByRaw('1');
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return months.map((month) => {
    const row = byMonth.get(month);
    return row ? { month, income: row.income, expenses: row.expenses, net: row.net } : { month, income: ZERO, expenses: ZERO, net: ZERO };
  });
}

/** One month's income, expenses and net (`month` 'YYYY-MM', the current Madrid month by default). */
export async function monthSummary(db: Db, user: User, month: string = currentMonth()): Promise<FinancesMonth> {
  const [summary] = await monthlyFinances(db, user, [month]);
  return summary!;
}

/** Income, expenses and net over a date range, as one figure. */
export async function rangeTotals(db: Db, user: User, range: DateRange, propertyId: number | null = null): Promise<Omit<FinancesMonth, 'month'>> {
  const row = await completedTransactions(db, user, range, propertyId)
    .select(MONEY_COLUMNS.map((c) => db.raw(c)))
    .first();
  return { income: row.income, expenses: row.expenses, net: row.net };
}

/** Completed expenses in [from, to] per category (uncategorised as 'Sin categoría'), largest first. */
export async function expensesByCategory(db: Db, user: User, range: DateRange): Promise<ExpenseByCategory[]> {
  const rows: ExpenseByCategory[] = await completedTransactions(db, user, range)
    .where('transactions.type', 'Gasto')
    .leftJoin('transaction_categories', 'transaction_categories.id', 'transactions.categoryId')
    .select(
      db.raw(`coalesce("transaction_categories"."categoryName", 'Sin categoría') as "categoryName"`),
      db.raw(`sum("transactions"."amount")::numeric(14,2)::text as "total"`),
    )
    .groupByRaw('1')
    .orderByRaw('sum("transactions"."amount") desc, 1 asc');
  return rows;
}

/** The one-line address of a property: 'Calle Mayor 12, Madrid'. */
function addressOf(p: { addressStreet: string; addressNumber: string | null; city: string }): string {
  return `${p.addressStreet}${p.addressNumber ? ` ${p.addressNumber}` : ''}, ${p.city}`;
}

/**
 * Income, expenses and profit (income − expenses) of each property in scope over [from, to], by
 * name: every active property, and an archived one only when it has money in the range.
 */
export async function financesByProperty(db: Db, user: User, range: DateRange, propertyId: number | null = null): Promise<PropertyFinances[]> {
  const money = completedTransactions(db, user, range, propertyId).select('transactions.mainPropertyId', 'transactions.type', 'transactions.amount').as('transactions');
  type Row = { id: number; propertyName: string; addressStreet: string; addressNumber: string | null; city: string; income: string; expenses: string; net: string };
  const rows: Row[] = await scopeProperties(db, db('main_properties').leftJoin(money, 'transactions.mainPropertyId', 'main_properties.id'), user)
    .modify(onProperty('main_properties.id', propertyId))
    .select(
      'main_properties.id',
      'main_properties.propertyName',
      'main_properties.addressStreet',
      'main_properties.addressNumber',
      'main_properties.city',
      ...MONEY_COLUMNS.map((c) => db.raw(c)),
    )
    .groupBy('main_properties.id')
    .havingRaw('not bool_or("main_properties"."isArchived") or count("transactions"."amount") > 0')
    .orderBy([{ column: 'main_properties.propertyName' }, { column: 'main_properties.id' }]);
  return rows.map((r) => ({
    propertyId: r.id,
    propertyName: r.propertyName,
    address: addressOf(r),
    income: r.income,
    expenses: r.expenses,
    profit: r.net,
  }));
}

/** Percentage with one decimal, 0 without units. */
export function occupancyRate(rented: number, units: number): number {
  return units === 0 ? 0 : Math.round((1000 * rented) / units) / 10;
}

/**
 * Occupancy of the non-archived properties in scope: per property and overall from each active
 * unit's current status (Alquilado), and for each of `months` ('YYYY-MM', ascending) the active
 * units that had an Activo or Finalizado contract overlapping the month, over today's active
 * units (units and contracts keep no status history, so the past is read from contract dates).
 */
export async function occupancy(db: Db, user: User, months: readonly string[], propertyId: number | null = null): Promise<Occupancy> {
  const activeUnits = () =>
    scopeUnits(
      db,
      db('rentable_units')
        .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
        .where({ 'rentable_units.isActive': true, 'main_properties.isArchived': false })
        .modify(onProperty('main_properties.id', propertyId)),
      user,
    );

  const perProperty: { id: number; propertyName: string; units: number; rented: number }[] = await scopeProperties(
    db,
    db('main_properties')
      .leftJoin('rentable_units', (j) => j.on('rentable_units.mainPropertyId', '=', 'main_properties.id').andOn('rentable_units.isActive', '=', db.raw('true')))
      .where('main_properties.isArchived', false)
      .modify(onProperty('main_properties.id', propertyId)),
    user,
  )
    .select(
      'main_properties.id',
      'main_properties.propertyName',
      db.raw('count("rentable_units"."id")::int as "units"'),
      db.raw(`(count("rentable_units"."id") filter (where "rentable_units"."currentStatus" = 'Alquilado'))::int as "rented"`),
    )
    .groupBy('main_properties.id')
    .orderBy([{ column: 'main_properties.propertyName' }, { column: 'main_properties.id' }]);

  const properties = perProperty.map((r) => ({
    propertyId: r.id,
    propertyName: r.propertyName,
    units: Number(r.units),
    rented: Number(r.rented),
    rate: occupancyRate(Number(r.rented), Number(r.units)),
  }));
  const units = properties.reduce((n, p) => n + p.units, 0);
  const rented = properties.reduce((n, p) => n + p.rented, 0);
  const overall: OccupancyFigures = { units, rented, rate: occupancyRate(rented, units) };

  let monthly: Occupancy['monthly'] = [];
  if (months.length > 0) {
    const first = monthRange(months[0]!).from;
    const last = monthRange(months[months.length - 1]!).to;
    const spans: { unitId: number; startDate: string; endDate: string | null }[] = await activeUnits()
      .join('contracts', 'contracts.rentableUnitId', 'rentable_units.id')
      .whereIn('contracts.status', ['Activo', 'Finalizado'])
      .where('contracts.startDate', '<=', last)
      .where((w) => w.whereNull('contracts.endDate').orWhere('contracts.endDate', '>=', first))
      .select({ unitId: 'rentable_units.id', startDate: 'contracts.startDate', endDate: 'contracts.endDate' });
    monthly = months.map((month) => {
      const { from, to } = monthRange(month);
      const occupied = new Set(spans.filter((s) => s.startDate <= to && (s.endDate === null || s.endDate >= from)).map((s) => s.unitId));
      return { month, units, rented: occupied.size, rate: occupancyRate(occupied.size, units) };
    });
  }
  return { properties, overall, monthly };
}
