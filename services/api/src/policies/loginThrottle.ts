import type { Knex } from 'knex';
import { rateLimited } from '../errors';
import { storedAddress } from '../clientAddress';

/**
 * Sign-in throttling on the attempts the database records (login_attempts, every sign-in, failed
 * or not), so it holds across API processes and restarts (issue 15):
 * - per account: ACCOUNT_LIMIT failures in the window since its last successful sign-in;
 * - per client address: ADDRESS_LIMIT failures in the window, whatever the accounts (a guesser
 *   trying many accounts), higher since an office or a mobile network shares one address.
 * Either refuses the next attempt, right password included, with 429 and Retry-After.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const ACCOUNT_LIMIT = 10;
export const ADDRESS_LIMIT = 30;

type Db = Knex | Knex.Transaction;

/** Seconds until the oldest counted attempt leaves a window of `windowMs` (at least 1): the 429's Retry-After. */
export function retryAfter(oldest: Date | string, now: Date, windowMs = LOGIN_WINDOW_MINUTES * 60_000): number {
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - now.getTime()) / 1000));
}

export async function assertLoginAllowed(db: Db, email: string, ipAddress: string, now: Date = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  const lastSuccess = db('login_attempts').where({ email, succeeded: true }).max('attemptedAt');
  const [account, address] = await Promise.all([
    db('login_attempts')
      .where({ email, succeeded: false })
      .where('attemptedAt', '>', since)
      .where('attemptedAt', '>', db.raw(`coalesce((?), '-infinity'::timestamptz)`, [lastSuccess]))
      .first(db.raw('count(*)::int as n'), db.raw('min("attemptedAt") as oldest')),
    db('login_attempts')
      .where({ ipAddress: storedAddress(ipAddress), succeeded: false })
      .where('attemptedAt', '>', since)
      .first(db.raw('count(*)::int as n'), db.raw('min("attemptedAt") as oldest')),
  ]);
  if (account.n >= ACCOUNT_LIMIT) throw rateLimited(retryAfter(account.oldest, now));
  if (address.n >= ADDRESS_LIMIT) throw rateLimited(retryAfter(address.oldest, now));
}
