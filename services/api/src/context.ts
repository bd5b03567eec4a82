import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { Knex } from 'knex';
import type { Config } from './env';
import type { PreparedJson } from './compression';
import type { TtlCache } from './ttlCache';
import type { EventHub } from './events/hub';
import type { SessionCache } from './middlewares/sessionCache';
import type { Logger } from './log';
import type { User } from './models/User';

/** What the session cookie points to: only the user id; the user is loaded per request. */
export interface AppSession {
  userId?: number;
  /** A random id of this session, so that the user's list of sessions can tell which one is this (issue 13). */
  key?: string;
  /** When the session began and when it was last used (ms since epoch); the timeout is counted from seenAt. */
  createdAt?: number;
  seenAt?: number;
  userAgent?: string;
  ipAddress?: string;
  /** A sign-in whose password was right, waiting for its second step (two-factor authentication); signs nobody in. */
  secondStep?: { userId: number; email: string; at: number };
  /** New session id, old row deleted (koa-session): done at login against session fixation. */
  regenerate(): Promise<void>;
}

export interface AppState {
  requestId: string;
  /** Set by `authenticate`. */
  user?: User;
  /** The session's user as the session store read it with the session; `authenticate` checks it. */
  sessionUser?: User;
  /** Set by `transaction`. */
  trx?: Knex.Transaction;
}

/** Properties every request context carries (koa-session does not type its own). */
export interface AppContext {
  knex: Knex;
  config: Config;
  log: Logger;
  session: AppSession | null;
  /** This instance's live events (GET /api/events); absent in apps built without one. */
  events?: EventHub;
  /** The sessions this process read lately (middlewares/sessionCache.ts); absent, every request reads its session. */
  sessionCache?: SessionCache;
  /** Pages of the public catalogue, shared by every visitor for config.publicCacheSeconds. */
  publicCatalogue: TtlCache<PreparedJson>;
  /** The totals of lists (X-Total-Count) by count query, for config.listTotalCacheSeconds (pagination.ts). */
  listTotals: TtlCache<number>;
}

export type Ctx = RouterContext<AppState, AppContext>;
export type AppMiddleware = RouterMiddleware<AppState, AppContext>;
