import type { Knex } from 'knex';
import { Remote } from '../models/Remote';

/** The remotes by name: every one, or (`enabledOnly`) those the shell registers at start. */
export async function remoteList(db: Knex | Knex.Transaction, { enabledOnly = false } = {}): Promise<Remote[]> {
  const query = Remote.query(db).orderBy('name');
  return enabledOnly ? query.where({ enabled: true }) : query;
}
