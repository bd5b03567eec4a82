import type { Knex } from 'knex';
import { HttpError } from '../errors';
import type { User } from '../models/User';
import { manageablePropertyIds } from './scope';

export interface ManageableOptions {
  /** The column of `query` that holds the row's property id (e.g. 'rentable_units.mainPropertyId'). */
  propertyColumn: string;
  /** Locks the row of this table FOR UPDATE until the transaction ends; omit to only check. */
  lock?: string;
  /** The 404's message ('No se ha encontrado el contrato'). */
  notFoundMessage: string;
  /** Names the request field in the 404, so a form can point at the wrong choice. */
  field?: string;
}

/**
 * The one way to load a row the user may change: the first row of `query` whose property the user
 * manages (see manageablePropertyIds), row-locked when `lock` is given; otherwise 404, so a row out
 * of scope looks exactly like a row that does not exist.
 */
export async function loadManageable<T>(trx: Knex.Transaction, user: User, query: Knex.QueryBuilder, options: ManageableOptions): Promise<T> {
  const manageable = manageablePropertyIds(trx, user);
  if (manageable) query.whereIn(options.propertyColumn, manageable);
  if (options.lock) query.forUpdate(options.lock);
  const row = (await query.first()) as T | undefined;
  if (!row) {
    const { notFoundMessage: message, field } = options;
    throw new HttpError(404, 'not_found', message, field ? { [field]: message } : undefined);
  }
  return row;
}
