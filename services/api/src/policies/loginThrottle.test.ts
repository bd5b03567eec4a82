import supertest from 'supertest';
import { createApp } from '../app';
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
