import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The session records of the `sessions` table as the commands see them: a user's live sessions,
 * ending one, the others or all of them. Every API process shares the table, so what ends here
 * ends everywhere at once. koa-session's own store (reading, writing, expiring the row of this
 * request) stays in middlewares/session.ts.
 */

type Db = Knex | Knex.Transaction;

/** The handle of a session in the user's list: a hash of its id, never the id (the cookie's secret). */
export const sessionHandle = (sid: string) => createHash('sha256').update(sid).digest('base64url').slice(0, 22);

/** A delete's count: pg answers a number; the PGlite driver, inside a transaction, its raw result. */
const deletedCount = (result: unknown) => (typeof result === 'number' ? result : Number((result as { rowCount?: number } | null)?.rowCount ?? 0));

/**
 * Ends the sessions of a user, at once and for every API process (they share the table): all of
 * them, or all but the one whose key is `exceptKey`. Returns how many ended.
 */
export async function endSessions(db: Db, userId: number, exceptKey?: string): Promise<number> {
  const query = db('sessions').whereRaw(`sess->>'userId' = ?`, [String(userId)]);
  if (exceptKey) query.andWhereRaw(`(sess->>'key') IS DISTINCT FROM ?`, [exceptKey]);
  return deletedCount(await query.delete());
}

/** The stored data of the user's live sessions, each with its handle. */
export async function userSessions(db: Db, userId: number): Promise<{ handle: string; data: Record<string, unknown> }[]> {
  const rows: { sid: string; sess: Record<string, unknown> | string }[] = await db('sessions')
    .select('sid', 'sess')
    .whereRaw(`sess->>'userId' = ?`, [String(userId)])
    .andWhere('expire', '>', db.fn.now());
  return rows.map(({ sid, sess }) => ({ handle: sessionHandle(sid), data: typeof sess === 'string' ? JSON.parse(sess) : sess }));
}

/** Ends the one session of the user with this handle; false when no session of theirs has it. */
export async function endSessionWithHandle(db: Db, userId: number, handle: string): Promise<boolean> {
  const rows: { sid: string }[] = await db('sessions').select('sid').whereRaw(`sess->>'userId' = ?`, [String(userId)]);
  const match = rows.find((row) => sessionHandle(row.sid) === handle);
  if (!match) return false;
  await db('sessions').where({ sid: match.sid }).delete();
  return true;
}
