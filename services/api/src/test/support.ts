/**
 * Starts the app on a database of its own, one per test file:
 * - by default an in-memory PGlite, loaded from a migrated template cached in the OS temp dir
 *   (a fresh cluster costs ~2-4 s, loading the template well under 1 s);
 * - with TEST_DATABASE_URL, a fresh schema `arrendia_test_<random>` on that PostgreSQL, dropped at
 *   the end.
 *
 * PGlite under jest needs NODE_OPTIONS=--experimental-vm-modules (it loads its WASM with a dynamic
 * import, which jest's VM sandbox only allows with that flag). The test script sets it; by hand:
 *   NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects api
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import supertest from 'supertest';
import { createApp, type App } from '../app';
import { openDatabase, type Database } from '../db';
import { migrate } from '../db/migrate';
import { clearOnWrites } from '../db/writeNotices';
import { startEventHub, type EventHub } from '../events/hub';
import { createLogger } from '../log';
import { startSessionCache, type SessionCache } from '../middlewares/sessionCache';
import { TRUST_NOBODY } from '../clientAddress';
import type { Config } from '../env';
import { MIGRATIONS } from '../migrations';
import { seedCatalogues, seedRemotes, seedRoles } from '../seeds/reference';

export interface TestApp {
  app: App;
  db: Database;
  knex: Knex;
  config: Config;
  /** The app's live events hub. */
  events: EventHub;
  /** The app's session cache (holds nothing unless the test's config sets sessionCacheSeconds). */
  sessionCache: SessionCache;
  /** A supertest client without cookies. */
  request(): ReturnType<typeof supertest>;
  /** A supertest client that keeps cookies between calls, like a browser. */
  agent(): supertest.Agent;
  close(): Promise<void>;
}

export const TEST_SESSION_SECRET = 'test-session-secret';

/** A configuration for tests: no demo data, logs silent unless LOG_LEVEL is set. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    production: false,
    port: 0,
    databaseUrl: process.env.TEST_DATABASE_URL ?? null,
    pgliteDir: '',
    sessionSecret: TEST_SESSION_SECRET,
    demoMode: false,
    distDir: path.join(os.tmpdir(), 'arrendia-test-no-dist'),
    logLevel: (process.env.LOG_LEVEL as Config['logLevel']) || 'silent',
    cookieSecure: false,
    // Tests read the catalogue right after changing it; the cache has its own tests.
    publicCacheSeconds: 0,
    // Tests change users and sessions straight in the database and expect the next request to see
    // it; the session cache, which learns of such changes a few ms later, has its own tests.
    sessionCacheSeconds: 0,
    // Factories insert rows straight in the database; reused list totals have their own tests.
    listTotalCacheSeconds: 0,
    workers: 1,
    trustProxy: TRUST_NOBODY,
    // Mail stays in the outbox unless a test starts a sender (mail/sender.ts) with its own server.
    smtpUrl: null,
    mailFrom: 'Arrendia <no-responder@arrendia.test>',
    publicUrl: 'https://arrendia.test',
    // The fuzz sends thousands of reset requests; the floor has its own test.
    resetRequestFloorMs: 0,
    ...overrides,
  };
}

/** Identifies the schema the template holds: a changed migration means a new template file. */
function templateFile(): string {
  const hash = createHash('sha256');
  for (const m of MIGRATIONS) hash.update(`${m.name}\n${m.up}\n${m.down}\n`);
  const pgliteManifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(fs.readFileSync(pgliteManifest, 'utf8')).version);
  return path.join(os.tmpdir(), `arrendia-test-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Fails with a readable message instead of PGlite's crash deep inside a promise. */
export function assertPgliteCanLoad(): void {
  const flag = '--experimental-vm-modules';
  if (!process.execArgv.includes(flag) && !(process.env.NODE_OPTIONS ?? '').includes(flag)) {
    throw new Error(`PGlite under jest needs NODE_OPTIONS=${flag} (or set TEST_DATABASE_URL to test on PostgreSQL)`);
  }
}

async function openMemoryDatabase(): Promise<Database> {
  assertPgliteCanLoad();
  const file = templateFile();
  if (fs.existsSync(file)) {
    return openDatabase({ kind: 'memory', loadDataDir: new Blob([fs.readFileSync(file)]) });
  }
  const db = await openDatabase({ kind: 'memory' });
  await migrate(db.knex);
  const dump = await db.pglite!.dumpDataDir('none');
  // Written aside and renamed: parallel workers never read a half-written template.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return db;
}

/**
 * A fresh database for one test file, not migrated yet; `drop` removes its PostgreSQL schema.
 * `url` names another PostgreSQL than TEST_DATABASE_URL (a cluster a test starts and stops itself).
 */
export async function openTestDatabase(url = process.env.TEST_DATABASE_URL): Promise<{ db: Database; drop(): Promise<void> }> {
  if (!url) {
    const db = await openMemoryDatabase();
    return { db, drop: async () => {} };
  }
  const schema = `arrendia_test_${randomBytes(6).toString('hex')}`;
  const db = await openDatabase({ kind: 'postgres', url, searchPath: schema });
  await db.knex.raw('create schema ??', [schema]);
  return { db, drop: () => db.knex.raw('drop schema ?? cascade', [schema]).then(() => undefined) };
}

/** Starts the app on a fresh, migrated database holding the roles and the remotes. */
export async function startTestApp(overrides: Partial<Config> = {}, options: { databaseUrl?: string } = {}): Promise<TestApp> {
  const { db, drop } = await openTestDatabase(options.databaseUrl);
  await migrate(db.knex);
  await seedRoles(db.knex);
  await seedRemotes(db.knex);
  await seedCatalogues(db.knex);
  const config = testConfig(overrides);
  const log = createLogger(config.logLevel);
  const events = await startEventHub(db, log);
  const sessionCache = await startSessionCache(db, log, { ttlMs: config.sessionCacheSeconds * 1000 });
  const app = createApp({ knex: db.knex, config, events, sessionCache });
  const stopClearing = await clearOnWrites(db, log, [app.context.listTotals, app.context.publicCatalogue]);
  const callback = app.callback();
  return {
    app,
    db,
    knex: db.knex,
    config,
    request: () => supertest(callback),
    agent: () => supertest.agent(callback),
    events,
    sessionCache,
    async close() {
      await events.close();
      await sessionCache.close();
      await stopClearing();
      await drop();
      await db.close();
    },
  };
}

/** A knex that never connects: for apps whose tests touch no database. */
export function unusedKnex(): Knex {
  const quiet = () => {};
  return knexFactory({
    client: 'pg',
    connection: 'postgres://127.0.0.1:1/unused',
    pool: { min: 0, max: 1 },
    log: { warn: quiet, error: quiet, deprecate: quiet, debug: quiet },
  });
}

/** Row count of a table: the "nothing was written" checks. */
export async function countRows(knex: Knex, table: string): Promise<number> {
  const row = await knex(table).count({ n: '*' }).first();
  return Number(row?.n);
}

/**
 * Which backends are the LISTEN connection of the app on `knex`'s schema (PostgreSQL): the process's
 * one connection for every channel (db/listen.ts), whose last statement LISTENs to (or UNLISTENs
 * from) one of the schema's channels.
 */
async function listenConnectionFilter(knex: Knex): Promise<{ sql: string; bindings: string[] }> {
  const schema: string = (await knex.raw('select current_schema() as s')).rows[0].s;
  return { sql: `application_name = 'arrendia listen' and query like ?`, bindings: [`%LISTEN "arrendia%${schema}"`] };
}

/** How many LISTEN connections the app on `knex`'s schema holds open. */
export async function listenConnections(knex: Knex): Promise<number> {
  const { sql, bindings } = await listenConnectionFilter(knex);
  return (await knex.raw(`select count(*)::int as n from pg_stat_activity where ${sql}`, bindings)).rows[0].n;
}

/** Ends the LISTEN connection of the app on `knex`'s schema, as a network fault would; it comes back 1 s later. */
export async function dropListenConnection(knex: Knex): Promise<void> {
  const { sql, bindings } = await listenConnectionFilter(knex);
  await knex.raw(`select pg_terminate_backend(pid) from pg_stat_activity where ${sql}`, bindings);
}

/**
 * Retries `check` every 10 ms until it holds, failing after `withinMs`: for what PostgreSQL announces
 * (a notice takes milliseconds; a lost LISTEN connection is back after 1 s), far below the TTLs the
 * caches would otherwise wait out.
 */
export async function eventually(check: () => boolean | Promise<boolean>, { withinMs = 3000, what = 'the change' }: { withinMs?: number; what?: string } = {}): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > withinMs) throw new Error(`${what} did not happen within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
