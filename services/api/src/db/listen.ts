import pg from 'pg';
import type { Logger } from '../log';
import type { Database } from './index';

const MAX_RECONNECT_DELAY_MS = 30_000;

export interface ChannelHandlers {
  /** Each notification's payload, in the order PostgreSQL delivered them. */
  onNotify(payload: string): void;
  /** The connection is lost: notifications announced from now on are missed until `onResume`. */
  onLost?(): void;
  /** Listening again after a loss; what was announced meanwhile was missed. */
  onResume?(): void | Promise<void>;
}

/** One caller of listenChannel: its channel, its handlers and its name in the logs. */
interface Subscription {
  channel: string;
  handlers: ChannelHandlers;
  what: string;
}

const listenSql = (channel: string) => `LISTEN "${channel.replace(/"/g, '""')}"`;
const unlistenSql = (channel: string) => `UNLISTEN "${channel.replace(/"/g, '""')}"`;

/**
 * The one LISTEN connection of a PostgreSQL database (a process's pool), shared by every channel its
 * parts listen to (live events, the session cache, the writes' notices): one connection per process
 * rather than one per channel. Reopened with backoff when it drops; each subscription hears of the
 * loss and of the return, and every channel is listened to again before any hears it is back.
 */
class SharedListener {
  private client: pg.Client | null = null;
  /** The channels LISTENed to on `client`. */
  private listening = new Set<string>();
  /** The first connection, which every first add waits for (and fails with). */
  private ready: Promise<void> | null = null;
  private readonly subscriptions = new Set<Subscription>();
  private delay = 1000;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
    private readonly onEmpty: () => void,
  ) {}

  /**
   * Listens to `subscription`'s channel: resolves once PostgreSQL does, or, while the connection is
   * down, once it is registered to be listened to on the way back (it hears of the loss at once and
   * of the return with the others).
   */
  async add(subscription: Subscription): Promise<void> {
    this.subscriptions.add(subscription);
    try {
      await (this.ready ??= this.connect());
      const { channel } = subscription;
      if (this.client && !this.listening.has(channel)) {
        this.listening.add(channel);
        await this.client.query(listenSql(channel));
      }
    } catch (err) {
      await this.remove(subscription);
      throw err;
    }
    if (!this.client) subscription.handlers.onLost?.();
  }

  async remove(subscription: Subscription): Promise<void> {
    if (!this.subscriptions.delete(subscription)) return;
    if (this.subscriptions.size === 0) return this.close();
    const { channel } = subscription;
    if (this.client && this.listening.has(channel) && !this.listens(channel)) {
      this.listening.delete(channel);
      await this.client.query(unlistenSql(channel)).catch(() => undefined);
    }
  }

  /** Whether any subscription listens to `channel`. */
  private listens(channel: string): boolean {
    for (const s of this.subscriptions) if (s.channel === channel) return true;
    return false;
  }

  private async connect(): Promise<void> {
    const next = new pg.Client({ connectionString: this.url, application_name: 'arrendia listen' });
    next.on('notification', (msg) => {
      if (msg.payload === undefined) return;
      for (const s of this.subscriptions) if (s.channel === msg.channel) s.handlers.onNotify(msg.payload);
    });
    next.on('error', (err) => this.log.warn('LISTEN connection error', { err }));
    next.on('end', () => {
      if (this.closed || this.client !== next) return;
      this.client = null;
      for (const s of this.subscriptions) s.handlers.onLost?.();
      this.log.warn('LISTEN connection lost; reconnecting', { channels: this.channels(), inMs: this.delay });
      this.retryLater();
    });
    await next.connect();
    const channels = new Set<string>();
    try {
      // A subscription added meanwhile is listened to as well: the loop reads the set as it grows.
      for (let pending = this.channels(); pending.length > 0; pending = this.channels().filter((c) => !channels.has(c))) {
        for (const channel of pending) {
          channels.add(channel);
          await next.query(listenSql(channel));
        }
      }
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    // Closed while connecting (the last listener stopped during a reconnection): not kept open.
    if (this.closed) {
      await next.end().catch(() => undefined);
      return;
    }
    this.listening = channels;
    this.client = next;
  }

  private channels(): string[] {
    return [...new Set([...this.subscriptions].map((s) => s.channel))];
  }

  private retryLater(): void {
    this.timer = setTimeout(() => void this.reconnect(), this.delay);
    this.delay = Math.min(this.delay * 2, MAX_RECONNECT_DELAY_MS);
  }

  private async reconnect(): Promise<void> {
    this.timer = null;
    if (this.closed) return;
    try {
      await this.connect();
    } catch (err) {
      this.log.warn('LISTEN reconnect failed', { err, inMs: this.delay });
      this.retryLater();
      return;
    }
    if (this.closed) return;
    this.delay = 1000;
    for (const s of this.subscriptions) {
      try {
        await s.handlers.onResume?.();
      } catch (err) {
        this.log.error(`${s.what} resume failed`, { err });
      }
    }
  }

  private async close(): Promise<void> {
    this.closed = true;
    this.onEmpty();
    if (this.timer) clearTimeout(this.timer);
    const current = this.client;
    this.client = null;
    await current?.end().catch(() => undefined);
  }
}

/** The shared LISTEN connection of each open PostgreSQL database. */
const listeners = new WeakMap<Database, SharedListener>();

/**
 * LISTENs to `channel` (PostgreSQL: on the database's one LISTEN connection, SharedListener;
 * PGlite: its in-process listen, which cannot drop). Resolves once listening; the result stops it.
 * `what` names the listener in the logs.
 */
export async function listenChannel(db: Database, channel: string, handlers: ChannelHandlers, log: Logger, what: string): Promise<() => Promise<void>> {
  if (db.pglite) {
    const unlisten = await db.pglite.listen(channel, (payload) => {
      if (payload !== undefined) handlers.onNotify(payload);
    });
    return () => unlisten();
  }
  if (db.target.kind !== 'postgres') throw new Error(`${what} needs PostgreSQL or PGlite`);
  let listener = listeners.get(db);
  if (!listener) {
    const created: SharedListener = new SharedListener(db.target.url, log, () => {
      if (listeners.get(db) === created) listeners.delete(db);
    });
    listeners.set(db, (listener = created));
  }
  const subscription: Subscription = { channel, handlers, what };
  await listener.add(subscription);
  const owner = listener;
  return () => owner.remove(subscription);
}
