import type { Server } from 'node:http';
import { createApp } from './app';
import { databaseTarget, openDatabase, type Database } from './db';
import { DatabaseLockedError } from './db/lock';
import { migrate } from './db/migrate';
import { ConfigError, readConfig } from './env';
import { startEventHub } from './events/hub';
import { scheduleDailyJobs } from './jobs/daily';
import { createLogger } from './log';
import { startSessionCache } from './middlewares/sessionCache';
import { seed } from './seeds';

/** Reads the environment, opens and prepares the database, then serves API and front end. */
async function main() {
  let config;
  try {
    config = readConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Arrendia no puede arrancar: ${err.message}`);
    process.exit(1);
  }
  const log = createLogger(config.logLevel);

  let db: Database;
  try {
    db = await openDatabase(databaseTarget(config));
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    console.error(`Arrendia no puede arrancar: ${err.message}. Detén ese proceso o usa otro PGLITE_DIR.`);
    process.exit(1);
  }
  try {
    await migrate(db.knex);
    await seed(db.knex, { demo: config.demoMode });
  } catch (err) {
    await db.close();
    throw err;
  }

  const events = await startEventHub(db, log);
  const sessionCache = await startSessionCache(db, log, { ttlMs: config.sessionCacheSeconds * 1000 });
  const server: Server = createApp({ knex: db.knex, config, log, events, sessionCache }).listen(config.port);
  const jobs = scheduleDailyJobs(db.knex, log);

  let stopping = false;
  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { reason });
    // Keep-alive connections would hold close() open; idle ones go now, busy ones get 5 s.
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 5000).unref();
    await closed;
    clearTimeout(force);
    jobs.stop();
    await events.close();
    await sessionCache.close();
    await db.close();
    process.exit(code);
  };

  server.on('listening', () => {
    log.info('listening', {
      port: config.port,
      database: db.target.kind === 'postgres' ? 'postgres' : `pglite:${config.pgliteDir}`,
      demoMode: config.demoMode,
      distDir: config.distDir,
    });
  });
  server.on('error', (err) => {
    log.error('server error', { err });
    void stop('server error', 1);
  });
  process.once('SIGINT', () => void stop('SIGINT', 0));
  process.once('SIGTERM', () => void stop('SIGTERM', 0));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
