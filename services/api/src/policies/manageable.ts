import type { Knex } from 'knex';
import type { User } from '../models/User';
import { loadInScope } from './inScope';
import { editablePropertyIds, manageablePropertyIds } from './scope';

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

/** Narrows a query to the rows whose property (`propertyColumn`) the user manages; a scope for loadInScope. */
export function manageableScope(db: Knex | Knex.Transaction, user: User, propertyColumn: string): (query: Knex.QueryBuilder) => Knex.QueryBuilder {
  return (query) => {
    const manageable = manageablePropertyIds(db, user);
    return manageable ? query.whereIn(propertyColumn, manageable) : query;
  };
}

/** Narrows a query to the rows whose property record (`propertyColumn`) the user may edit (editablePropertyIds). */
export function editableScope(db: Knex | Knex.Transaction, user: User, propertyColumn: string): (query: Knex.QueryBuilder) => Knex.QueryBuilder {
  return (query) => {
    const editable = editablePropertyIds(db, user);
    return editable ? query.whereIn(propertyColumn, editable) : query;
  };
}

/**
 * A row the user may change: the first row of `query` whose property the user manages (see
 * manageablePropertyIds), row-locked when `lock` is given; otherwise 404 (loadInScope).
 */
export function loadManageable<T>(trx: Knex.Transaction, user: User, query: Knex.QueryBuilder, options: ManageableOptions): Promise<T> {
  const { propertyColumn, lock, notFoundMessage, field } = options;
  return loadInScope<T>(query, { scope: manageableScope(trx, user, propertyColumn), lock, notFound: notFoundMessage, field });
}
