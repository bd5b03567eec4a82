import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../../fixtures/accounts';
import { childProcesses, isAlive, scratchDatabase, startApi, type ApiProcess, type ScratchDatabase } from '../../support/apiProcess';

/**
 * Issue 14, WEB_CONCURRENCY: the built server as a primary and two worker processes behind one
 * port (node:cluster), the way a server with more than one core runs it. Needs PostgreSQL
 * (TEST_DATABASE_URL, as in CI): PGlite lives inside one process, and the server refuses a cluster
 * on it (env.test.ts).
 */
const adminUrl = process.env.TEST_DATABASE_URL;

/** GET `path` on a connection of its own: the primary hands each new connection to the next worker. */
const fresh = (base: string, path: string, cookie: string) => fetch(`${base}${path}`, { headers: { Cookie: cookie, Connection: 'close' } });

test.describe('worker processes behind one port (WEB_CONCURRENCY=2)', () => {
  test.skip(!adminUrl, 'needs PostgreSQL (TEST_DATABASE_URL), as in CI');
  test.setTimeout(120_000);

  let database: ScratchDatabase;
  let api: ApiProcess;

  test.beforeAll(async () => {
    database = await scratchDatabase(adminUrl!, 'arrendia_e2e_cluster');
    api = await startApi(database.url, { WEB_CONCURRENCY: '2' });
  });

  test.afterAll(async () => {
    await api?.stop();
    await database?.drop();
  });

  test('two workers serve one session; a worker that dies is replaced; SIGTERM, even twice, stops them all', async () => {
    const workers = childProcesses(api.pid);
    expect(workers).toHaveLength(2);

    const signedIn = await fetch(`${api.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO.owner, password: DEMO_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (let i = 0; i < 6; i += 1) {
      const me = await fresh(api.base, '/api/auth/user', cookie);
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe(DEMO.owner);
    }

    // Each worker reuses a list's total for LIST_TOTAL_CACHE_SECONDS (10 s); a property created
    // through one of them is counted at once by both, the other told by PostgreSQL's notice.
    const totals = async () => {
      const seen = new Set<string | null>();
      for (let i = 0; i < 4; i += 1) seen.add((await fresh(api.base, '/api/properties', cookie)).headers.get('X-Total-Count'));
      return [...seen];
    };
    const before = await totals();
    expect(before).toHaveLength(1);
    const created = await fetch(`${api.base}/api/properties`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Connection: 'close' },
      body: JSON.stringify({ propertyName: 'Piso de prueba del clúster', addressStreet: 'Calle de Alcalá', addressNumber: '10', city: 'Madrid', province: 'Madrid', postalCode: '28014' }),
    });
    expect(created.status).toBe(201);
    await expect.poll(totals, { timeout: 2_000 }).toEqual([String(Number(before[0]) + 1)]);

    // A worker killed outright: once the primary has seen it go, the other answers every new
    // connection, and a new worker takes the dead one's place.
    process.kill(workers[0]!, 'SIGKILL');
    await expect.poll(() => childProcesses(api.pid), { timeout: 5_000 }).not.toContain(workers[0]);
    for (let i = 0; i < 4; i += 1) expect((await fresh(api.base, '/api/properties', cookie)).status).toBe(200);
    await expect.poll(() => childProcesses(api.pid).filter((pid) => pid !== workers[0]).length, { timeout: 15_000 }).toBe(2);
    const replaced = childProcesses(api.pid);
    expect(replaced).toContain(workers[1]);
    for (let i = 0; i < 4; i += 1) expect((await fresh(api.base, '/api/auth/user', cookie)).status).toBe(200);

    // SIGTERM twice, as an impatient operator or a supervisor may send it, the second while the
    // workers are still closing (a live events stream holds one open for up to 5 s): it changes
    // nothing, and the primary still waits for its workers and exits with 0.
    const stream = await fresh(api.base, '/api/events', cookie);
    expect(stream.status).toBe(200);
    process.kill(api.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await api.stop()).toBe(0);
    for (const pid of replaced) expect(isAlive(pid)).toBe(false);
    expect(api.stderr()).not.toMatch(/EPIPE|Unhandled 'error' event/);
  });
});
