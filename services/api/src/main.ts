import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { createApp } from './app';
import { resumeDataExports } from './commands/dataExporter';
import { clearOnWrites } from './db/writeNotices';
import { databaseTarget, openDatabase, type Database } from './db';
import { DatabaseLockedError } from './db/lock';
import { migrate } from './db/migrate';
import { ConfigError, readConfig, type Config } from './env';
import { startEventHub } from './events/hub';
import { scheduleDailyJobs } from './jobs/daily';
import { scheduleInterruptedImports } from './jobs/interruptedImports';
import { scheduleMessageDigests } from './jobs/messageDigests';
import { createLogger, type Logger } from './log';
import { smtpTransport, startMailer } from './mail/sender';
import { startSessionCache } from './middlewares/sessionCache';
import { seed } from './seeds';
import { exportsDir, reportsDir } from './storage/files';

/** How long an idle keep-alive connection is kept (see serve()). */
export const KEEP_ALIVE_MS = 65_000;

/** A cluster gives up when its workers die this many times within RESTART_WINDOW_MS: a crash loop. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * Reads the environment, opens and prepares the database, then serves API and front end: from this
 * process, or with WEB_CONCURRENCY > 1 from that many worker processes sharing the port (node:cluster).
 * The primary migrates and seeds before any worker starts and runs the daily jobs once for all.
 */
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

  const db = await open(config);
  if (cluster.isWorker) return serve(config, log, db, { jobs: false });
  try {
    await migrate(db.knex);
    await seed(db.knex, { demo: config.demoMode, publicUrl: config.publicUrl });
  } catch (err) {
    await db.close();
    throw err;
  }
  if (config.workers > 1) return supervise(config, log, db);
  return serve(config, log, db, { jobs: true });
}

async function open(config: Config): Promise<Database> {
  try {
    return await openDatabase(databaseTarget(config));
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    console.error(`Arrendia no puede arrancar: ${err.message}. Detén ese proceso o usa otro PGLITE_DIR.`);
    process.exit(1);
  }
}

/** Serves requests from this process (alone, or as one worker of a cluster) until a signal stops it. */
async function serve(config: Config, log: Logger, db: Database, { jobs: runJobs }: { jobs: boolean }) {
  const events = await startEventHub(db, log);
  const sessionCache = await startSessionCache(db, log, { ttlMs: config.sessionCacheSeconds * 1000 });
  const app = createApp({ knex: db.knex, config, log, events, sessionCache });
  // The list totals and catalogue pages this process reuses are cleared as any process's write
  // commits: an advert withdrawn (by hand or by a contract) leaves the catalogue at once.
  const stopClearing = await clearOnWrites(db, log, [app.context.listTotals, app.context.publicCatalogue]);
  // Every process sends mail from the outbox (mail/sender.ts claims each message for one of them).
  const mailer = await startMailer(db, log, { transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : null, from: config.mailFrom });
  // So does the digest of unread messages (jobs/messageDigests.ts claims each for one of them).
  const digests = scheduleMessageDigests(db.knex, log);
  // And each ends the imports whose job stopped with its process (commands/importCommitter.ts).
  const interruptedImports = scheduleInterruptedImports(db.knex, log);
  const server: Server = app.listen(config.port);
  // An idle keep-alive connection stays open longer than a proxy's or a client's own idle timeout
  // (a load balancer's is typically 60 s): with Node's 5 s, the server could close a connection just
  // as the other side reused it, and that request died with ECONNRESET (seen in e2e at 7a48c30).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const jobs = runJobs ? scheduleDailyJobs(db.knex, log, { reportsDir: reportsDir(config), exportsDir: exportsDir(config), rentUpdateNoticeDays: config.rentUpdateNoticeDays }) : null;
  // Data exports a stopped process left pending or building are built again (issue 35).
  if (runJobs) void resumeDataExports(db.knex, config, log).catch((err) => log.error('resuming data exports failed', { err }));

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
    jobs?.stop();
    await digests.stop();
    await interruptedImports.stop();
    await mailer.close();
    await events.close();
    await sessionCache.close();
    await stopClearing();
    await db.close();
    process.exit(code);
  };

  server.on('listening', () => {
    log.info('listening', {
      port: config.port,
      database: db.target.kind === 'postgres' ? 'postgres' : `pglite:${config.pgliteDir}`,
      demoMode: config.demoMode,
      distDir: config.distDir,
      ...(cluster.isWorker ? { worker: cluster.worker!.id } : {}),
    });
  });
  server.on('error', (err) => {
    log.error('server error', { err });
    void stop('server error', 1);
  });
  // A worker stops when its primary says so; Ctrl-C reaches the whole process group, and the
  // primary must not take a worker that stops on its own for one that crashed. A signal repeated
  // while stopping changes nothing (`on`, not `once`: the default action would end the process
  // with its requests cut).
  if (cluster.isWorker) process.on('SIGINT', () => undefined);
  else process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
}

/**
 * The primary of a cluster: starts config.workers workers, replaces one that dies (unless they keep
 * dying: then it stops with exit code 1), runs the daily jobs, and on SIGINT or SIGTERM stops the
 * workers (each finishes its requests) before closing the database.
 */
function supervise(config: Config, log: Logger, db: Database) {
  const jobs = scheduleDailyJobs(db.knex, log, { reportsDir: reportsDir(config), exportsDir: exportsDir(config), rentUpdateNoticeDays: config.rentUpdateNoticeDays });
  void resumeDataExports(db.knex, config, log).catch((err) => log.error('resuming data exports failed', { err }));
  const workers = new Set<Worker>();
  const deaths: number[] = [];
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      const now = Date.now();
      deaths.push(now);
      while (deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
      log.error('worker died', { worker: worker.id, code, signal });
      if (deaths.length >= MAX_RESTARTS) void stop(`workers died ${deaths.length} times in a minute`, 1);
      else setTimeout(() => stopping || fork(), 1000).unref();
    });
  };

  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { reason, workers: workers.size });
    jobs.stop();
    const exited = [...workers].map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of workers) worker.process.kill('SIGTERM');
    const force = setTimeout(() => workers.forEach((worker) => worker.process.kill('SIGKILL')), 10_000).unref();
    await Promise.all(exited);
    clearTimeout(force);
    await db.close();
    process.exit(code);
  };

  log.info('starting workers', { workers: config.workers, port: config.port });
  for (let i = 0; i < config.workers; i += 1) fork();
  // Repeated while stopping, a signal changes nothing: by default it would end the primary before
  // its workers, each of them then failing on the closed channel to it (EPIPE).
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
