import { CONTRACT_DETAIL_TRANSACTIONS, type ContractStatus } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import type { PageOrder } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { factsInListOrder, scopeContracts } from '../policies/scope';
import type { ContractDetailRows, ContractDetailRow } from '../presenters/contract';
import type { TransactionListRow } from '../presenters/transaction';
import { contractRows, transactionRows } from './portfolioRows';

type Db = Knex | Knex.Transaction;

export const CONTRACT_NOT_FOUND = 'No se ha encontrado el contrato';

const CONTRACT_LIST_ORDER: PageOrder[] = [
  { column: 'contracts.startDate', order: 'desc' },
  { column: 'contracts.id', order: 'desc' },
];

/**
 * GET /api/contracts: the user's contracts (ContractListRow), newest start first, with what
 * paginate needs to count them on contracts alone and, for a user who sees a small part of the
 * table, to pick the page's keys first (paginate's `narrow`).
 */
export function contractList(db: Db, user: User, { status, propertyId }: { status?: ContractStatus; propertyId?: number }) {
  const filtered = (qb: Knex.QueryBuilder) => {
    if (status) qb.where('contracts.status', status);
    if (propertyId) qb.where('contracts.mainPropertyId', propertyId);
    return qb;
  };
  const query = filtered(scopeContracts(db, contractRows(db), user));
  // Counted on contracts alone: scope and filters read its own columns.
  const count = filtered(scopeContracts(db, db('contracts'), user));
  query.orderBy(CONTRACT_LIST_ORDER);
  const narrow = factsInListOrder(user) ? undefined : { key: 'contracts.id', order: CONTRACT_LIST_ORDER, rows: contractRows(db) };
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
  return { contract, tenants, transactions, documents };
}
