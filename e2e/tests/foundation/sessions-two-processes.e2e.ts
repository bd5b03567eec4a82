import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { DEMO, DEMO_PASSWORD } from '../../fixtures/accounts';

/**
 * Issue 15, sessions: two API processes (the built server, `node dist/services/api/main.js`) on one
 * PostgreSQL, as behind a load balancer. A login on one is valid on the other, a logout on one
 * ends the session on both (on the other within the notice's delay), each login gets a new session id, and the sign-in throttle holds on
 * the other process and after a restart. Needs PostgreSQL (TEST_DATABASE_URL, as in CI): PGlite
 * is one process by nature.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(__dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface ApiProcess {
  base: string;
  stop(): Promise<void>;
}

async function startApi(databaseUrl: string): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'dist/services/api/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, SESSION_SECRET: 'e2e-two-processes', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`API process not ready in 60 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The session cookies a response sets, as a Cookie header. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const sid = (cookie: string) => /arrendia\.sid=([^;]+)/.exec(cookie)?.[1];

const login = (base: string, email: string, password: string, cookie = '') =>
  fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify({ email, password }) });
const currentUser = (base: string, cookie: string) => fetch(`${base}/api/auth/user`, { headers: { Cookie: cookie } });

test.describe('sessions across two API processes on one PostgreSQL (issue 15)', () => {
  test.skip(!adminUrl, 'needs PostgreSQL (TEST_DATABASE_URL), as in CI');
  test.setTimeout(180_000);

  let database: string;
  let databaseUrl: string;
  let a: ApiProcess;
  let b: ApiProcess;

  test.beforeAll(async () => {
    database = `arrendia_e2e_sessions_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    // The first one migrates and seeds the demo accounts; the second finds it done.
    a = await startApi(databaseUrl);
    b = await startApi(databaseUrl);
  });

  test.afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  test('a login on one process is valid on the other; a logout on either ends it on both; each login rotates the id', async () => {
    const first = await login(a.base, DEMO.owner, DEMO_PASSWORD);
    expect(first.status).toBe(200);
    const cookie = cookiesOf(first);
    expect(sid(cookie)).toBeTruthy();

    const onB = await currentUser(b.base, cookie);
    expect(onB.status).toBe(200);
    expect((await onB.json()).email).toBe(DEMO.owner);

    // Signing in again, on the other process and carrying the old cookie: a new session id.
    const again = await login(b.base, DEMO.owner, DEMO_PASSWORD, cookie);
    expect(again.status).toBe(200);
    const rotated = cookiesOf(again);
    expect(sid(rotated)).toBeTruthy();
    expect(sid(rotated)).not.toBe(sid(cookie));
    expect((await currentUser(a.base, rotated)).status).toBe(200);

    // Logged out through B: the session is gone for B at once and for A as soon as PostgreSQL's
    // notice reaches A's session cache (milliseconds; A answered from memory a moment ago).
    const out = await fetch(`${b.base}/api/auth/logout`, { method: 'POST', headers: { Cookie: rotated } });
    expect(out.status).toBeLessThan(300);
    expect((await currentUser(b.base, rotated)).status).toBe(401);
    await expect.poll(async () => (await currentUser(a.base, rotated)).status, { timeout: 2000, intervals: [10, 20, 50] }).toBe(401);
  });

  test('the sign-in throttle counts on both processes and survives a restart', async () => {
    for (let i = 0; i < 10; i++) {
      const wrong = await login(i % 2 ? a.base : b.base, DEMO.tenant, `mala-${i}`);
      expect(wrong.status).toBe(401);
    }
    const blocked = await login(a.base, DEMO.tenant, DEMO_PASSWORD);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toBe('rate_limited');

    await b.stop();
    b = await startApi(databaseUrl);
    expect((await login(b.base, DEMO.tenant, DEMO_PASSWORD)).status).toBe(429);
  });
});
