import { IMPORT_MESSAGES, planForRole, USER_PLANS, type IMPORT_SORTS, type ImportEntity, type ListSort, type ImportReport, type ImportRowError, type ImportRowStatus, type ImportStatus } from '@arrendia/api-contract';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { balanceKey, type ImportAccount } from '../imports/references';
import type { Cell } from '../imports/parse';
import type { ShownValue } from '../imports/validate';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { agencyClients } from '../policies/property';
import { loadInScope } from '../policies/inScope';
import { manageablePropertyIds, seesEverything } from '../policies/scope';
import type { User } from '../models/User';

type Db = Knex | Knex.Transaction;

/** jsonb as the drivers hand it over: parsed already (pg), or as text. */
export const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** The keys of a file's rows that must be looked up outside the rows themselves. */
export interface ImportKeys {
  refCatastral: string[];
  /** Contract codes, trimmed and in lower case. */
  contractCodes: string[];
  /** Tenant emails, lower case. */
  tenantEmails: string[];
  /** Owners' emails of property rows, lower case. */
  ownerEmails: string[];
  /** The dates of the opening balances. */
  balanceDates: string[];
}

const CHUNK = 1000;
const chunks = <T>(values: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
};

/** The rows of `query(chunk)` over `values` in chunks (an IN list per 1,000 values). */
async function inChunks<R>(values: readonly string[], query: (chunk: string[]) => Knex.QueryBuilder): Promise<R[]> {
  const out: R[] = [];
  for (const chunk of chunks([...new Set(values)])) out.push(...((await query(chunk)) as R[]));
  return out;
}

/** Rows whose `column`, in lower case, is one of `values` (already lower case). */
const whereLowerIn = (query: Knex.QueryBuilder, column: string, values: readonly string[]) => query.whereRaw(`lower(??) in (${values.map(() => '?').join(', ')})`, [column, ...values]);

const isoDate = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

/**
 * What the account an import goes to holds (imports/references.ts reads it), for `acting`: an owner
 * or an agency manager. Only what it may manage (manageablePropertyIds) is its own; the file's
 * referencias catastrales, contract codes and tenant emails are also looked up on the whole platform,
 * as the database would refuse them there, but only whether they exist elsewhere comes back.
 */
export async function loadImportAccount(db: Db, acting: User, keys: ImportKeys): Promise<ImportAccount> {
  // A fresh subquery for each use: an owner's or an agency manager's scope is never everything.
  const manageable = () => manageablePropertyIds(db, acting)!;
  const agencyId = canonicalRole(acting.role?.roleName) === 'admin_agencia' ? acting.agencyId : null;

  const properties = await db('main_properties').select('id', 'propertyName', 'refCatastral', 'isArchived', 'ownerUserId').whereIn('id', manageable()).orderBy('id');
  const units = await db('rentable_units').select('id', 'mainPropertyId', 'unitName', 'isActive').whereIn('mainPropertyId', manageable()).orderBy('id');
  const contracts = (
    await db('contracts').select('id', 'contractCode', 'rentableUnitId', 'mainPropertyId', 'startDate', 'endDate', 'status').whereIn('mainPropertyId', manageable()).orderBy('id')
  ).map((k) => ({ ...k, startDate: isoDate(k.startDate), endDate: k.endDate === null ? null : isoDate(k.endDate) }));
  // The account's tenants: party to one of its contracts. A new person joins by accepting the
  // invitation the imported contract sends (commands/importCommitter.ts), as anyone else joins.
  const accountTenants = () =>
    db('tenants_contracts').join('contracts', 'contracts.id', 'tenants_contracts.contractId').select('tenants_contracts.tenantUserId').whereIn('contracts.mainPropertyId', manageable());
  const tenants = await db('users').select('id', 'email', 'nifCif').whereIn('id', accountTenants()).orderBy('id');
  const categories = await db('transaction_categories').select('id', 'categoryName', 'isExpense').orderBy('id');

  const foreignRefCatastral = await inChunks<{ refCatastral: string }>(keys.refCatastral, (chunk) =>
    db('main_properties').select('refCatastral').whereIn('refCatastral', chunk).whereNotIn('id', manageable()),
  );
  const foreignContractCodes = await inChunks<{ code: string }>(keys.contractCodes, (chunk) =>
    whereLowerIn(db('contracts').select(db.raw('lower("contractCode") as code')), 'contracts.contractCode', chunk).whereNotIn('mainPropertyId', manageable()),
  );
  const foreignEmails = await inChunks<{ email: string }>(keys.tenantEmails, (chunk) =>
    whereLowerIn(db('users').select(db.raw('lower(email) as email')), 'users.email', chunk).whereNotIn('id', accountTenants()),
  );
  // The file's tenant emails the account has invited to one of its contracts and who have not
  // joined yet: an earlier import (or 'Invitar Inquilino') reached them already.
  const invitedEmails = await inChunks<{ email: string }>(keys.tenantEmails, (chunk) =>
    whereLowerIn(db('tenant_invitations').select(db.raw('lower(tenant_invitations.email) as email')), 'tenant_invitations.email', chunk)
      .join('contracts', 'contracts.id', 'tenant_invitations.contractId')
      .whereIn('contracts.mainPropertyId', manageable())
      .whereNull('tenant_invitations.acceptedAt'),
  );

  const ownersByEmail = new Map<string, number>();
  if (agencyId !== null) {
    const owners = await inChunks<{ id: number; email: string }>(keys.ownerEmails, (chunk) =>
      whereLowerIn(agencyClients(db, agencyId).select('users.id', db.raw('lower(users.email) as email')), 'users.email', chunk),
    );
    for (const o of owners) ownersByEmail.set(o.email, o.id);
  } else {
    ownersByEmail.set(acting.email.toLowerCase(), acting.id);
  }

  const ownerIds = [...new Set(ownersByEmail.values())];
  const propertyLimits = new Map<number, { limit: number | null; used: number; planName: string }>();
  if (ownerIds.length) {
    const rows = await db('users')
      .join('roles', 'roles.id', 'users.roleId')
      .select('users.id', 'roles.roleName', db('main_properties').count('*').whereRaw('"ownerUserId" = users.id').where('isArchived', false).as('used'))
      .whereIn('users.id', ownerIds);
    for (const r of rows) {
      const plan = USER_PLANS[planForRole(r.roleName)];
      propertyLimits.set(r.id, { limit: plan.propertyLimit, used: Number(r.used), planName: plan.name });
    }
  }

  const balances = new Map<string, number>();
  const movements = await inChunks<{ id: number; mainPropertyId: number; contractId: number | null; transactionDate: unknown; description: string | null; amount: string; type: string }>(keys.balanceDates, (chunk) =>
    db('transactions').select('id', 'mainPropertyId', 'contractId', 'transactionDate', 'description', 'amount', 'type').whereIn('transactionDate', chunk).whereIn('mainPropertyId', manageable()),
  );
  for (const m of movements) balances.set(balanceKey(m.mainPropertyId, m.contractId, isoDate(m.transactionDate), m.description ?? '', String(m.amount), m.type), m.id);

  return {
    kind: agencyId !== null ? 'agency' : 'owner',
    ownerEmail: agencyId !== null ? null : acting.email,
    properties,
    units,
    contracts,
    tenants,
    categories,
    foreignRefCatastral: new Set(foreignRefCatastral.map((r) => r.refCatastral)),
    foreignContractCodes: new Set(foreignContractCodes.map((r) => r.code)),
    foreignEmails: new Set(foreignEmails.map((r) => r.email)),
    invitedEmails: new Set(invitedEmails.map((r) => r.email)),
    ownersByEmail,
    propertyLimits,
    balances,
  };
}

// ---------------------------------------------------------------------------------------------
// The stored import

export interface StoredSheet {
  name: string;
  entity: ImportEntity | null;
  headers: string[];
  mapping: (string | null)[];
}

export interface ImportRecord {
  id: number;
  userId: number;
  forUserId: number;
  agencyId: number | null;
  fileName: string;
  fileType: 'csv' | 'xlsx';
  status: ImportStatus;
  sheets: StoredSheet[];
  counts: { total: number; valid: number; existing: number; invalid: number; created?: number };
  notices: string[];
  report: ImportReport | null;
  processedRows: number;
  finishedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface ImportRowRecord {
  id: number;
  sheetIndex: number;
  entity: ImportEntity | null;
  rowNumber: number;
  cells: Cell[];
  values: Record<string, ShownValue>;
  errors: ImportRowError[];
  status: ImportRowStatus | 'ignored';
  existingId: number | null;
}

const IMPORT_COLUMNS = ['id', 'userId', 'forUserId', 'agencyId', 'fileName', 'fileType', 'status', 'sheets', 'counts', 'notices', 'report', 'processedRows', 'finishedAt', 'createdAt', 'updatedAt'] as const;

function importRecord(row: Record<string, unknown>): ImportRecord {
  return { ...(row as unknown as ImportRecord), sheets: fromJson(row.sheets), counts: fromJson(row.counts), notices: fromJson(row.notices), report: row.report == null ? null : fromJson(row.report) };
}

/**
 * An import its maker (or the super admin) may read, locked FOR UPDATE when `lock`; otherwise 404,
 * as an import of someone else's (its rows hold that account's people).
 */
export async function findImport(db: Db, user: User, id: number, options: { lock?: boolean } = {}): Promise<ImportRecord> {
  const row = await loadInScope<Record<string, unknown>>(db('imports').select(IMPORT_COLUMNS.map((c) => `imports.${c}`)).where('imports.id', id), {
    scope: (q) => (seesEverything(user) ? q : q.where('imports.userId', user.id)),
    lock: options.lock ? 'imports' : undefined,
    notFound: IMPORT_MESSAGES.notFound,
  });
  return importRecord(row);
}

/** The rows of an import in sheet and row order; `withCells` also reads what the file held. */
export async function importRows(db: Db, importId: number, options: { withCells?: boolean } = {}): Promise<ImportRowRecord[]> {
  const columns = ['id', 'sheetIndex', 'entity', 'rowNumber', 'values', 'errors', 'status', 'existingId', ...(options.withCells ? ['cells'] : [])];
  const rows = await db('import_rows').select(columns).where('importId', importId).orderBy([{ column: 'sheetIndex' }, { column: 'rowNumber' }, { column: 'id' }]);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    cells: options.withCells ? fromJson<Cell[]>(r.cells) : [],
    values: fromJson<Record<string, ShownValue>>(r.values),
    errors: fromJson<ImportRowError[]>(r.errors),
  }));
}

const IMPORT_SORT_COLUMNS: Record<(typeof IMPORT_SORTS)[number], SortColumn> = { createdAt: 'imports.createdAt' };

/**
 * GET /api/imports: the imports the user made (the super admin's own too: another account's file
 * is read by its id), newest first unless sorted, under the `status` filter; without their rows.
 */
export function importListPage(db: Db, user: User, filters: { status?: ImportStatus; sort?: ListSort<'createdAt'> }): Knex.QueryBuilder {
  const query = db('imports').select(IMPORT_COLUMNS.map((c) => `imports.${c}`)).where('imports.userId', user.id);
  if (filters.status) query.where('imports.status', filters.status);
  const newestFirst: PageOrder[] = [
    { column: 'imports.createdAt', order: 'desc' },
    { column: 'imports.id', order: 'desc' },
  ];
  return orderedBy(query, listOrder(filters.sort, IMPORT_SORT_COLUMNS, newestFirst, 'imports.id'));
}

/** A row of importListPage as the presenters read it. */
export const importListRecord = (row: Record<string, unknown>): ImportRecord => importRecord(row);
