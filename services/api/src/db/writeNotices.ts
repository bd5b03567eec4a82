import type { Logger } from '../log';
import type { Database } from './index';
import { listenChannel } from './listen';

/** Where PostgreSQL announces each committed write (migration 20261127060000_write_notifications). */
export const writesChannel = (schema: string) => `arrendia_writes_${schema}`;

/** A per-process cache of figures derived from rows (ttlCache.ts). */
export interface ClearedOnWrites {
  /** False for a cache that holds nothing (a TTL of 0): it needs no notices. */
  readonly holds: boolean;
  clear(): void;
  setLive(live: boolean): void;
}

/**
 * Clears `caches` as each write commits, made by any process of the cluster (WEB_CONCURRENCY), a
 * daily job or a command: the next request computes again. While the LISTEN connection is down the
 * caches serve nothing, since notices may be missed; they start empty once it is back. Resolves once
 * listening (at once, listening to nothing, when no cache holds anything); the result stops it.
 */
export async function clearOnWrites(db: Database, log: Logger, every: readonly ClearedOnWrites[]): Promise<() => Promise<void>> {
  const caches = every.filter((cache) => cache.holds);
  if (caches.length === 0) return async () => {};
  const schema: string = (await db.knex.raw('select current_schema() as s')).rows[0].s;
  const setLive = (live: boolean) => caches.forEach((cache) => cache.setLive(live));
  const stop = await listenChannel(
    db,
    writesChannel(schema),
    { onNotify: () => caches.forEach((cache) => cache.clear()), onLost: () => setLive(false), onResume: () => setLive(true) },
    log,
    'write notices',
  );
  return async () => {
    setLive(false);
    await stop();
  };
}
