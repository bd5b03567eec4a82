#!/usr/bin/env node
// The practical limit bench/api.mjs weighs each list against: a plain node:http server that sends a
// list's own statements through pg (a pool as large as the API's) and answers their rows as JSON,
// with nothing else — no framework, session, scope or serialisation rules. GET /<list> runs that
// list's statements (bench/baseline-queries.json, as the API sends them; its values resolved for
// the bench's accounts by bench/api.mjs, which starts this server). BASELINE_WORKERS runs that many
// processes behind the port (node:cluster), as WEB_CONCURRENCY does for the API.
//   BASELINE_QUERIES='{"properties":[{"sql":"select …","params":[1,20]}]}' DATABASE_URL=… PORT=… node bench/baseline.mjs
import cluster from 'node:cluster';
import http from 'node:http';
import pg from 'pg';

const workers = Number(process.env.BASELINE_WORKERS ?? 1);

if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i += 1) cluster.fork();
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers) console.log('baseline listening');
  });
  process.on('SIGTERM', () => {
    cluster.on('exit', () => Object.keys(cluster.workers).length === 0 && process.exit(0));
    for (const worker of Object.values(cluster.workers)) worker.process.kill('SIGTERM');
  });
} else {
  serve();
}

function serve() {
  // The API's session settings (services/api/src/db/index.ts), and each statement prepared once per
  // connection with a generic plan, as the API runs its lists: the limit with the same technique.
  const options = '-c jit=off -c max_parallel_workers_per_gather=0 -c random_page_cost=1.1 -c plan_cache_mode=force_generic_plan';
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BASELINE_POOL ?? 10), options });
  /** @type {Map<string, { name: string, text: string, values: unknown[] }[]>} */
  const lists = new Map(
    Object.entries(JSON.parse(process.env.BASELINE_QUERIES ?? '{}')).map(([list, statements]) => [
      `/${list}`,
      statements.map(({ sql, params }, i) => ({ name: `baseline_${list}_${i}`, text: sql, values: params })),
    ]),
  );

  const server = http.createServer(async (req, res) => {
    const statements = lists.get(req.url);
    if (!statements) {
      res.writeHead(404);
      res.end();
      return;
    }
    try {
      const results = [];
      for (const statement of statements) results.push((await pool.query(statement)).rows);
      const body = JSON.stringify(results.length === 1 ? results[0] : results);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () => workers === 1 && console.log('baseline listening'));
  process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
}
