import { rateLimited } from '../errors';

/**
 * Counts attempts per key in a fixed window and refuses further attempts once `limit` is reached
 * (the public contact form's leads per address). Kept in memory: each process counts on its own,
 * which still bounds a sender to `limit` × processes per window. Sign-in is throttled on the
 * database instead (policies/loginThrottle.ts).
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
