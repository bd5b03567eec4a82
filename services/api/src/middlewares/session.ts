import type { Knex } from 'knex';
import type Koa from 'koa';
import createSession from 'koa-session';
import type { AppContext, AppMiddleware, AppState } from '../context';
import type { Config } from '../env';
import { HttpError } from '../errors';

export const SESSION_COOKIE = 'arrendia.sid';
export const SESSION_MAX_AGE_MS = 8 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 15 * 60 * 1000;

/**
 * koa-session's external store on the `sessions` table, so that every API process behind a load
 * balancer sees the same sessions. koa-session 7 needs each method to return a promise.
 */
export function sessionStore(knex: Knex) {
  let lastPurge = 0;
  return {
    async get(sid: string): Promise<Record<string, unknown> | undefined> {
      const row = await knex('sessions').select('sess').where({ sid }).andWhere('expire', '>', knex.fn.now()).first();
      return row?.sess;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number): Promise<void> {
      await knex('sessions')
        .insert({ sid, sess: JSON.stringify(sess), expire: new Date(Date.now() + maxAge) })
        .onConflict('sid')
        .merge();
      // Expired rows are swept now and then by whichever process writes, instead of by a timer.
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await knex('sessions').where('expire', '<', knex.fn.now()).delete();
      }
    },
    async destroy(sid: string): Promise<void> {
      await knex('sessions').where({ sid }).delete();
    },
  };
}

/** The session middleware; mounted only on the routes that need a session. */
export function sessionMiddleware(app: Koa<AppState, AppContext>, knex: Knex, config: Config): AppMiddleware {
  const session = createSession(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      // When not forced, left unset rather than false: the cookie is still Secure on HTTPS requests.
      secure: config.cookieSecure || undefined,
      store: sessionStore(knex),
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
