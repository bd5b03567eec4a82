import { TWO_FACTOR_LOGIN_MINUTES } from '@arrendia/api-contract';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type Koa from 'koa';
import createSession from 'koa-session';
import type { AppContext, AppMiddleware, AppSession, AppState, Ctx } from '../context';
import type { Config } from '../env';
import { HttpError } from '../errors';
import { Role } from '../models/Role';
import { User } from '../models/User';
import type { SessionCache, SessionRecord } from './sessionCache';
import { clientAddress, storedAddress } from '../clientAddress';

export const SESSION_COOKIE = 'arrendia.sid';
export const SESSION_MAX_AGE_MS = 8 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 15 * 60 * 1000;

/** The session with, in the same round trip, its user's row and role (what `authenticate` needs next). */
async function readSession(knex: Knex, sid: string): Promise<SessionRecord | undefined> {
  const row = await knex('sessions as s')
    .leftJoin('users as u', 'u.id', knex.raw(`case when s.sess->>'userId' ~ '^[0-9]{1,9}$' then (s.sess->>'userId')::int end`))
    .leftJoin('roles as r', 'r.id', 'u.roleId')
    .where('s.sid', sid)
    .andWhere('s.expire', '>', knex.fn.now())
    .first('s.sess as __sess', 's.expire as __expire', 'u.*', 'r.roleName as __roleName', 'r.description as __roleDescription');
  if (!row) return undefined;
  const { __sess: sess, __expire: expire, ...userColumns } = row;
  return { sess, expire: new Date(expire).getTime(), userColumns: userColumns.id != null ? userColumns : null };
}

/**
 * koa-session's external store on the `sessions` table, so that every API process behind a load
 * balancer sees the same sessions. koa-session 7 needs each method to return a promise. With a
 * `cache` (middlewares/sessionCache.ts), a session read lately costs no query at all.
 */
export function sessionStore(knex: Knex, cache?: SessionCache) {
  let lastPurge = 0;
  return {
    /** The session; its user (with role) goes to ctx.state.sessionUser: one query per request at most. */
    async get(sid: string, _maxAge?: unknown, opts?: { ctx?: Ctx }): Promise<Record<string, unknown> | undefined> {
      let record = cache?.get(sid);
      if (!record) {
        const mark = cache?.mark() ?? 0;
        record = await readSession(knex, sid);
        if (record) cache?.put(sid, record, mark);
      }
      if (!record) return undefined;
      if (opts?.ctx && record.userColumns) {
        const { __roleName: roleName, __roleDescription: description, ...columns } = record.userColumns;
        const user = User.fromDatabaseJson({ ...columns });
        // A row as read, not input: fromDatabaseJson skips the JSON schema check fromJson runs.
        user.role = Role.fromDatabaseJson({ id: columns.roleId, roleName, description });
        opts.ctx.state.sessionUser = user;
      }
      // koa-session copies the fields into its own object; a copy keeps the held record as read.
      return { ...record.sess };
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number): Promise<void> {
      await knex('sessions')
        .insert({ sid, sess: JSON.stringify(sess), expire: new Date(Date.now() + maxAge) })
        .onConflict('sid')
        .merge();
      cache?.forgetSession(sid);
      // Expired rows are swept now and then by whichever process writes, instead of by a timer.
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await knex('sessions').where('expire', '<', knex.fn.now()).delete();
      }
    },
    async destroy(sid: string): Promise<void> {
      await knex('sessions').where({ sid }).delete();
      cache?.forgetSession(sid);
    },
  };
}

/** The session middleware; mounted only on the routes that need a session. */
export function sessionMiddleware(app: Koa<AppState, AppContext>, knex: Knex, config: Config, cache?: SessionCache): AppMiddleware {
  const session = createSession(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      // When not forced, left unset rather than false: the cookie is still Secure on HTTPS requests.
      secure: config.cookieSecure || undefined,
      store: sessionStore(knex, cache),
    },
    app,
  );
  return async (ctx, next) => {
    // The cookie library refuses to write a Secure cookie on plain HTTP; say so instead of a 500.
    if (config.cookieSecure && !ctx.secure) {
      throw new HttpError(403, 'https_required', 'Esta operación requiere una conexión segura (HTTPS)');
    }
    await session(ctx, next);
  };
}

/**
 * Signs `userId` in on this request: a new session id (against session fixation) carrying the
 * facts the settings screen lists (when, from where) and the activity clock of the session timeout.
 */
export async function startSession(ctx: Ctx, userId: number): Promise<void> {
  const session = ctx.session!;
  const now = Date.now();
  delete session.secondStep;
  session.userId = userId;
  session.key = randomUUID();
  session.createdAt = now;
  session.seenAt = now;
  session.userAgent = (ctx.get('User-Agent') || '').slice(0, 300);
  session.ipAddress = storedAddress(clientAddress(ctx));
  await session.regenerate();
}

type SecondStep = NonNullable<AppSession['secondStep']>;

/**
 * Keeps a sign-in whose password was right waiting for its second step (two-factor
 * authentication) for TWO_FACTOR_LOGIN_MINUTES: a new session id that signs nobody in, so whatever
 * session this browser had ends here.
 */
export async function startSecondStep(ctx: Ctx, user: { id: number; email: string }): Promise<void> {
  const session = ctx.session!;
  for (const key of ['userId', 'key', 'createdAt', 'seenAt', 'userAgent', 'ipAddress'] as const) delete session[key];
  session.secondStep = { userId: user.id, email: user.email, at: Date.now() };
  await session.regenerate();
}

/** The sign-in waiting for its second step on this session, if there is one and it is still open. */
export function pendingSecondStep(ctx: Ctx, now = Date.now()): SecondStep | null {
  const step = ctx.session?.secondStep;
  if (!step || typeof step.userId !== 'number' || typeof step.at !== 'number') return null;
  return now - step.at <= TWO_FACTOR_LOGIN_MINUTES * 60_000 ? step : null;
}
