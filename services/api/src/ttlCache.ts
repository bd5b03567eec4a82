/**
 * A small per-process cache of computed answers, each kept `ttlMs` and at most `maxEntries` at a
 * time (the oldest goes first). For answers that may be a few seconds old and whose key says all
 * they depend on, like the public catalogue's pages or a list's total; never for anything that
 * must be live.
 *
 * A cache told of every write (db/writeNotices.ts) is cleared as each one commits, from any
 * process; the TTL then only bounds what no notice announces. While such notices do not arrive it
 * serves and holds nothing (`setLive`).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  /** Bumped by every clearing: a value computed before one must not be held after it. */
  private generation = 0;
  private live = true;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key`, or `compute()`'s, stored for the next `ttlMs` (a TTL of 0 stores nothing). */
  async get(key: string, compute: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    const held = this.peek(key);
    if (held !== undefined) return { value: held, hit: true };
    const mark = this.mark();
    const value = await compute();
    this.set(key, value, mark);
    return { value, hit: false };
  }

  /** The value held for `key`, if its time is not up. */
  peek(key: string): V | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** A mark to take before computing a value, for `set`. */
  mark(): number {
    return this.generation;
  }

  /**
   * Holds `value` for the next `ttlMs` (a TTL of 0 holds nothing), unless the cache was cleared
   * since `mark` was taken: the value may have been computed from rows that changed meanwhile.
   */
  set(key: string, value: V, mark = this.generation): void {
    if (this.ttlMs <= 0 || !this.live || mark !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Whether the writes' notices arrive; either way what was held is dropped (some may have been missed). */
  setLive(live: boolean): void {
    this.clear();
    this.live = live;
  }

  /** Whether it ever holds anything (a TTL of 0 holds nothing, and needs no notices). */
  get holds(): boolean {
    return this.ttlMs > 0;
  }

  /** Whether values are served and held (false while the writes' notices do not arrive). */
  get listening(): boolean {
    return this.live;
  }
}
