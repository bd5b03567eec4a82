import type { Knex } from 'knex';
import { HttpError } from '../errors';

/** FOR UPDATE of one table's rows (a name), or of every table the query reads (`true`). */
function locked(query: Knex.QueryBuilder, lock: true | string): Knex.QueryBuilder {
  return lock === true ? query.forUpdate() : query.forUpdate(lock);
}

export interface InScopeOptions {
  /**
   * Narrows the query to the rows the user may see or change: a function of scope.ts bound to the
   * user (`(q) => scopeLeads(trx, q, user)`), or manageableScope. Omit when the query is already
   * the user's own (its own users row).
   */
  scope?: (query: Knex.QueryBuilder) => Knex.QueryBuilder;
  /**
   * Locks the row FOR UPDATE until the transaction ends: a table name locks only that table's row
   * (FOR UPDATE OF), `true` the rows of every table the query reads. Omit to only check.
   */
  lock?: true | string;
  /** The 404's message ('No se ha encontrado el contrato'). */
  notFound: string;
  /** Names the request field in the 404, so a form can point at the wrong choice. */
  field?: string;
}

/**
 * The one way to load one row in the user's scope: the first row of `query` narrowed by `scope`,
 * row-locked when `lock` is given; otherwise 404, so a row out of scope looks exactly like a row
 * that does not exist.
 */
export async function loadInScope<T>(query: Knex.QueryBuilder, options: InScopeOptions): Promise<T> {
  const scoped = options.scope ? options.scope(query) : query;
  const row = (await (options.lock ? locked(scoped, options.lock) : scoped).first()) as T | undefined;
  if (!row) {
    const { notFound: message, field } = options;
    throw new HttpError(404, 'not_found', message, field ? { [field]: message } : undefined);
  }
  return row;
}

/**
 * Every row of `query`, locked until the transaction ends (`lock` as in loadInScope), for a rule
 * over a set of rows (the last active super admin, the day's overdue charges) or a row that may be
 * missing without that being an error: none is an answer here, never a 404. The row of one id the
 * user asked for is loadInScope's.
 */
export async function lockRows<T>(query: Knex.QueryBuilder, lock: true | string): Promise<T[]> {
  return (await locked(query, lock)) as T[];
}

/**
 * The rows of `query` no other transaction holds, locked until this one ends (FOR UPDATE OF `lock`
 * SKIP LOCKED): a job's claim on its work, so that any number of processes share it and none does
 * a row twice (the message digests, jobs/messageDigests.ts).
 */
export async function claimRows<T>(query: Knex.QueryBuilder, lock: string): Promise<T[]> {
  return (await query.forUpdate(lock).skipLocked()) as T[];
}
