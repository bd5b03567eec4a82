/**
 * A small per-process cache of computed answers, each kept `ttlMs` and at most `maxEntries` at a
 * time (the oldest goes first). For answers that may be a few seconds old and whose key says all
 * they depend on, like the public catalogue's pages or a list's total; never for anything that
 * must be live.
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
    const held = this.peek(key);
    if (held !== undefined) return { value: held, hit: true };
    const value = await compute();
    this.set(key, value);
    return { value, hit: false };
  }

  /** The value held for `key`, if its time is not up. */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Holds `value` for the next `ttlMs` (a TTL of 0 holds nothing). */
  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}
