import type { Knex } from 'knex';
import { rateLimited } from '../errors';
import { lockThrottleKeys, retryAfter } from './throttle';

/** Stored leads per client address and window, against a bot filling owners' inboxes. */
export const LEADS_PER_WINDOW = 5;
export const LEADS_WINDOW_MS = 10 * 60 * 1000;

/**
 * Refuses, with 429 and Retry-After, a public lead from an address that already left
 * LEADS_PER_WINDOW in the window. Counted on the leads the database holds (leads."ipAddress"), so
 * the limit holds across API processes and restarts. Runs in the lead's transaction, under a lock
 * on the address until it commits: two leads sent at once from one address are counted one after
 * the other, never both against the same count. `ipAddress` is the address as stored (storedAddress).
 */
export async function assertLeadAllowed(trx: Knex.Transaction, ipAddress: string, now: Date = new Date()): Promise<void> {
  await lockThrottleKeys(trx, [`lead address:${ipAddress}`]);
  const since = new Date(now.getTime() - LEADS_WINDOW_MS);
  const sent: { n: number; oldest: Date | null } = await trx('leads')
    .where('ipAddress', ipAddress)
    .where('createdAt', '>', since)
    .first(trx.raw('count(*)::int as n'), trx.raw('min("createdAt") as oldest'));
  if (sent.n >= LEADS_PER_WINDOW) throw rateLimited(retryAfter(sent.oldest!, now, LEADS_WINDOW_MS));
}
