import http from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { createApp, type App } from '../app';
import { openDatabase, type Database } from '../db';
import { buildUser, FACTORY_PASSWORD } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, assertLoginAllowed, LOGIN_WINDOW_MINUTES } from './loginThrottle';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (client: ReturnType<typeof supertest>, email: string, password: string) => client.post('/api/auth/login').send({ email, password });
const failures = (email: string, ipAddress: string, count: number, minutesAgo = 0) =>
  t.knex('login_attempts').insert(
    Array.from({ length: count }, () => ({ email, ipAddress, userAgent: 'test', succeeded: false, attemptedAt: new Date(Date.now() - minutesAgo * 60_000) })),
  );

describe('sign-in throttle on the recorded attempts', () => {
  it(`per account: after ${ACCOUNT_LIMIT} wrong passwords even the right one gets 429, also from a restarted API`, async () => {
    const user = await buildUser(t.knex);
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await login(t.request(), user.email, `mala-${i}`).expect(401);
    const refused = await login(t.request(), user.email, FACTORY_PASSWORD).expect(429);
    expect(refused.body.error).toBe('rate_limited');
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(LOGIN_WINDOW_MINUTES * 60 - 60);
    expect(retry).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);
    // A new process on the same database (a restart, or a second instance) knows it too.
    const restarted = supertest(createApp({ knex: t.knex, config: t.config }).callback());
    await login(restarted, user.email, FACTORY_PASSWORD).expect(429);
  });

  it('per account: a successful sign-in starts the count again; failures older than the window do not count', async () => {
    const user = await buildUser(t.knex);
    await failures(user.email, '10.0.0.1', ACCOUNT_LIMIT, LOGIN_WINDOW_MINUTES + 1);
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) await login(t.request(), user.email, `mala-${i}`).expect(401);
    await login(t.request(), user.email, FACTORY_PASSWORD).expect(200);
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) await login(t.request(), user.email, `otra-${i}`).expect(401);
    await login(t.request(), user.email, FACTORY_PASSWORD).expect(200);
  });

  it(`per address: ${ADDRESS_LIMIT} failures over many accounts stop that address only`, async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i++) await failures(`nadie-${i}@ejemplo.es`, '203.0.113.7', 1);
    await expect(assertLoginAllowed(t.knex, 'otra@ejemplo.es', '203.0.113.7')).rejects.toMatchObject({ status: 429, error: 'rate_limited' });
    await expect(assertLoginAllowed(t.knex, 'otra@ejemplo.es', '203.0.113.8')).resolves.toBeUndefined();
  });
});

/** An app on a port of its own: a burst needs one server taking many sockets at once. */
async function listen(app: App): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
}

/** How many answers had each status. */
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
const recordedFailures = async (emails: string[]) =>
  Number((await t.knex('login_attempts').whereIn('email', emails).where({ succeeded: false }).count({ n: '*' }).first())?.n);

describe('a burst of sign-ins sent at once to two API processes (issue 30)', () => {
  // On PostgreSQL the second process has a pool of its own, which is what makes the race; PGlite
  // belongs to one process, so there both apps share its one connection (the burst still runs).
  let other: Database | null = null;
  let servers: Awaited<ReturnType<typeof listen>>[] = [];
  beforeAll(async () => {
    other = process.env.TEST_DATABASE_URL ? await openDatabase(t.db.target) : null;
    servers = [await listen(t.app), await listen(createApp({ knex: other?.knex ?? t.knex, config: t.config }))];
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await other?.close();
  });
  beforeEach(() => t.knex('login_attempts').delete());

  /** Sends every sign-in at once, alternating between the two processes; their statuses. */
  const burst = (attempts: { email: string; password: string }[]) =>
    Promise.all(
      attempts.map(async (body, i) => {
        const res = await fetch(`${servers[i % 2]!.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        await res.arrayBuffer();
        return res.status;
      }),
    );

  it(`records ${ACCOUNT_LIMIT} of 150 wrong passwords for one account and refuses the rest with 429, then the right one too`, async () => {
    const user = await buildUser(t.knex);
    const statuses = await burst(Array.from({ length: 150 }, (_, i) => ({ email: user.email, password: `mala-${i}` })));
    expect(await recordedFailures([user.email])).toBe(ACCOUNT_LIMIT);
    expect(tally(statuses)).toEqual({ 401: ACCOUNT_LIMIT, 429: 150 - ACCOUNT_LIMIT });
    await login(t.request(), user.email, FACTORY_PASSWORD).expect(429);
    expect(await recordedFailures([user.email])).toBe(ACCOUNT_LIMIT);
  }, 60_000);

  it(`records ${ADDRESS_LIMIT} of 60 wrong passwords from one address over several accounts and refuses the rest with 429`, async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `rafaga-${i}@ejemplo.es`);
    const statuses = await burst(Array.from({ length: 60 }, (_, i) => ({ email: emails[i % emails.length]!, password: `mala-${i}` })));
    expect(await recordedFailures(emails)).toBe(ADDRESS_LIMIT);
    expect(tally(statuses)).toEqual({ 401: ADDRESS_LIMIT, 429: 60 - ADDRESS_LIMIT });
  }, 60_000);
});

describe('the address the limit counts (TRUST_PROXY, issue 30)', () => {
  beforeEach(() => t.knex('login_attempts').delete());

  /** ADDRESS_LIMIT wrong passwords, each for another account and claiming another X-Forwarded-For, then one more. */
  async function rotatingForwardedFor(client: ReturnType<typeof supertest>, forwardedFor: (i: number) => string) {
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      await client.post('/api/auth/login').set('X-Forwarded-For', forwardedFor(i)).send({ email: `rota-${i}@ejemplo.es`, password: 'mala' }).expect(401);
    }
    return client.post('/api/auth/login').set('X-Forwarded-For', forwardedFor(ADDRESS_LIMIT)).send({ email: 'rota-final@ejemplo.es', password: 'mala' });
  }

  it('by default, in production too, a rotated X-Forwarded-For is ignored: the socket address is refused', async () => {
    const production = supertest(createApp({ knex: t.knex, config: { ...t.config, nodeEnv: 'production', production: true } }).callback());
    expect((await rotatingForwardedFor(production, (i) => `198.51.100.${i}`)).status).toBe(429);
    expect(await t.knex('login_attempts').distinct().pluck('ipAddress')).toEqual(['127.0.0.1']);
  });

  it('behind trusted proxies, counts the rightmost untrusted address, never the spoofed entries left of it', async () => {
    const behindProxy = supertest(createApp({ knex: t.knex, config: { ...t.config, trustProxy: { networks: ['127.0.0.1', '::1', '10.0.0.0/8'] } } }).callback());
    expect((await rotatingForwardedFor(behindProxy, (i) => `198.51.100.${i}, 203.0.113.50, 10.0.0.2`)).status).toBe(429);
    expect(await t.knex('login_attempts').distinct().pluck('ipAddress')).toEqual(['203.0.113.50']);
    // Another client behind the same proxy is not refused.
    await behindProxy.post('/api/auth/login').set('X-Forwarded-For', '203.0.113.51').send({ email: 'otro@ejemplo.es', password: 'mala' }).expect(401);
  });
});
