#!/usr/bin/env node
// API throughput and latency at portfolio scale (issue 14). In one run it:
//   1. builds the API bundle if it changed and seeds the large portfolio (`seed:large`, a no-op
//      when the database already holds the same seed);
//   2. starts the API (production mode, demo data off) and a baseline: plain node:http + pg sending
//      each list's own statements (bench/baseline.mjs, bench/baseline-queries.json), the practical
//      limit of this machine for that list;
//   3. loads each hot endpoint with autocannon at 50 connections, in --rounds short runs each
//      right after a run of its baseline (the machine's speed drifts), and prints the medians of
//      req/s, p50/p99, CPU per request on each side (bench/support/cpu.mjs: Node + PostgreSQL, from
//      /proc) and the ratio to those baseline runs; the dashboard figures are timed one
//      request at a time (their target is a median of 5 ms, a latency, not a throughput);
//   4. writes the table to bench/results/api-<engine>-<date>.json and exits 1 when a target is missed.
//
//   node bench/api.mjs                      # PostgreSQL at BENCH_DATABASE_URL (default: local arrendia_bench)
//   node bench/api.mjs --pglite             # embedded PGlite in tmp/bench-pglite: properties list only
//   node bench/api.mjs --duration 10 --scale 0.1 --only properties,contracts
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { backendPids, cpuOf, cpuReadable, processTree, spentBetween } from './support/cpu.mjs';
import { root, waitFor } from './support/server.mjs';
import serverArgs from '../scripts/serverArgs.cjs';

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    scale: { type: 'string', default: '1' },
    only: { type: 'string' },
    workers: { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const ROUNDS = Math.max(1, Number(args.rounds));
const CONNECTIONS = Number(args.connections);
const SCALE = Number(args.scale);
// Processes serving requests, the API's (WEB_CONCURRENCY) and the baseline's alike: one per core on
// PostgreSQL, as a server is run; PGlite lives inside one process.
const WORKERS = args.pglite ? 1 : Number(args.workers ?? os.availableParallelism());
const PASSWORD = 'bench-arrendia-2026';
const DOMAIN = 'bench.arrendia.es';

/** Targets of issue 14. */
const TARGETS = {
  listRatio: 0.75, // req/s of each list endpoint against the baseline's
  listP99Ms: 25,
  metricsMedianMs: 5,
  pgliteListRps: 800,
  seedSeconds: 180,
};

const engine = args.pglite ? 'pglite' : 'postgres';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/arrendia_bench';
const pgliteDir = path.join(root, 'tmp/bench-pglite');
const dbEnv = args.pglite ? { PGLITE_DIR: pgliteDir, DATABASE_URL: '' } : { DATABASE_URL: databaseUrl };

/**
 * The private lists the bench loads, each with its account, address and the statements the API
 * sends for it (services/api/src/queries/benchBaseline.test.ts keeps them true).
 */
const BASELINE_FILE = JSON.parse(fs.readFileSync(path.join(root, 'bench/baseline-queries.json'), 'utf8'));

/** The accounts the bench signs in as. */
const ACCOUNT_EMAILS = {
  manager: `gerente1@${DOMAIN}`,
  agent: `agente1@${DOMAIN}`,
  owner: `propietario1@${DOMAIN}`,
  admin: `admin@${DOMAIN}`,
};

const children = [];
process.on('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM')));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

function log(line) {
  process.stdout.write(`${line}\n`);
}

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function ensureDatabase() {
  if (args.pglite) return;
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  await client.end();
}

/**
 * bench/baseline-queries.json with its {"$": "userId" | "agencyId"} values read for the account
 * each list signs in as: { list: [{ sql, params }] } for bench/baseline.mjs.
 */
async function baselineQueries() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const out = {};
    for (const [list, { account, statements }] of Object.entries(BASELINE_FILE)) {
      const email = ACCOUNT_EMAILS[account];
      const { rows } = await client.query('select id as "userId", "agencyId" from users where email = $1', [email]);
      if (!rows.length) throw new Error(`bench/baseline-queries.json: no user ${email} in the database`);
      out[list] = statements.map(({ sql, params }) => ({ sql, params: params.map((p) => (p && typeof p === 'object' ? rows[0][p.$] : p)) }));
    }
    return out;
  } finally {
    await client.end();
  }
}

function build() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  const res = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error('api:build failed');
}

function seed() {
  const started = Date.now();
  const res = spawnSync(process.execPath, [path.join(root, 'dist/services/api/seed-large.js'), '--scale', String(SCALE)], {
    cwd: root,
    env: { ...process.env, ...dbEnv, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  process.stdout.write(res.stdout);
  if (res.status !== 0) {
    process.stderr.write(res.stderr);
    throw new Error('seed:large failed (a database with other data needs `npm run seed:large -- --replace` first)');
  }
  const seeded = /Hecho en ([\d.]+) s/.exec(res.stdout);
  return { seeded: Boolean(seeded), seconds: seeded ? Number(seeded[1]) : (Date.now() - started) / 1000 };
}

function start(script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

/**
 * Waits until the server answers /api/health quickly five times in a row: its start-up daily jobs
 * (rent charges, notices) are done. On PGlite they share the one thread with the requests.
 */
async function waitUntilIdle(base) {
  for (let quick = 0, tries = 0; quick < 5 && tries < 600; tries += 1) {
    const t = Date.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    quick = Date.now() - t < 20 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The median req/s, p50, p99 and CPU per request of several runs, and their total requests. */
function medianOf(runs) {
  const median = (values) => {
    if (values.some((v) => v == null)) return null;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    nodeCpuUs: median(runs.map((r) => r.nodeCpuUs)),
    pgCpuUs: median(runs.map((r) => r.pgCpuUs)),
    requests: runs.reduce((n, r) => n + r.requests, 0),
  };
}

/** The bench's own connection, to find the PostgreSQL backends serving a run (null on PGlite). */
let monitor = null;
const databaseName = args.pglite ? null : new URL(databaseUrl).pathname.slice(1);

/**
 * The CPU of `server`'s processes (a cluster's primary and workers) and, on PostgreSQL, of the
 * backends connected to the bench's database, read now (bench/support/cpu.mjs).
 */
async function cpuReading(server) {
  if (!cpuReadable || !server) return null;
  return {
    node: cpuOf(processTree(server.pid)),
    pg: monitor ? cpuOf(await backendPids(monitor, databaseName)) : null,
  };
}

/** µs of CPU per request on each side between two readings; null where it could not be read. */
function cpuPerRequest(before, after, requests) {
  if (!before || !after || !requests) return { nodeCpuUs: null, pgCpuUs: null };
  const per = (b, a) => (b && a && a.size ? spentBetween(b, a) / requests : null);
  return { nodeCpuUs: per(before.node, after.node), pgCpuUs: per(before.pg, after.pg) };
}

async function signIn(base, email) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** One load run of `url` served by the process `server` (for its CPU per request). */
async function load(url, headers = {}, { duration = DURATION, warmUp = true, server = null } = {}) {
  const opts = { url, connections: CONNECTIONS, headers: { 'accept-encoding': 'gzip', ...headers } };
  if (warmUp) await autocannon({ ...opts, duration: 1 }); // warm-up: pools, plans, JIT of V8
  const before = await cpuReading(server);
  const r = await autocannon({ ...opts, duration });
  const after = await cpuReading(server);
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad) throw new Error(`${url}: ${bad} answers were not 2xx (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, ...cpuPerRequest(before, after, r.requests.total) };
}

/** Median and p99 of one request at a time, measured by the client, after a warm-up. */
async function sequential(url, headers, count = 300) {
  const at = typeof url === 'function' ? url : () => url;
  for (let i = 0; i < 30; i += 1) await (await fetch(at(count + i), { headers })).arrayBuffer(); // warm-up
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const t = process.hrtime.bigint();
    const res = await fetch(at(i), { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${at(i)}: ${res.status}`);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count / 2)], p99: times[Math.floor(count * 0.99)], requests: count };
}

const fmt = (n, digits = 1) => (n === undefined || n === null ? '' : Number(n).toFixed(digits));

async function main() {
  log(`bench/api.mjs · ${engine} · ${CONNECTIONS} connections · ${WORKERS} process(es) · ${DURATION} s per endpoint · scale ${SCALE}`);
  build();
  await ensureDatabase();
  const seeding = seed();
  if (seeding.seeded) log(`seed:large ${seeding.seconds.toFixed(1)} s`);

  const apiPort = await freePort();
  const api = start(path.join(root, 'dist/services/api/main.js'), {
    ...dbEnv,
    PORT: String(apiPort),
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-session-secret-not-for-production',
    COOKIE_SECURE: '0',
    DEMO_MODE: '0',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: String(WORKERS),
  }, serverArgs.serverNodeArgs()); // as `npm start` runs it
  const base = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${base}/api/health`, api, { timeoutMs: 120_000, intervalMs: 250 });
  await waitUntilIdle(base);

  const cookies = {};
  for (const [who, email] of Object.entries(ACCOUNT_EMAILS)) cookies[who] = await signIn(base, email);
  const as = (who) => ({ cookie: cookies[who] });

  const rows = [];
  let baselineUrl = null;
  let baseline = null;
  const wanted = (name) => !args.only || args.only.split(',').includes(name);

  if (!args.pglite) {
    // Each list's own statements, as the API sends them (bench/baseline-queries.json, kept true by
    // services/api/src/queries/benchBaseline.test.ts), with the values of this seed's accounts.
    const baselinePort = await freePort();
    baseline = start(path.join(root, 'bench/baseline.mjs'), {
      DATABASE_URL: databaseUrl,
      PORT: String(baselinePort),
      BASELINE_QUERIES: JSON.stringify(await baselineQueries()),
      BASELINE_WORKERS: String(WORKERS),
    });
    await waitFor(`http://127.0.0.1:${baselinePort}/properties`, baseline, { timeoutMs: 30_000, intervalMs: 250 });
    baselineUrl = `http://127.0.0.1:${baselinePort}/`;
    monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
  }

  // The private lists (each with its baseline) and the public catalogue with every filter.
  const lists = [
    ...Object.entries(BASELINE_FILE).map(([name, { url, account }]) => [name, url, account]),
    ['listings', `/api/public/listings?q=${encodeURIComponent('Calle')}&type=Apartamento&district=${encodeURIComponent('Chamberí')}&price=1000-2000`, null],
  ];
  // This machine's speed drifts by a quarter from one minute to the next (a shared VM): each list
  // is measured in ROUNDS short runs, each right after a run of the baseline, and compared with
  // the baseline runs beside it. Every figure is the median of its runs.
  const segment = Math.max(2, Math.round(DURATION / 2));
  for (const [name, url, who] of lists) {
    if (args.pglite && name !== 'properties') continue;
    if (!wanted(name)) continue;
    const kind = name === 'listings' ? 'listings' : 'list';
    const runs = [];
    const beside = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (baselineUrl && kind === 'list') beside.push(await load(`${baselineUrl}${name}`, {}, { duration: segment, warmUp: round === 0, server: baseline }));
      runs.push(await load(`${base}${url}`, who ? as(who) : {}, { duration: segment, warmUp: round === 0, server: api }));
    }
    const row = { name: `${name} ${url.split('?')[0]}${who ? ` (${who})` : ''}`, kind, ...medianOf(runs), rounds: runs };
    if (beside.length) {
      const limit = medianOf(beside);
      row.baselineRps = limit.rps;
      row.baselineP99 = limit.p99;
      row.baselineNodeCpuUs = limit.nodeCpuUs;
      row.baselinePgCpuUs = limit.pgCpuUs;
      row.baselineRounds = beside;
    }
    rows.push(row);
  }
  if (!args.pglite && wanted('listings')) {
    // Every combination of the catalogue's filters, first pages: each request a search the cache
    // has not seen yet (for reference: what a visitor's first, uncommon search costs).
    const searches = [];
    for (const type of ['Apartamento', 'Habitación', 'Estudio']) {
      for (const district of ['Chamberí', 'Malasaña', 'Centro', 'La Latina', 'Salamanca']) {
        for (const price of ['hasta-500', '500-1000', '1000-2000', 'mas-2000']) {
          for (const page of [1, 2, 3]) searches.push(`type=${type}&district=${district}&price=${price}&q=calle&page=${page}`);
        }
      }
    }
    const cold = await sequential((i) => `${base}/api/public/listings?${encodeURI(searches[i % searches.length])}`, {}, searches.length - 30);
    rows.push({ name: 'listings, not cached (1 at a time)', kind: 'info', ...cold });
  }
  if (!args.pglite && wanted('metrics')) {
    // The target names the agency manager and the owner; the super admin (all 500,000
    // transactions in scope) is shown for reference.
    for (const who of ['manager', 'owner', 'admin']) {
      const r = await sequential(`${base}/api/dashboard/metrics`, as(who));
      rows.push({ name: `dashboard/metrics (${who}, 1 at a time)`, kind: who === 'admin' ? 'info' : 'metrics', ...r });
    }
  }
  // The API and the baseline stop now: a child left running would keep this process alive.
  for (const child of children) child.kill('SIGTERM');
  await monitor?.end();

  // Verdicts
  for (const row of rows) {
    const misses = [];
    if (row.kind === 'list' && row.baselineRps) {
      row.ratio = row.rps / row.baselineRps;
      if (row.ratio < TARGETS.listRatio) misses.push(`${fmt(row.ratio, 2)}× baseline < ${TARGETS.listRatio}×`);
    }
    if ((row.kind === 'list' || row.kind === 'listings') && !args.pglite && row.p99 > TARGETS.listP99Ms) misses.push(`p99 ${row.p99} ms > ${TARGETS.listP99Ms} ms`);
    if (row.kind === 'metrics' && row.p50 > TARGETS.metricsMedianMs) misses.push(`median ${fmt(row.p50, 2)} ms > ${TARGETS.metricsMedianMs} ms`);
    if (args.pglite && row.kind === 'list' && row.rps < TARGETS.pgliteListRps) misses.push(`${fmt(row.rps, 0)} req/s < ${TARGETS.pgliteListRps}`);
    row.ok = misses.length === 0;
    row.misses = misses;
  }
  if (seeding.seeded && !args.pglite && seeding.seconds > TARGETS.seedSeconds) {
    rows.push({ name: 'seed:large', kind: 'seed', ok: false, misses: [`${seeding.seconds} s > ${TARGETS.seedSeconds} s`] });
  }

  // CPU per request as "node + PostgreSQL" µs (node only on PGlite, where the database is inside).
  const cpu = (nodeUs, pgUs) => (nodeUs == null ? '' : pgUs == null ? fmt(nodeUs, 0) : `${fmt(nodeUs, 0)} + ${fmt(pgUs, 0)}`);
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'baseline req/s', 'baseline p99', 'baseline CPU µs/req', 'vs baseline', 'target'];
  const table = rows.map((r) => [
    r.name,
    fmt(r.rps, 0),
    fmt(r.p50, 2),
    fmt(r.p99, 2),
    cpu(r.nodeCpuUs, r.pgCpuUs),
    r.baselineRps ? fmt(r.baselineRps, 0) : '',
    r.baselineP99 ? fmt(r.baselineP99, 0) : '',
    cpu(r.baselineNodeCpuUs, r.baselinePgCpuUs),
    r.ratio ? `${fmt(r.ratio, 2)}×` : '',
    r.kind === 'info' ? '(no target)' : r.ok ? 'ok' : `MISSED: ${r.misses.join('; ')}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  log('');
  log(line(header));
  log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  table.forEach((t) => log(line(t)));

  const result = {
    date: new Date().toISOString(),
    engine,
    connections: CONNECTIONS,
    workers: WORKERS,
    durationSeconds: DURATION,
    rounds: ROUNDS,
    scale: SCALE,
    seedSeconds: seeding.seeded ? seeding.seconds : null,
    targets: TARGETS,
    rows,
  };
  const out = path.join(root, 'bench/results', `api-${engine}-${result.date.slice(0, 19).replace(/:/g, '')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`\n${path.relative(root, out)}`);
  const missed = rows.filter((r) => !r.ok);
  if (missed.length) {
    log(`${missed.length} target(s) missed.`);
    process.exit(1);
  }
  log('Every target met.');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
