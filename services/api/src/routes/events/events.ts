import { PassThrough } from 'node:stream';
import { LIVE_EVENTS_HEARTBEAT_SECONDS, LIVE_EVENTS_RETRY_MS, type LiveEvent } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { HttpError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { SESSION_COOKIE } from '../../middlewares/session';

/**
 * One SSE frame: the stream's cursor (the highest event id it has sent, which a reconnect sends
 * back as Last-Event-ID), the type as the event name, the event as data.
 */
const frame = (cursor: number, event: LiveEvent) => `id: ${cursor}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** The id to resume after: the Last-Event-ID header a reconnecting EventSource sends, if it is one. */
function resumeAfter(ctx: Ctx): number | null {
  const raw = ctx.get('Last-Event-ID') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * GET /api/events → the signed-in user's live events as Server-Sent Events (issue 12): a retry
 * hint, then every event for the user as it is committed anywhere (the hub hears PostgreSQL
 * NOTIFY), a heartbeat comment every LIVE_EVENTS_HEARTBEAT_SECONDS, and, on a reconnect with
 * Last-Event-ID, what the user missed first. Never cached, and no-transform keeps koa-compress off.
 * The stream ends when its session does, on whichever process that happens (events/streamSessions.ts).
 */
export async function stream(ctx: Ctx) {
  const hub = ctx.events;
  if (!hub) throw new HttpError(503, 'events_unavailable', 'Las actualizaciones en directo no están disponibles');
  const user = currentUser(ctx);
  const after = resumeAfter(ctx);
  // The session row's id is the signed cookie's value (koa-session's external store key).
  const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });

  const body = new PassThrough();
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  ctx.set({ 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  ctx.type = 'text/event-stream; charset=utf-8';
  ctx.status = 200;
  ctx.body = body;

  // Live events queue while the missed ones are read, then go out in the order they committed,
  // less those the replay already sent. The hub hands each event to a stream once, so nothing else
  // is filtered: an event can commit after one with a higher id, and is sent all the same.
  let queue: LiveEvent[] | null = after === null ? null : [];
  let cursor = after ?? 0;
  const send = (event: LiveEvent) => {
    if (body.writableEnded) return;
    cursor = Math.max(cursor, event.id);
    body.write(frame(cursor, event));
  };
  const heartbeat = setInterval(() => body.write(': ping\n\n'), LIVE_EVENTS_HEARTBEAT_SECONDS * 1000);
  let unsubscribe = () => {};
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  // An ended session ends the response: the browser's reconnection then meets the 401.
  const onEnd = () => {
    stop();
    body.end(': sesión terminada\n\n');
  };
  unsubscribe = hub.subscribe(user.id, (event) => (queue ? queue.push(event) : send(event)), sid ? { sid, onEnd } : undefined);
  ctx.req.on('close', stop);
  body.on('close', stop);

  body.write(`retry: ${LIVE_EVENTS_RETRY_MS}\n: conectado\n\n`);
  if (after !== null) {
    const replayed = new Set<number>();
    try {
      for (const event of await hub.missedSince(user.id, after)) {
        replayed.add(event.id);
        send(event);
      }
    } finally {
      const pending = queue ?? [];
      queue = null;
      for (const event of pending) if (!replayed.has(event.id)) send(event);
    }
  }
}
