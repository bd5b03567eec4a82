import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { Knex } from 'knex';
import type { Config } from './env';
import type { EventHub } from './events/hub';
import type { Logger } from './log';
import type { User } from './models/User';

/** What the session cookie points to: only the user id; the user is loaded per request. */
export interface AppSession {
  userId?: number;
  /** New session id, old row deleted (koa-session): done at login against session fixation. */
  regenerate(): Promise<void>;
}

export interface AppState {
  requestId: string;
  /** Set by `authenticate`. */
  user?: User;
  /** Set by `transaction`. */
  trx?: Knex.Transaction;
  /** The body as `validate` parsed it. */
  input?: unknown;
}

/** Properties every request context carries (koa-session does not type its own). */
export interface AppContext {
  knex: Knex;
  config: Config;
  log: Logger;
  session: AppSession | null;
  /** This instance's live events (GET /api/events); absent in apps built without one. */
  events?: EventHub;
}

export type Ctx = RouterContext<AppState, AppContext>;
export type AppMiddleware = RouterMiddleware<AppState, AppContext>;
