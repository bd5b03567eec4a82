import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../../fixtures/accounts';
import { scratchDatabase, startApi, type ApiProcess, type ScratchDatabase } from '../../support/apiProcess';

/**
 * Issue 15, sessions: two API processes (the built server, `node dist/services/api/main.js`) on one
 * PostgreSQL, as behind a load balancer. A login on one is valid on the other, a logout on one
 * ends the session on both (on the other within the notice's delay), each login gets a new session id, and the sign-in throttle holds on
 * the other process and after a restart. Needs PostgreSQL (TEST_DATABASE_URL, as in CI): PGlite
 * is one process by nature.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

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

  let database: ScratchDatabase;
  let a: ApiProcess;
  let b: ApiProcess;

  test.beforeAll(async () => {
    database = await scratchDatabase(adminUrl!, 'arrendia_e2e_sessions');
    // The first one migrates and seeds the demo accounts; the second finds it done.
    a = await startApi(database.url);
    b = await startApi(database.url);
  });

  test.afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
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
    b = await startApi(database.url);
    expect((await login(b.base, DEMO.tenant, DEMO_PASSWORD)).status).toBe(429);
  });
});
