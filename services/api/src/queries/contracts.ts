import { CONTRACT_DETAIL_TRANSACTIONS, type CONTRACT_SORTS, type ContractStatus, type ListSort } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { factsInListOrder, scopeContracts } from '../policies/scope';
import type { ContractDetailRows, ContractDetailRow } from '../presenters/contract';
import type { TransactionListRow } from '../presenters/transaction';
import { contractRows, transactionRows } from './portfolioRows';
import { rentHistoryRows } from './rentUpdates';
import { containsPattern, folded } from './textSearch';

type Db = Knex | Knex.Transaction;

export const CONTRACT_NOT_FOUND = 'No se ha encontrado el contrato';

type ContractSort = (typeof CONTRACT_SORTS)[number];

export interface ContractFilters {
  status?: ContractStatus;
  propertyId?: number;
  /** Part of the code, the unit's or property's name, or a tenant's name or email. */
  q?: string;
  /** Inclusive days of the start date (a calendar date). */
  from?: string;
  to?: string;
  sort?: ListSort<ContractSort> | null;
}

/** The column of each sortable field of the list (api-contract CONTRACT_SORTS): contracts' own, so that narrow can read them. */
const CONTRACT_SORT_COLUMNS: Record<ContractSort, SortColumn> = {
  startDate: 'contracts.startDate',
  endDate: 'contracts.endDate',
  rentAmount: 'contracts.rentAmount',
  contractCode: { text: 'contracts.contractCode' },
};

const LATEST_START_FIRST: PageOrder[] = [
  { column: 'contracts.startDate', order: 'desc' },
  { column: 'contracts.id', order: 'desc' },
];

/**
 * The contracts whose code, unit, property or a tenant matches `q`: subqueries by id, so that the
 * count, on contracts alone, applies it too.
 */
function whereContractMatches(qb: Knex.QueryBuilder, db: Db, q: string): Knex.QueryBuilder {
  const pattern = containsPattern(q);
  return qb.where((w) =>
    w
      .where(folded(db, 'contracts.contractCode'), 'like', pattern)
      .orWhereIn('contracts.rentableUnitId', db('rentable_units').select('rentable_units.id').where(folded(db, 'rentable_units.unitName'), 'like', pattern))
      .orWhereIn('contracts.mainPropertyId', db('main_properties').select('main_properties.id').where(folded(db, 'main_properties.propertyName'), 'like', pattern))
      .orWhereIn(
        'contracts.id',
        db('tenants_contracts')
          .join('users', 'users.id', 'tenants_contracts.tenantUserId')
          .select('tenants_contracts.contractId')
          .where((who) => {
            for (const column of ['users.firstName', 'users.lastName', 'users.email']) who.orWhere(folded(db, column), 'like', pattern);
            who.orWhere(db.raw(`(? || ' ' || ?)`, [folded(db, 'users.firstName'), folded(db, 'users.lastName')]), 'like', pattern);
          }),
      ),
  );
}

/**
 * GET /api/contracts: the user's contracts (ContractListRow), latest start first unless sorted,
 * with what paginate needs to count them on contracts alone and, for a user who sees a small part
 * of the table, to pick the page's keys first (paginate's `narrow`, in the same order).
 */
export function contractList(db: Db, user: User, { status, propertyId, q, from, to, sort }: ContractFilters) {
  const filtered = (qb: Knex.QueryBuilder) => {
    if (status) qb.where('contracts.status', status);
    if (propertyId) qb.where('contracts.mainPropertyId', propertyId);
    if (q) whereContractMatches(qb, db, q);
    if (from) qb.where('contracts.startDate', '>=', from);
    if (to) qb.where('contracts.startDate', '<=', to);
    return qb;
  };
  const query = filtered(scopeContracts(db, contractRows(db), user));
  // Counted on contracts alone: scope and filters read its own columns.
  const count = filtered(scopeContracts(db, db('contracts'), user));
  const order = listOrder(sort, CONTRACT_SORT_COLUMNS, LATEST_START_FIRST, 'contracts.id');
  orderedBy(query, order);
  const narrow = factsInListOrder(user) ? undefined : { key: 'contracts.id', order, rows: contractRows(db) };
  return { query, options: { count, narrow } };
}

/** GET /api/contracts/:id: the contract in the user's scope with its unit, property, tenants, latest transactions and documents; 404 otherwise. */
export async function contractDetail(db: Db, user: User, id: number): Promise<ContractDetailRows> {
  const contract = await loadInScope<ContractDetailRow>(
    scopeContracts(db, contractRows(db), user)
      .select('rentable_units.currentStatus', 'main_properties.addressStreet', 'main_properties.addressNumber', 'main_properties.city')
      .where('contracts.id', id),
    { notFound: CONTRACT_NOT_FOUND },
  );

  const tenants = await db('tenants_contracts')
    .join('users', 'users.id', 'tenants_contracts.tenantUserId')
    .select('users.id', 'users.firstName', 'users.lastName', 'users.email', 'users.telefono', 'tenants_contracts.isPrimaryTenant')
    .where('tenants_contracts.contractId', id)
    .orderBy([
      { column: 'tenants_contracts.isPrimaryTenant', order: 'desc' },
      { column: 'users.id', order: 'asc' },
    ]);
  const transactions: TransactionListRow[] = await transactionRows(db, user)
    .where('transactions.contractId', id)
    .orderBy([
      { column: 'transactions.transactionDate', order: 'desc' },
      { column: 'transactions.id', order: 'desc' },
    ])
    .limit(CONTRACT_DETAIL_TRANSACTIONS);
  const documents = await db('documents')
    .select('id', 'fileName', 'fileType', 'fileSizeKb', 'createdAt')
    .where({ relatedEntityType: 'contract', relatedEntityId: id })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  // The update notified to the tenant and not yet applied (issue 36): 'Nueva renta … desde …'.
  const upcomingRent = await db('rent_updates')
    .select('newRent', 'effectiveFrom', 'noticeDocumentId')
    .where({ contractId: id, status: 'notificada' })
    .whereNotNull('newRent')
    .whereNotNull('effectiveFrom')
    .orderBy([
      { column: 'effectiveFrom', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .first();
  return { contract, tenants, transactions, documents, upcomingRent: upcomingRent ?? null };
}

/** GET /api/contracts/:id/rent-history: the contract in the user's scope (404 otherwise) and its rent changes, oldest first. */
export async function contractRentHistory(db: Db, user: User, id: number) {
  const contract = await loadInScope<{ id: number; startDate: string; rentAmount: string }>(
    scopeContracts(db, db('contracts').select('contracts.id', 'contracts.startDate', 'contracts.rentAmount'), user).where('contracts.id', id),
    { notFound: CONTRACT_NOT_FOUND },
  );
  return { contract, changes: await rentHistoryRows(db, id) };
}
