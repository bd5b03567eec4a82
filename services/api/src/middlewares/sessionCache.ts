import type { Database } from '../db';
import { listenChannel } from '../db/listen';
import type { Logger } from '../log';

/** What the session store read for a session id: the session, and its user's row with the role's. */
export interface SessionRecord {
  sess: Record<string, unknown>;
  /** The users row (`u.*`) with __roleName and __roleDescription; null when the session has no user. */
  userColumns: Record<string, unknown> | null;
  /** When the session row expires (ms since the epoch). */
  expire: number;
}

/**
 * The sessions this API process read lately, so that a signed-in request costs no round trip for
 * its session and user (issue 14: the lists were two queries where the baseline is one).
 *
 * It stays right through PostgreSQL: triggers on sessions, users and roles (migration
 * 20261126150000) announce every change on 'arrendia_auth_<schema>' when it commits, from any
 * process, and this cache forgets what the change touched as the notice arrives: a logout, a
 * password change, a deactivated user or a new role made through another process take effect here
 * within the notice's delay (milliseconds). Writes made through this process clear it before their
 * response leaves (middlewares/forgetAfterWrites.ts), so its own clients never see their change undone. While the LISTEN connection is down nothing is
 * served from memory; when it is back everything read before is dropped. An entry lives at most
 * `ttlMs` whatever happens.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Bumped by every forgetting: a record read before a change must not be held after it. */
  private generation = 0;
  /** Whether notices arrive: while they do not, nothing is served or held. */
  private live = true;
  private stopListening: () => Promise<void> = async () => {};
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ ttlMs, maxEntries = 10_000, now = Date.now }: SessionCacheOptions) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** The record of `sid`, if held, fresh and the cache is listening. */
  get(sid: string): SessionRecord | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    const at = this.now();
    if (entry.until <= at || entry.record.expire <= at) {
      this.drop(sid);
      return undefined;
    }
    return entry.record;
  }

  /** A mark to take before reading a record from the database, for `put`. */
  mark(): number {
    return this.generation;
  }

  /** Holds `record`, unless something was forgotten since `mark` (the read may predate the change). */
  put(sid: string, record: SessionRecord, mark: number): void {
    if (!this.live || this.ttlMs <= 0 || mark !== this.generation) return;
    this.drop(sid);
    const rawId = record.userColumns?.id;
    const userId = rawId == null ? null : Number(rawId);
    this.entries.set(sid, { record, userId, until: this.now() + this.ttlMs });
    if (userId != null) {
      let sids = this.byUser.get(userId);
      if (!sids) this.byUser.set(userId, (sids = new Set()));
      sids.add(sid);
    }
    if (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value as string);
  }

  forgetSession(sid: string): void {
    this.generation += 1;
    this.drop(sid);
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const sid of this.byUser.get(userId) ?? []) this.drop(sid);
  }

  /** Everything: a write of this process may have touched any session or user. */
  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  /** A payload of the auth channel: 's:<sid>', 'u:<user id>', anything else means everything. */
  notify(payload: string): void {
    if (payload.startsWith('s:')) this.forgetSession(payload.slice(2));
    else if (payload.startsWith('u:')) this.forgetUser(Number(payload.slice(2)));
    else this.forgetAll();
  }

  /** Whether notices arrive; either way what was held is dropped (some may have been missed). */
  setLive(live: boolean): void {
    this.forgetAll();
    this.live = live;
  }

  /** Entries held (for the tests and the logs). */
  get size(): number {
    return this.entries.size;
  }

  /** Whether notices arrive, so that entries may be served (for the tests and the logs). */
  get listening(): boolean {
    return this.live;
  }

  /** Listens to the auth channel of the database's schema until `close`. */
  async listen(db: Database, log: Logger): Promise<void> {
    const schema: string = (await db.knex.raw('select current_schema() as s')).rows[0].s;
    this.stopListening = await listenChannel(
      db,
      authChannel(schema),
      { onNotify: (payload) => this.notify(payload), onLost: () => this.setLive(false), onResume: () => this.setLive(true) },
      log,
      'session cache',
    );
  }

  async close(): Promise<void> {
    this.setLive(false);
    await this.stopListening();
  }

  private drop(sid: string): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    if (entry.userId == null) return;
    const sids = this.byUser.get(entry.userId);
    sids?.delete(sid);
    if (sids?.size === 0) this.byUser.delete(entry.userId);
  }
}

export const authChannel = (schema: string) => `arrendia_auth_${schema}`;

interface Entry {
  record: SessionRecord;
  userId: number | null;
  until: number;
}

export interface SessionCacheOptions {
  /** How long an entry may be served at most; 0 holds nothing. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

/** A session cache listening to the database's auth channel (none held when `ttlMs` is 0). */
export async function startSessionCache(db: Database, log: Logger, options: SessionCacheOptions): Promise<SessionCache> {
  const cache = new SessionCache(options);
  if (options.ttlMs > 0) await cache.listen(db, log);
  return cache;
}
