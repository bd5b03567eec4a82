import type { Knex } from 'knex';
import Koa from 'koa';
import { compression } from './compression';
import type { AppContext, AppState } from './context';
import type { Config } from './env';
import { notFound } from './errors';
import { createLogger, type Logger } from './log';
import { redactorOf, requestLogger } from './middlewares/logger';
import { requestId } from './middlewares/requestId';
import { sameOriginWrites } from './middlewares/sameOriginWrites';
import { securityHeaders } from './middlewares/securityHeaders';
import type { EventHub } from './events/hub';
import { errorHandler } from './onerror';
import { apiFallback, apiRouter } from './routes';
import { remotesFiles, shellFiles } from './staticFiles';
import { TtlCache } from './ttlCache';
import { forgetAfterWrites } from './middlewares/forgetAfterWrites';
import type { SessionCache } from './middlewares/sessionCache';
import { CookieKeys } from './cookieKeys';
import { trustProxies } from './clientAddress';
import { configureMailLinks } from './mail/notificationMail';

export interface AppOptions {
  knex: Knex;
  config: Config;
  /** Defaults to JSON lines on stdout at `config.logLevel`. */
  log?: Logger;
  /** The live events hub (events/hub.ts); without one GET /api/events answers 503. */
  events?: EventHub;
  /** The per-process session cache (middlewares/sessionCache.ts); without one each request reads its session. */
  sessionCache?: SessionCache;
}

export type App = Koa<AppState, AppContext>;

/**
 * The whole server as one Koa app, not listening: `main.ts` listens, tests drive it with supertest.
 * The database must be migrated and seeded already.
 */
export function createApp({ knex, config, log = createLogger(config.logLevel), events, sessionCache }: AppOptions): App {
  // X-Forwarded-* (client ip, HTTPS for the Secure cookie) only from the proxies TRUST_PROXY names.
  const app: App = trustProxies(new Koa<AppState, AppContext>());
  app.keys = new CookieKeys([config.sessionSecret]);
  app.context.knex = knex;
  app.context.config = config;
  // Mail written by this process links to its public address (notifications deep in commands).
  configureMailLinks(config.publicUrl);
  app.context.log = log;
  if (events) app.context.events = events;
  if (sessionCache) app.context.sessionCache = sessionCache;
  app.context.publicCatalogue = new TtlCache(config.publicCacheSeconds * 1000);
  app.context.listTotals = new TtlCache(config.listTotalCacheSeconds * 1000, 5000);
  // errorHandler answers and logs every error; Koa's own printing would only duplicate it.
  app.silent = true;

  const api = apiRouter(app);
  // Logs and error reports never show the secret parameters (:token) of the router's own routes.
  const redact = redactorOf(api);
  app
    .use(requestId())
    .use(requestLogger(redact))
    .use(errorHandler(redact))
    .use(securityHeaders(knex))
    .use(sameOriginWrites)
    .use(compression())
    .use(
      forgetAfterWrites(() => {
        sessionCache?.forgetAll();
        app.context.listTotals.clear();
        // An advert published or withdrawn here is in the very next catalogue page of this process.
        app.context.publicCatalogue.clear();
      }),
    )
    .use(api.routes() as Koa.Middleware<AppState, AppContext>)
    .use(apiFallback(api))
    .use(remotesFiles(config.distDir))
    .use(shellFiles(config.distDir))
    .use(() => {
      throw notFound();
    });
  return app;
}
