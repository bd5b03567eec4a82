/**
 * A small per-process cache of computed answers, each kept `ttlMs` and at most `maxEntries` at a
 * time (the oldest goes first). For answers every visitor shares and that may be a few seconds
 * old, like the public catalogue; never for anything per user or anything that must be live.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key`, or `compute()`'s, stored for the next `ttlMs` (a TTL of 0 stores nothing). */
  async get(key: string, compute: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.now()) return { value: entry.value, hit: true };
    const value = await compute();
    if (this.ttlMs > 0) {
      this.entries.delete(key);
      this.entries.set(key, { value, expires: this.now() + this.ttlMs });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return { value, hit: false };
  }
}
