/**
 * The plumbing of the write-endpoint fuzz test (fuzz.test.ts): a real HTTP listener with a
 * cookie-keeping client that sends exactly the bytes it is given (supertest would re-encode bodies
 * and paths), and a one-round-trip checksum of every table and of the stored files, to prove that
 * a refused request wrote nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Knex } from 'knex';
import type { App } from '../app';
import { FACTORY_PASSWORD } from '../test/factories';

/** The app behind a listening socket on 127.0.0.1 (one per app; a fresh app resets in-memory throttles). */
export class Target {
  private constructor(
    private readonly server: http.Server,
    readonly port: number,
    readonly agent: http.Agent,
  ) {}

  static async listen(app: App): Promise<Target> {
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new Target(server, (server.address() as AddressInfo).port, new http.Agent({ keepAlive: true, maxSockets: 1 }));
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface Answer {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

export interface Outgoing {
  method: string;
  /** Sent as is: the caller percent-encodes what must be. */
  path: string;
  contentType?: string | null;
  contentEncoding?: string;
  body?: Buffer;
}

/** A browser-like client: keeps the cookies the server sets, sends no Origin (a same-site script would). */
export class Client {
  private readonly cookies = new Map<string, string>();

  constructor(public target: Target) {}

  get signedIn(): boolean {
    return this.cookies.has('arrendia.sid');
  }

  send(req: Outgoing): Promise<Answer> {
    const headers: http.OutgoingHttpHeaders = { Accept: 'application/json', 'User-Agent': 'arrendia-fuzz/1.0' };
    if (req.contentType) headers['Content-Type'] = req.contentType;
    if (req.contentEncoding) headers['Content-Encoding'] = req.contentEncoding;
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (req.body) headers['Content-Length'] = req.body.length;
    return new Promise<Answer>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: this.target.port, method: req.method, path: req.path, headers, agent: this.target.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          this.keepCookies(res.headers['set-cookie']);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers });
        });
        res.on('error', reject);
      });
      request.on('error', reject);
      request.end(req.body);
    });
  }

  private keepCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async json(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.send({ method, path, contentType: body === undefined ? null : 'application/json', body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)) });
  }
}

/**
 * Failed sign-ins of this client address, cleared before the harness signs in: the fuzzed login
 * route fails on purpose, and the address throttle (30 in 15 minutes) would otherwise refuse every
 * later sign-in the harness needs. Only `login_attempts`, a table the checksum leaves out.
 */
export async function clearFailedLogins(knex: Knex): Promise<void> {
  await knex('login_attempts').where({ succeeded: false }).delete();
}

/**
 * The requests the registration and reset-link throttles counted (throttle_hits): a fixture that
 * makes a reset link through the admin's route for every payload would otherwise run into
 * RESETS_PER_ADDRESS and stop the fuzz.
 */
export async function clearThrottles(knex: Knex): Promise<void> {
  await knex('throttle_hits').delete();
}

/** A fresh client of `target` signed in as `email` (factory password unless told). */
export async function signIn(knex: Knex, target: Target, email: string, password = FACTORY_PASSWORD): Promise<Client> {
  await clearFailedLogins(knex);
  const client = new Client(target);
  const res = await client.json('POST', '/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`El arnés no pudo iniciar sesión como ${email}: ${res.status} ${res.text}`);
  return client;
}

// ---------------------------------------------------------------------------------------------
// The "nothing was written" check

/**
 * Tables a request may change without writing anything the user asked for; each is left out of
 * the checksum, and only these:
 * - sessions: koa-session's store. Every authenticated request may refresh its row (the activity
 *   time, at most once a minute) and a 401 deletes it; a sign-in creates one. Bookkeeping of the
 *   request, not the request's write.
 * - login_attempts: every failed sign-in is recorded on purpose (the login throttle and the admin's
 *   failed-login alert, issue 15); a 401 from /api/auth/login must write it.
 */
export const EXCLUDED_TABLES = ['sessions', 'login_attempts'] as const;

export type Snapshot = Map<string, string>;

export interface Checksums {
  /** The count and content hash of every table but the excluded ones. */
  take(): Promise<Snapshot>;
  close(): Promise<void>;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (name: string) => `'${name.replace(/'/g, "''")}'`;

/**
 * Prepares the checksum of every base table of the current schema (but the excluded ones) as one
 * statement: per table, its row count and an order-free 64-bit hash sum of the identity of every
 * row version (xmin, the transaction that wrote it, and ctid, where it lies). Any committed
 * insert, update or delete changes it, even one that writes the same values again; a rolled-back
 * write or a row lock (SELECT … FOR UPDATE) does not. Hashing the rows' text instead cost 13 ms a
 * payload on PostgreSQL once audit_log had grown, more than the requests themselves.
 * Prepared once (planning 30-odd subqueries cost more than running them) on a connection of its
 * own on PostgreSQL; PGlite has one session, shared with the app, which is idle between requests.
 */
export async function prepareChecksums(knex: Knex): Promise<Checksums> {
  const rows: { table_name: string }[] = (
    await knex.raw(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`)
  ).rows;
  const tables = rows.map((r) => r.table_name).filter((name) => !(EXCLUDED_TABLES as readonly string[]).includes(name));
  if (tables.length < 20) throw new Error(`Solo se han encontrado ${tables.length} tablas en el esquema actual`);
  const perTable = tables.map((name) => `${quoteLiteral(name)}, (select count(*)::text || ':' || coalesce(sum(hashtextextended(x.xmin::text || x.ctid::text, 0)::numeric), 0)::text from ${quoteIdent(name)} as x)`);
  const statement = 'arrendia_fuzz_checksums';
  const onPostgres = (knex.client as { config: { client: unknown } }).config.client === 'pg';
  const connection: unknown = onPostgres ? await knex.client.acquireConnection() : undefined;
  const run = (sql: string) => (connection ? knex.raw(sql).connection(connection) : knex.raw(sql));
  await run(`prepare ${statement} as select json_build_object(${perTable.join(', ')}) as sums`);
  return {
    async take() {
      const result: { rows: { sums: Record<string, string> | string }[] } = await run(`execute ${statement}`);
      const sums = result.rows[0].sums;
      return new Map(Object.entries(typeof sums === 'string' ? (JSON.parse(sums) as Record<string, string>) : sums));
    },
    async close() {
      await run(`deallocate ${statement}`);
      if (connection) await knex.client.releaseConnection(connection);
    },
  };
}

/** Every file under `dir` with its size, as one comparable text (documents, photos, reports). */
export function filesSnapshot(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .flatMap((e) => {
      const full = path.join(e.parentPath, e.name);
      // A file removed between the listing and now is not there.
      const stat = fs.statSync(full, { throwIfNoEntry: false });
      return stat ? [`${path.relative(dir, full)}:${stat.size}`] : [];
    })
    .sort()
    .join('\n');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Files listed in `after` that `before` did not have. */
export function newFiles(before: string, after: string): string[] {
  const known = new Set(before.split('\n'));
  return after.split('\n').filter((line) => line && !known.has(line));
}

/**
 * The files a refused request left behind under `dir`, once its cleanup has run: the product
 * removes the file of a failed upload when the transaction rolls back, which may be a moment after
 * the answer was sent, so a new file is given ~0.5 s to go. (Files that disappear are not counted:
 * a replaced photo is removed after its own successful request commits, as late as that.)
 */
export async function leftoverFiles(dir: string, before: string): Promise<string[]> {
  let extra = newFiles(before, filesSnapshot(dir));
  for (let i = 0; i < 25 && extra.length; i++) {
    await pause(20);
    extra = newFiles(before, filesSnapshot(dir));
  }
  return extra;
}

/** The tables whose checksum changed, as 'table (rows:hash → rows:hash)'. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).map((n) => `${n} (${before.get(n)} → ${after.get(n)})`);
}
