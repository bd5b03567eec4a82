import type { Knex } from 'knex';
import { rateLimited } from '../errors';
import { storedAddress } from '../clientAddress';
import { recordFailedLogin, type LoginOrigin } from '../commands/userRegistrar';
import { lockThrottleKeys, retryAfter } from './throttle';

/**
 * Sign-in throttling on the attempts the database records (login_attempts, every sign-in, failed
 * or not), so it holds across API processes and restarts (issue 15):
 * - per account: ACCOUNT_LIMIT failures in the window since its last successful sign-in;
 * - per client address: ADDRESS_LIMIT failures in the window, whatever the accounts (a guesser
 *   trying many accounts), higher since an office or a mobile network shares one address.
 * Either refuses the next attempt, right password included, with 429 and Retry-After. A burst is
 * counted one by one (loginAttempt), and a refused attempt counts as no failure.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const ACCOUNT_LIMIT = 10;
export const ADDRESS_LIMIT = 30;

type Db = Knex | Knex.Transaction;

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;

/** 429 when the account or the address has used up its failures. Alone (no lock) it is only an early answer: loginAttempt decides. */
export async function assertLoginAllowed(db: Db, email: string, ipAddress: string, now: Date = new Date()): Promise<void> {
  const since = new Date(now.getTime() - WINDOW_MS);
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
  if (account.n >= ACCOUNT_LIMIT) throw rateLimited(retryAfter(account.oldest, now, WINDOW_MS));
  if (address.n >= ADDRESS_LIMIT) throw rateLimited(retryAfter(address.oldest, now, WINDOW_MS));
}

/**
 * One sign-in attempt (a password or a second-step code) for `email` from `origin`, counted
 * atomically: one transaction holds the account's and the address's throttle locks from the count
 * to the failure it records, so N attempts sent at once record at most the limit and the rest get
 * 429, whichever API process they reach. `attempt` says whether it succeeded, writing what a
 * success writes in `trx`; a false is recorded as a failure. Throwing rolls everything back.
 */
export async function loginAttempt(knex: Knex, email: string, origin: LoginOrigin, attempt: (trx: Knex.Transaction) => Promise<boolean>): Promise<boolean> {
  return knex.transaction(async (trx) => {
    await lockThrottleKeys(trx, [`login account:${email}`, `login address:${storedAddress(origin.ipAddress)}`]);
    await assertLoginAllowed(trx, email, origin.ipAddress);
    if (await attempt(trx)) return true;
    await recordFailedLogin(trx, email, origin);
    return false;
  });
}
