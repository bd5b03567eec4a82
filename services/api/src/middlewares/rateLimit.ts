import { rateLimited } from '../errors';

/**
 * Counts failed attempts per key (client ip + email) in a fixed window and refuses further
 * attempts once `limit` is reached, against password guessing. Kept in memory: each process
 * counts on its own, which still bounds guessing to `limit` × processes per window.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  /** Throws 429 when `key` has used up its attempts. */
  check(key: string): void {
    const entry = this.failures.get(key);
    if (entry && entry.resetAt > Date.now() && entry.count >= this.limit) {
      throw rateLimited(Math.ceil((entry.resetAt - Date.now()) / 1000));
    }
  }

  fail(key: string): void {
    const now = Date.now();
    if (this.failures.size > 10_000) {
      for (const [k, e] of this.failures) if (e.resetAt <= now) this.failures.delete(k);
    }
    const entry = this.failures.get(key);
    if (entry && entry.resetAt > now) entry.count++;
    else this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
