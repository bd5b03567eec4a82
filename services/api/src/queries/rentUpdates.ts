import { INDEX_SERIES, type IndexReading, type IndexSeries } from '@arrendia/law-es';
import type { ListSort, RentUpdateStatus } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { editablePropertyIds, scopeContracts } from '../policies/scope';
import { isoDay, isoDayOrNull } from '../presenters/dates';

type Db = Knex | Knex.Transaction;

/** The index values of `months` published by `today`, by month and series. */
export async function readingsByMonth(db: Db, months: readonly string[], today: string): Promise<Map<string, Partial<Record<IndexSeries, IndexReading>>>> {
  const byMonth = new Map<string, Partial<Record<IndexSeries, IndexReading>>>();
  const unique = [...new Set(months)];
  if (unique.length === 0) return byMonth;
  const rows: { series: IndexSeries; month: string; value: string }[] = await db('index_values').select('series', 'month', 'value').whereIn('month', unique).where('publishedOn', '<=', today);
  for (const row of rows) {
    if (!(INDEX_SERIES as readonly string[]).includes(row.series)) continue;
    const readings = byMonth.get(row.month) ?? {};
    readings[row.series] = { series: row.series, month: row.month, value: Number(row.value) };
    byMonth.set(row.month, readings);
  }
  return byMonth;
}

/** A contract's update clause and what the rules read of it. */
export interface ClauseRow {
  id: number;
  contractCode: string;
  mainPropertyId: number;
  startDate: string;
  endDate: string | null;
  signedOn: string;
  rentAmount: string;
  rentUpdateMechanism: string;
  rentUpdateValue: string | null;
  rentUpdateFloor: string | null;
  rentUpdateMonthsBefore: number | null;
  leaseUse: string;
}

const CLAUSE_COLUMNS = ['contracts.id', 'contracts.contractCode', 'contracts.mainPropertyId', 'contracts.startDate', 'contracts.endDate', 'contracts.signedOn', 'contracts.rentAmount', 'contracts.rentUpdateMechanism', 'contracts.rentUpdateValue', 'contracts.rentUpdateFloor', 'contracts.rentUpdateMonthsBefore', 'contracts.leaseUse'];

const clauseRow = (row: Record<string, unknown>): ClauseRow => ({
  ...(row as unknown as ClauseRow),
  startDate: isoDay(row.startDate as string),
  endDate: isoDayOrNull(row.endDate as string | null),
  // A contract made before the clause existed, or without its signature date: its start.
  signedOn: isoDayOrNull(row.signedOn as string | null) ?? isoDay(row.startDate as string),
});

/** The active contracts with an update clause (the daily job's candidates), or just `onlyContractId`. */
export async function contractsWithClause(db: Db, onlyContractId: number | null = null): Promise<ClauseRow[]> {
  const query = db('contracts').select(CLAUSE_COLUMNS).where('contracts.status', 'Activo').whereNot('contracts.rentUpdateMechanism', 'none').orderBy('contracts.id');
  if (onlyContractId !== null) query.where('contracts.id', onlyContractId);
  const rows = await query;
  return rows.map(clauseRow);
}

/** One contract's clause. */
export async function contractClause(db: Db, contractId: number): Promise<ClauseRow | undefined> {
  const row = await db('contracts').select(CLAUSE_COLUMNS).where('contracts.id', contractId).first();
  return row ? clauseRow(row) : undefined;
}

/** A rent update with its contract, unit and property, as presenters/rentUpdate reads it. */
export interface RentUpdateRow {
  id: number;
  contractId: number;
  contractCode: string;
  leaseUse: string;
  unitId: number;
  unitName: string;
  propertyId: number;
  propertyName: string;
  anniversary: string | Date;
  status: RentUpdateStatus;
  mechanism: string;
  referenceMonth: string;
  oldRent: string;
  clausePercent: string | null;
  limitPercent: string | null;
  limitBasis: string | null;
  allowedPercent: string | null;
  percent: string | null;
  newRent: string | null;
  explanation: string[] | string;
  waitingFor: string | null;
  effectiveFrom: string | Date | null;
  noticeDocumentId: number | null;
  noticedAt: string | Date | null;
  appliedAt: string | Date | null;
}

/** Rent updates joined to what a screen names them by; `scoped` to the contracts `user` sees. */
export function rentUpdateRows(db: Db, user: User | null): Knex.QueryBuilder {
  const query = db('rent_updates')
    .join('contracts', 'contracts.id', 'rent_updates.contractId')
    .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .select(
      'rent_updates.*',
      'contracts.contractCode',
      'contracts.leaseUse',
      'rentable_units.id as unitId',
      'rentable_units.unitName',
      'main_properties.id as propertyId',
      'main_properties.propertyName',
    );
  return user ? scopeContracts(db, query, user) : query;
}

/** The rent updates a user may change (send, adjust): those of the contracts of the properties it may edit. */
export function editableRentUpdates(db: Db, query: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  const ids = editablePropertyIds(db, user);
  return ids ? query.whereIn('contracts.mainPropertyId', ids) : query;
}

const SORT_COLUMNS: Record<'anniversary', SortColumn> = { anniversary: 'rent_updates.anniversary' };

/** GET /api/rent-updates: the user's contracts' updates, the nearest anniversary first unless sorted. */
export function rentUpdateListPage(
  db: Db,
  user: User,
  filters: { month?: string; status?: RentUpdateStatus; propertyId?: number; contractId?: number; sort?: ListSort<'anniversary'> },
): Knex.QueryBuilder {
  const query = rentUpdateRows(db, user);
  if (filters.month) query.whereRaw(`to_char(rent_updates.anniversary, 'YYYY-MM') = ?`, [filters.month]);
  if (filters.status) query.where('rent_updates.status', filters.status);
  if (filters.propertyId) query.where('main_properties.id', filters.propertyId);
  if (filters.contractId) query.where('contracts.id', filters.contractId);
  const fallback: PageOrder[] = [
    { column: 'rent_updates.anniversary', order: 'asc' },
    { column: 'rent_updates.id', order: 'asc' },
  ];
  return orderedBy(query, listOrder(filters.sort, SORT_COLUMNS, fallback, 'rent_updates.id'));
}

/** The tenants of contracts, primary first, by contract. */
export async function contractTenantNames(db: Db, contractIds: readonly number[]): Promise<Map<number, { id: number; name: string; email: string }[]>> {
  const byContract = new Map<number, { id: number; name: string; email: string }[]>();
  if (contractIds.length === 0) return byContract;
  const rows: { contractId: number; id: number; firstName: string | null; lastName: string | null; email: string }[] = await db('tenants_contracts')
    .join('users', 'users.id', 'tenants_contracts.tenantUserId')
    .whereIn('tenants_contracts.contractId', [...new Set(contractIds)])
    .orderBy([{ column: 'tenants_contracts.contractId' }, { column: 'tenants_contracts.isPrimaryTenant', order: 'desc' }, { column: 'users.id' }])
    .select('tenants_contracts.contractId', 'users.id', 'users.firstName', 'users.lastName', 'users.email');
  for (const row of rows) {
    const list = byContract.get(row.contractId) ?? [];
    list.push({ id: row.id, name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email, email: row.email });
    byContract.set(row.contractId, list);
  }
  return byContract;
}

/** A contract's rent changes, oldest first. */
export async function rentHistoryRows(db: Db, contractId: number): Promise<{ rentAmount: string; previousRent: string; validFrom: string | Date; reason: string; rentUpdateId: number | null }[]> {
  return db('contract_rent_history').where('contractId', contractId).orderBy([{ column: 'validFrom' }, { column: 'id' }]).select('rentAmount', 'previousRent', 'validFrom', 'reason', 'rentUpdateId');
}

/** The index values list (GET /api/index-values), newest month first unless sorted. */
export function indexValueListPage(db: Db, filters: { series?: IndexSeries; sort?: ListSort<'month'> }): Knex.QueryBuilder {
  const query = db('index_values').select('*');
  if (filters.series) query.where('series', filters.series);
  const fallback: PageOrder[] = [
    { column: 'index_values.month', order: 'desc' },
    { column: 'index_values.series', order: 'asc' },
  ];
  return orderedBy(query, listOrder(filters.sort, { month: 'index_values.month' }, fallback, 'index_values.id'));
}
