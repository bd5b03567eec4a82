import { LIVE_EVENTS_HEARTBEAT_SECONDS } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { Database } from '../db';
import { listenChannel } from '../db/listen';
import type { Logger } from '../log';
import { authChannel } from '../middlewares/sessionCache';

/** How often every stream's session is checked again, whatever was announced: expiry and inactivity announce nothing. */
export const STREAM_SESSION_CHECK_MS = LIVE_EVENTS_HEARTBEAT_SECONDS * 1000;
/**
 * How long after a password change a session begun before it still counts: the session that made
 * the change is renewed (settings.savePassword) just after the change commits, and its stream must
 * not end meanwhile. The other sessions' rows go with the change itself, so their streams end at once.
 */
const PASSWORD_CHANGE_GRACE_MS = 10_000;

/**
 * The sessions of this instance's live streams, so that a stream ends with its session (issue 30:
 * a stream outlived logout, password change and deactivation, and kept its user 'En línea').
 */
export interface StreamSessions {
  /** Calls `end` once session `sid` of `userId` is no longer valid; returns the unbind. */
  bind(sid: string, userId: number, end: () => void): () => void;
  /** Resolves once the checks asked for so far are done (for the tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

interface Bound {
  userId: number;
  end: () => void;
}

interface SessionRow {
  sid: string;
  sess: Record<string, unknown> | string;
  userId: number | null;
  isActive: boolean | null;
  lastPasswordChange: Date | string | null;
  sessionTimeoutMinutes: number | null;
}

/**
 * Whether a session row still signs its user in, by the rules `authenticate` applies on every
 * request (middlewares/authenticate.ts): an active user, no password change since the session
 * began, and no inactivity past the user's timeout. The row is gone once it is ended or expired.
 */
function stillValid(row: SessionRow, userId: number, now: number): boolean {
  const sess = typeof row.sess === 'string' ? (JSON.parse(row.sess) as Record<string, unknown>) : row.sess;
  if (row.userId === null || row.userId !== userId || Number(sess.userId) !== userId || !row.isActive) return false;
  const changedAt = row.lastPasswordChange ? new Date(row.lastPasswordChange).getTime() : 0;
  if (Number(sess.createdAt ?? 0) < changedAt && now - changedAt > PASSWORD_CHANGE_GRACE_MS) return false;
  const seenAt = Number(sess.seenAt ?? 0);
  return !(seenAt && now - seenAt > (row.sessionTimeoutMinutes ?? 0) * 60_000);
}

async function readSessions(knex: Knex, sids: string[]): Promise<Map<string, SessionRow>> {
  const rows: SessionRow[] = await knex('sessions as s')
    .leftJoin('users as u', 'u.id', knex.raw(`case when s.sess->>'userId' ~ '^[0-9]{1,9}$' then (s.sess->>'userId')::int end`))
    .whereIn('s.sid', sids)
    .andWhere('s.expire', '>', knex.fn.now())
    .select('s.sid', 's.sess', 'u.id as userId', 'u.isActive', 'u.lastPasswordChange', 'u.sessionTimeoutMinutes');
  return new Map(rows.map((row) => [row.sid, row]));
}

/**
 * Watches the sessions of this instance's streams on the auth channel the session cache listens to
 * (middlewares/sessionCache.ts: a notice for every session, user or role changed, on any process),
 * and checks those sessions again when a notice concerns them, when the LISTEN connection is back,
 * and every STREAM_SESSION_CHECK_MS for what no notice announces (expiry, inactivity). A stream
 * whose session is no longer valid is ended; a failed check ends nothing and is retried at the next.
 */
export async function watchStreamSessions(db: Database, log: Logger, { checkEveryMs = STREAM_SESSION_CHECK_MS, now = Date.now } = {}): Promise<StreamSessions> {
  const { knex } = db;
  const bySid = new Map<string, Set<Bound>>();
  const sidsByUser = new Map<number, Set<string>>();
  let pending = new Set<string>();
  let scheduled = false;
  let chain = Promise.resolve();

  const check = async () => {
    scheduled = false;
    const sids = [...pending].filter((sid) => bySid.has(sid));
    pending = new Set();
    if (sids.length === 0) return;
    const rows = await readSessions(knex, sids);
    const at = now();
    for (const sid of sids) {
      const row = rows.get(sid);
      for (const bound of [...(bySid.get(sid) ?? [])]) {
        if (row && stillValid(row, bound.userId, at)) continue;
        try {
          bound.end();
        } catch (err) {
          log.error('ending a live stream failed', { err });
        }
      }
    }
  };
  /** Checks `sids` soon: notices arriving together cost one query. */
  const request = (sids: Iterable<string>) => {
    for (const sid of sids) if (bySid.has(sid)) pending.add(sid);
    if (pending.size === 0 || scheduled) return;
    scheduled = true;
    chain = chain.then(check).catch((err) => log.warn('live stream session check failed', { err }));
  };
  const all = () => bySid.keys();

  // The payloads of middlewares/sessionCache.ts: 's:<sid>', 'u:<user id>', anything else means everything.
  const onNotify = (payload: string) => {
    if (payload.startsWith('s:')) request([payload.slice(2)]);
    else if (payload.startsWith('u:')) request(sidsByUser.get(Number(payload.slice(2))) ?? []);
    else request(all());
  };
  const schema: string = (await knex.raw('select current_schema() as s')).rows[0].s;
  const stopListening = await listenChannel(db, authChannel(schema), { onNotify, onResume: () => request(all()) }, log, 'live stream sessions');
  const sweep = setInterval(() => request(all()), checkEveryMs);
  sweep.unref();

  return {
    bind(sid, userId, end) {
      const bound: Bound = { userId, end };
      let set = bySid.get(sid);
      if (!set) bySid.set(sid, (set = new Set()));
      set.add(bound);
      let sids = sidsByUser.get(userId);
      if (!sids) sidsByUser.set(userId, (sids = new Set()));
      sids.add(sid);
      // A session ended between the request's authentication and this bind announced nothing we heard.
      request([sid]);
      return () => {
        if (!set.delete(bound) || set.size > 0 || bySid.get(sid) !== set) return;
        bySid.delete(sid);
        sids.delete(sid);
        if (sids.size === 0 && sidsByUser.get(userId) === sids) sidsByUser.delete(userId);
      };
    },
    settled: () => chain,
    async close() {
      clearInterval(sweep);
      await stopListening();
      await chain;
      bySid.clear();
      sidsByUser.clear();
    },
  };
}
