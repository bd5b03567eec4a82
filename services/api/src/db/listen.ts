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

/**
 * LISTENs to `channel` (PostgreSQL: on a connection of its own, reopened with backoff when it
 * drops; PGlite: its in-process listen, which cannot drop). Resolves once listening; the result
 * stops it. `what` names the listener in the logs.
 */
export async function listenChannel(db: Database, channel: string, handlers: ChannelHandlers, log: Logger, what: string): Promise<() => Promise<void>> {
  const deliver = (payload: string | undefined) => {
    if (payload !== undefined) handlers.onNotify(payload);
  };
  if (db.pglite) {
    const unlisten = await db.pglite.listen(channel, deliver);
    return () => unlisten();
  }
  if (db.target.kind !== 'postgres') throw new Error(`${what} needs PostgreSQL or PGlite`);
  const url = db.target.url;
  let closed = false;
  let client: pg.Client | null = null;
  let delay = 1000;
  let timer: NodeJS.Timeout | null = null;

  const retryLater = () => {
    timer = setTimeout(() => void reconnect(), delay);
    delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel === channel) deliver(msg.payload);
    });
    next.on('error', (err) => log.warn(`${what} connection error`, { err }));
    next.on('end', () => {
      if (closed || client !== next) return;
      client = null;
      handlers.onLost?.();
      log.warn(`${what} connection lost; reconnecting`, { inMs: delay });
      retryLater();
    });
    await next.connect();
    try {
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    client = next;
  };
  const reconnect = async () => {
    timer = null;
    if (closed) return;
    try {
      await connect();
    } catch (err) {
      log.warn(`${what} reconnect failed`, { err, inMs: delay });
      retryLater();
      return;
    }
    delay = 1000;
    try {
      await handlers.onResume?.();
    } catch (err) {
      log.error(`${what} resume failed`, { err });
    }
  };

  await connect();
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
