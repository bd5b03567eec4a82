import type { Knex } from 'knex';

/** Whether the database answers a trivial query within `timeoutMs`; throws when it does not. */
export async function pingDatabase(db: Knex, timeoutMs: number): Promise<void> {
  await db.raw('select 1').timeout(timeoutMs);
}
