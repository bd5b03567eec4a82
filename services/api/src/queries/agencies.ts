import { AGENCY_DIRECTORY_LIMIT, AGENCY_NOT_FOUND, type AGENCY_SORTS, type AgenciesListQuerySchema } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { scopeAgencies } from '../policies/scope';
import { containsPattern, folded } from './textSearch';

type Db = Knex | Knex.Transaction;

/** An agency with its number of managers and agents, as presenters/agency reads it. */
export interface AgencyRowRecord {
  id: number;
  nombreAgencia: string;
  cifAgencia: string;
  direccionFiscal: string | null;
  telefonoAgencia: string | null;
  emailAgencia: string | null;
  webAgencia: string | null;
  commissionRate: string | number;
  isActive: boolean;
  managers: string | number;
  agents: string | number;
  createdAt: Date | string;
}

/** The agency's users of one role: a correlated count (users is indexed by agencyId). */
function usersWithRole(db: Db, roleName: string): Knex.QueryBuilder {
  return db('users')
    .join('roles', 'roles.id', 'users.roleId')
    .whereRaw('"users"."agencyId" = "agencies"."id"')
    .where('roles.roleName', roleName)
    .count('*');
}

/** Agencies with the columns of AgencyRowRecord. */
export function agencyRowsQuery(db: Db): Knex.QueryBuilder {
  return db('agencies').select(
    'agencies.id',
    'agencies.nombreAgencia',
    'agencies.cifAgencia',
    'agencies.direccionFiscal',
    'agencies.telefonoAgencia',
    'agencies.emailAgencia',
    'agencies.webAgencia',
    'agencies.commissionRate',
    'agencies.isActive',
    'agencies.createdAt',
    usersWithRole(db, 'admin_agencia').as('managers'),
    usersWithRole(db, 'agente').as('agents'),
  );
}

/**
 * The 'Agencias' list: the agencies the user may see (every one for the super admin, its own for a
 * manager) matching every word of `q` in the name, CIF or email, by name unless sorted (paged by the caller).
 */
type AgencySort = (typeof AGENCY_SORTS)[number];

/** The column of each sortable field of the list (api-contract AGENCY_SORTS). */
const AGENCY_SORT_COLUMNS: Record<AgencySort, SortColumn> = {
  nombreAgencia: { text: 'agencies.nombreAgencia' },
  commissionRate: 'agencies.commissionRate',
  createdAt: 'agencies.createdAt',
};

const BY_NAME: PageOrder[] = [
  { column: 'agencies.nombreAgencia', order: 'asc' },
  { column: 'agencies.id', order: 'asc' },
];

export function agencyListQuery(db: Db, user: User, { q, status, sort }: Pick<z.output<typeof AgenciesListQuerySchema>, 'q' | 'status' | 'sort'>): Knex.QueryBuilder {
  const query = scopeAgencies(db, agencyRowsQuery(db), user);
  for (const word of (q ?? '').split(/\s+/).filter(Boolean)) {
    const pattern = containsPattern(word);
    query.where((w) => {
      for (const column of ['agencies.nombreAgencia', 'agencies.cifAgencia', 'agencies.emailAgencia']) w.orWhere(folded(db, column), 'like', pattern);
    });
  }
  if (status) query.where('agencies.isActive', status === 'activa');
  return orderedBy(query, listOrder(sort, AGENCY_SORT_COLUMNS, BY_NAME, 'agencies.id'));
}

/** One agency the user may see, as the list shows it; 404 otherwise. */
export function loadAgencyRow(db: Db, user: User, id: number): Promise<AgencyRowRecord> {
  return loadInScope<AgencyRowRecord>(agencyRowsQuery(db).where('agencies.id', id), { scope: (q) => scopeAgencies(db, q, user), notFound: AGENCY_NOT_FOUND });
}

/** An agency's own columns, without its counts. */
export type AgencyRecord = Omit<AgencyRowRecord, 'managers' | 'agents'>;

/** One agency's row for a change, locked until the transaction ends; 404 out of the user's scope. */
export function lockAgencyRow(trx: Knex.Transaction, user: User, id: number): Promise<AgencyRecord> {
  return loadInScope<AgencyRecord>(trx('agencies').where('agencies.id', id).select('agencies.*'), {
    scope: (q) => scopeAgencies(trx, q, user),
    lock: true,
    notFound: AGENCY_NOT_FOUND,
  });
}

/** The ids of an agency's users: whose sessions end when it is deactivated. */
export function agencyUserIds(db: Db, agencyId: number): Promise<number[]> {
  return db('users').where('agencyId', agencyId).orderBy('id').pluck('id');
}

/** The active agents of one agency, by name: whom its manager may put in charge of a property. */
export function agencyAgentsQuery(db: Db, agencyId: number): Knex.QueryBuilder {
  return db('users')
    .join('roles', 'roles.id', 'users.roleId')
    .where({ 'users.agencyId': agencyId, 'users.isActive': true, 'roles.roleName': 'agente' })
    .orderBy(['users.firstName', 'users.lastName', 'users.id']);
}

/** agencyAgentsQuery's people (id and name). */
export async function agencyAgents(db: Db, agencyId: number): Promise<{ id: number; firstName: string | null; lastName: string | null }[]> {
  return agencyAgentsQuery(db, agencyId).select('users.id', 'users.firstName', 'users.lastName');
}

/**
 * GET /api/agencies/directory: the active agencies, by name, whose name or address holds every word
 * of `q` (ignoring case and accents); at most AGENCY_DIRECTORY_LIMIT.
 */
export function agencyDirectory(db: Db, q: string | undefined): Knex.QueryBuilder {
  const query = db('agencies')
    .select('agencies.id', 'agencies.nombreAgencia', 'agencies.direccionFiscal', 'agencies.telefonoAgencia', 'agencies.emailAgencia')
    .where('agencies.isActive', true)
    .orderBy([{ column: 'agencies.nombreAgencia' }, { column: 'agencies.id' }])
    .limit(AGENCY_DIRECTORY_LIMIT);
  for (const word of (q ?? '').split(/\s+/).filter(Boolean)) {
    const pattern = containsPattern(word);
    query.where((w) => w.where(folded(db, 'agencies.nombreAgencia'), 'like', pattern).orWhere(folded(db, 'agencies.direccionFiscal'), 'like', pattern));
  }
  return query;
}
