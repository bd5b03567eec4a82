import { LiveEventSchema, type LiveEvent } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { Database } from '../db';
import { listenChannel } from '../db/listen';
import type { Logger } from '../log';
import { startPresence } from './presence';
import { eventsChannel } from './publish';
import { watchStreamSessions } from './streamSessions';

/** How long live events are kept for streams that reconnect (Last-Event-ID), and how many at most are replayed after the id. */
export const EVENTS_KEPT_MS = 24 * 3600_000;
const REPLAY_LIMIT = 500;
/**
 * How far below the highest event id seen a reconnection reads again (the hub's LISTEN connection,
 * and a client's stream with its Last-Event-ID). An event's id is taken when
 * its row is inserted and it is announced when its transaction commits, so with several writers a
 * lower id can commit after a higher one: announced while the connection was down, it sits below
 * the highest id seen. Events read again are delivered only if this hub has not delivered them.
 */
const CATCH_UP_MARGIN = 1000;

type Listener = (event: LiveEvent) => void;

/** The session a stream was opened with: the stream ends (`onEnd`) when that session does. */
export interface StreamSession {
  sid: string;
  onEnd(): void;
}

/** The live events of this API instance: every tab's stream subscribes here for its user. */
export interface EventHub {
  /**
   * Calls `listener` with each event for `userId` from now on, and `session.onEnd` once that
   * session is no longer valid (logout, password change, deactivation, expiry: events/streamSessions.ts);
   * returns the unsubscribe.
   */
  subscribe(userId: number, listener: Listener, session?: StreamSession): () => void;
  /**
   * What a stream that reconnects with Last-Event-ID `afterId` may have missed, oldest first, among
   * the events for `userId` still kept: those after `afterId`, and those up to CATCH_UP_MARGIN below
   * it, which may have committed after the stream closed (an event's id is taken at insert, the
   * event announced at commit). The client handles an event id once (useLiveEvents), so one it
   * already had costs nothing.
   */
  missedSince(userId: number, afterId: number): Promise<LiveEvent[]>;
  /** Streams open on this instance (for the logs and the tests). */
  readonly subscribers: number;
  /** Resolves once the presence rows and announcements of the streams opened and closed so far are written. */
  presenceSettled(): Promise<void>;
  close(): Promise<void>;
}

interface EventRow {
  id: number | string;
  recipientUserIds: number[];
  type: string;
  data: unknown;
}

const toEvent = (row: EventRow): LiveEvent => LiveEventSchema.parse({ id: Number(row.id), type: row.type, data: row.data ?? {} });

/** Deletes live events older than EVENTS_KEPT_MS; run at start and every hour by the hub. */
export async function pruneEvents(knex: Knex, now = Date.now()): Promise<number> {
  return knex('live_events').where('createdAt', '<', new Date(now - EVENTS_KEPT_MS)).delete();
}

/**
 * Listens to the schema's events channel (PostgreSQL: on the process's one LISTEN connection,
 * db/listen.ts; PGlite: its in-process listen) and hands each event to the local streams of its
 * recipients. Every API instance runs one, so a change made through any instance reaches the tabs
 * of all of them. On PostgreSQL a dropped connection is reopened with backoff, and what was
 * announced meanwhile is read back from live_events.
 */
export async function startEventHub(db: Database, log: Logger): Promise<EventHub> {
  const { knex } = db;
  const schema: string = (await knex.raw('select current_schema() as s')).rows[0].s;
  const channel = eventsChannel(schema);
  const listeners = new Map<number, Set<Listener>>();
  let lastId = Number((await knex('live_events').max({ id: 'id' }).first())?.id ?? 0);
  // What was there before this hub started is never caught up: it was not this hub's to deliver.
  const startedAfter = lastId;
  // The ids handled within CATCH_UP_MARGIN of lastId: an event is delivered once, however it came.
  // An id counts as handled only once delivered (or needed by nobody here): a notification whose
  // row could not be read (the server going down) is left for the catch-up.
  const handled = new Set<number>();
  const isNew = (id: number): boolean => id > lastId - CATCH_UP_MARGIN && !handled.has(id);
  const markHandled = (id: number): void => {
    handled.add(id);
    if (id > lastId) {
      lastId = id;
      if (handled.size > 2 * CATCH_UP_MARGIN) for (const old of handled) if (old <= lastId - CATCH_UP_MARGIN) handled.delete(old);
    }
  };

  const deliver = (event: LiveEvent, recipients: readonly number[]) => {
    for (const userId of recipients) {
      for (const listener of listeners.get(userId) ?? []) {
        try {
          listener(event);
        } catch (err) {
          log.error('live event listener failed', { err });
        }
      }
    }
  };

  const onPayload = async (payload: string) => {
    let note: { id?: unknown; u?: unknown };
    try {
      note = JSON.parse(payload);
    } catch {
      return;
    }
    const id = Number(note.id);
    if (!Number.isInteger(id) || !isNew(id)) return;
    // Most events concern nobody connected here: skip the read when the payload says so.
    if (Array.isArray(note.u) && !note.u.some((u) => listeners.has(Number(u)))) return markHandled(id);
    const row: EventRow | undefined = await knex('live_events').where('id', id).first();
    markHandled(id);
    if (row) deliver(toEvent(row), row.recipientUserIds);
  };
  // One at a time, in the order PostgreSQL delivered them: concurrent reads could reorder events.
  let chain = Promise.resolve();
  const handle = (payload: string | undefined) => {
    if (!payload) return;
    chain = chain.then(() => onPayload(payload)).catch((err) => log.error('live event read failed', { err }));
  };

  const catchUp = () => (chain = chain.then(readMissed).catch((err) => log.error('live events catch-up failed', { err })));
  const readMissed = async () => {
    const rows: EventRow[] = await knex('live_events')
      .where('id', '>', Math.max(startedAfter, lastId - CATCH_UP_MARGIN))
      .orderBy('id')
      .limit(REPLAY_LIMIT * 10 + CATCH_UP_MARGIN);
    for (const row of rows) {
      const id = Number(row.id);
      if (!isNew(id)) continue;
      markHandled(id);
      deliver(toEvent(row), row.recipientUserIds);
    }
  };

  const stopListening = await listenChannel(db, channel, { onNotify: handle, onResume: catchUp }, log, 'live events');

  await pruneEvents(knex).catch((err) => log.warn('live events prune failed', { err }));
  const pruning = setInterval(() => void pruneEvents(knex).catch((err) => log.warn('live events prune failed', { err })), 3600_000);
  pruning.unref();
  // A user is present while this instance holds a stream of theirs: from the first one to the last.
  const presence = startPresence(knex, log);
  const sessions = await watchStreamSessions(db, log);

  return {
    subscribe(userId, listener, session) {
      let set = listeners.get(userId);
      if (!set) {
        listeners.set(userId, (set = new Set()));
        presence.arrived(userId);
      }
      set.add(listener);
      const unbind = session ? sessions.bind(session.sid, userId, session.onEnd) : () => {};
      return () => {
        unbind();
        if (!set.delete(listener)) return;
        if (set.size === 0 && listeners.get(userId) === set) {
          listeners.delete(userId);
          presence.left(userId);
        }
      };
    },
    async missedSince(userId, afterId) {
      const rows: EventRow[] = await knex('live_events')
        .where('id', '>', afterId - CATCH_UP_MARGIN)
        .whereRaw('? = any("recipientUserIds")', [userId])
        .where('createdAt', '>=', new Date(Date.now() - EVENTS_KEPT_MS))
        .orderBy('id')
        .limit(REPLAY_LIMIT + CATCH_UP_MARGIN);
      return rows.map(toEvent);
    },
    presenceSettled: () => presence.settled(),
    get subscribers() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
    async close() {
      clearInterval(pruning);
      await stopListening();
      await sessions.close();
      listeners.clear();
      await presence.close();
    },
  };
}
