#!/usr/bin/env node
// The practical limit bench/api.mjs compares the API against: a plain node:http server that runs
// one SQL statement through pg (a pool as large as the API's) and answers its rows as JSON, with
// nothing else — no framework, session, scope or serialisation rules. Started by bench/api.mjs:
//   BASELINE_SQL='select …' BASELINE_PARAMS='[1]' DATABASE_URL=… PORT=… node bench/baseline.mjs
import http from 'node:http';
import pg from 'pg';

// The API's session settings (services/api/src/db/index.ts), and the statement prepared once per
// connection with a generic plan, as the API runs its lists: the limit with the same technique.
const options = '-c jit=off -c max_parallel_workers_per_gather=0 -c random_page_cost=1.1 -c plan_cache_mode=force_generic_plan';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BASELINE_POOL ?? 10), options });
const sql = process.env.BASELINE_SQL;
const params = JSON.parse(process.env.BASELINE_PARAMS ?? '[]');

const server = http.createServer(async (req, res) => {
  try {
    const { rows } = await pool.query({ name: 'baseline', text: sql, values: params });
    const body = JSON.stringify(rows);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('baseline listening'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
