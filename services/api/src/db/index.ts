import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { acquireLock } from './lock';
import { withNamedStatements } from './pgliteStatements';

/** Where the data lives: PostgreSQL, PGlite on disk, or PGlite in memory (tests). */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; /** Schema to work in, e.g. one fresh schema per test file. */ searchPath?: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory'; /** A `dumpDataDir()` tarball to start from instead of an empty cluster. */ loadDataDir?: Blob };

export interface Database {
  knex: Knex;
  target: DatabaseTarget;
  /** The embedded instance, when there is one. */
  pglite?: PGlite;
  /** Destroys the pool, closes PGlite and releases the directory lock. */
  close(): Promise<void>;
}

/** The target the configuration names: DATABASE_URL when set, else PGlite at PGLITE_DIR. */
export function databaseTarget(config: { databaseUrl: string | null; pgliteDir: string }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.pgliteDir };
}

const OID = { INT8: 20, DATE: 1082, NUMERIC: 1700 } as const;

/**
 * Both engines answer the same JS types: DATE stays 'YYYY-MM-DD' text (no time-zone shift),
 * INT8 (ids, counts) becomes a number (ids stay far below 2^53), NUMERIC stays exact text (money).
 */
const PARSERS: Record<number, (value: string) => unknown> = {
  [OID.INT8]: Number,
  [OID.DATE]: (value) => value,
  [OID.NUMERIC]: (value) => value,
};

/**
 * How the API's sessions plan their queries (issue 14, measured on the large seed): short OLTP
 * queries on SSD storage. JIT compiling added tens of ms to counts over a large portfolio; parallel
 * workers for one request starve the other 49 at 50 connections on 2 cores; the default
 * random_page_cost (4, spinning disks) made PostgreSQL scan 500,000 transactions instead of
 * reading 19,000 index entries (53 ms against 3.4 ms). The statements the API prepares (db/prepared:
 * the lists and the search) run with a generic plan: planned once per connection, not per request.
 */
const OLTP_SETTINGS = '-c jit=off -c max_parallel_workers_per_gather=0 -c random_page_cost=1.1 -c plan_cache_mode=force_generic_plan';

function openPostgres(target: Extract<DatabaseTarget, { kind: 'postgres' }>): Database {
  // Per pool rather than pg.types.setTypeParser: no global state shared with other pools.
  const types = {
    getTypeParser: (oid: number, format: string) => PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text'),
  };
  const knex = knexFactory({
    client: 'pg',
    connection: { connectionString: target.url, types, options: OLTP_SETTINGS },
    searchPath: target.searchPath,
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: 10_000,
  });
  return { knex, target, close: () => knex.destroy() };
}

async function openPglite(target: Exclude<DatabaseTarget, { kind: 'postgres' }>): Promise<Database> {
  // Loaded on demand: a PostgreSQL deployment never pays for the WASM engine.
  const [pgliteModule, { pg_trgm }, { default: ClientPgLite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('knex-pglite'),
  ]);
  const { PGlite } = pgliteModule;
  // The extensions the migrations create (pg_trgm: the search's trigram indexes, 20261126200000).
  const extensions = { pg_trgm };

  let release = () => {};
  let pglite: PGlite;
  if (target.kind === 'pglite') {
    fs.mkdirSync(target.dataDir, { recursive: true });
    release = acquireLock(target.dataDir);
    try {
      pglite = new PGlite({ dataDir: target.dataDir, parsers: PARSERS, extensions });
      await pglite.waitReady;
    } catch (err) {
      release();
      throw err;
    }
    // A process that exits without close() (crash, process.exit) still frees the directory.
    process.once('exit', release);
  } else {
    pglite = new PGlite({ parsers: PARSERS, loadDataDir: target.loadDataDir, extensions });
    await pglite.waitReady;
  }

  // The planner settings the PostgreSQL pool gets (JIT and parallel workers do not exist here),
  // with the generic plan for named statements (db/prepared.ts).
  await pglite.exec('set random_page_cost = 1.1; set plan_cache_mode = force_generic_plan');

  // One instance made here and handed to knex: letting knex create it would open the directory twice.
  const knex = knexFactory({ client: withNamedStatements(ClientPgLite, pgliteModule), dialect: 'postgres', connection: () => ({ pglite }) as object });
  return {
    knex,
    target,
    pglite,
    async close() {
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
      process.removeListener('exit', release);
      release();
    },
  };
}

/** Opens a knex instance on the target. Run `migrate()` before use. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target) : openPglite(target);
}
