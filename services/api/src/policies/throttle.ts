import type { Knex } from 'knex';
import { rateLimited } from '../errors';

/**
 * How every throttle holds under concurrency (issue 30): the count and the write it guards run in
 * one transaction, under a transaction-scoped advisory lock on each key counted. Requests sent at
 * once, to one API process or several, are then counted one after the other, never all against the
 * same count. On PGlite (one connection) transactions already run one at a time; the lock is free.
 */
export async function lockThrottleKeys(trx: Knex.Transaction, keys: readonly string[]): Promise<void> {
  // Always in the same order, so two transactions locking two keys each cannot wait on each other.
  for (const key of [...new Set(keys)].sort()) await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
}

/** Seconds until the oldest counted event leaves a window of `windowMs` (at least 1): the 429's Retry-After. */
export function retryAfter(oldest: Date | string, now: Date, windowMs: number): number {
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - now.getTime()) / 1000));
}

/** A limit on the requests of one kind (`scope`) from one key (an address, an email, an account). */
export interface Allowance {
  scope: string;
  key: string;
  limit: number;
  windowMs: number;
  /** The 429's Spanish message when this allowance is the one used up (the generic one otherwise). */
  message?: string;
}

/**
 * Counts one request against each allowance, in the caller's transaction: 429 with Retry-After
 * when any is used up (and nothing counted), else one row per allowance in throttle_hits. A
 * request that then fails rolls its rows back with the rest of its transaction.
 */
export async function takeAllowances(trx: Knex.Transaction, allowances: readonly Allowance[], now: Date = new Date()): Promise<void> {
  await lockThrottleKeys(trx, allowances.map(({ scope, key }) => `${scope}:${key}`));
  for (const { scope, key, limit, windowMs, message } of allowances) {
    const since = new Date(now.getTime() - windowMs);
    const used: { n: number; oldest: Date | null } = await trx('throttle_hits')
      .where({ scope, key })
      .where('createdAt', '>', since)
      .first(trx.raw('count(*)::int as n'), trx.raw('min("createdAt") as oldest'));
    if (used.n >= limit) {
      const refusal = rateLimited(retryAfter(used.oldest!, now, windowMs));
      if (message) refusal.message = message;
      throw refusal;
    }
  }
  for (const { scope, key, windowMs } of allowances) {
    // The key's rows outside its window count no more: they go, so a key keeps at most `limit` rows.
    await trx('throttle_hits').where({ scope, key }).where('createdAt', '<=', new Date(now.getTime() - windowMs)).delete();
  }
  await trx('throttle_hits').insert(allowances.map(({ scope, key }) => ({ scope, key, createdAt: now })));
}
