import type { Knex } from 'knex';
import { buildUser, signIn } from '../test/factories';
import { dropListenConnection, eventually, startTestApp, type TestApp } from '../test/support';
import { SessionCache, type SessionRecord } from './sessionCache';

const record = (userId: number | null, expire = Date.now() + 3600_000): SessionRecord => ({
  sess: { userId },
  userColumns: userId == null ? null : { id: userId },
  expire,
});

describe('SessionCache', () => {
  let now = 1_000_000;
  const cache = () => new SessionCache({ ttlMs: 10_000, maxEntries: 3, now: () => now });

  it('serves what it holds until its time or the session’s expiry, whichever comes first', () => {
    const c = cache();
    c.put('a', record(1, now + 60_000), c.mark());
    c.put('b', record(2, now + 5_000), c.mark());
    expect(c.get('a')?.sess).toEqual({ userId: 1 });
    now += 6_000;
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBeDefined();
    now += 5_000;
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('refuses a record read before something was forgotten: the read may predate the change', () => {
    const c = cache();
    const mark = c.mark();
    c.notify('u:99');
    c.put('a', record(1), mark);
    expect(c.get('a')).toBeUndefined();
    c.put('a', record(1), c.mark());
    expect(c.get('a')).toBeDefined();
  });

  it('forgets a session, every session of a user, or everything, as the notices say', () => {
    const c = cache();
    c.put('a', record(1), c.mark());
    c.put('b', record(1), c.mark());
    c.put('c', record(2), c.mark());
    c.notify('s:c');
    expect([c.get('a'), c.get('b'), c.get('c')].map(Boolean)).toEqual([true, true, false]);
    c.put('c', record(2), c.mark());
    c.notify('u:1');
    expect([c.get('a'), c.get('b'), c.get('c')].map(Boolean)).toEqual([false, false, true]);
    c.notify('*');
    expect(c.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const c = cache();
    for (const sid of ['a', 'b', 'c', 'd']) c.put(sid, record(1), c.mark());
    expect(c.size).toBe(3);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('d')).toBeDefined();
  });

  it('serves and holds nothing while its notices do not arrive, and starts empty when they do again', () => {
    const c = cache();
    c.put('a', record(1), c.mark());
    c.setLive(false);
    expect(c.get('a')).toBeUndefined();
    c.put('a', record(1), c.mark());
    c.setLive(true);
    expect(c.get('a')).toBeUndefined();
    c.put('a', record(1), c.mark());
    expect(c.get('a')).toBeDefined();
  });

  it('holds nothing with a time of 0', () => {
    const c = new SessionCache({ ttlMs: 0 });
    c.put('a', record(1), c.mark());
    expect(c.get('a')).toBeUndefined();
  });
});

describe('the session cache in the API', () => {
  let t: TestApp;
  /** The statements run on `sessions` since the last reset. */
  let sessionReads = 0;
  const countSessionReads = (query: { sql: string }) => {
    if (/from "sessions"/.test(query.sql)) sessionReads += 1;
  };

  beforeAll(async () => {
    t = await startTestApp({ sessionCacheSeconds: 60 });
    t.knex.on('query', countSessionReads);
  });
  afterAll(async () => {
    t.knex.removeListener('query', countSessionReads);
    await t.close();
  });

  /** A change made by "another process": straight in the database, not through this app's requests. */
  const elsewhere = (change: (knex: Knex) => Promise<unknown>) => change(t.knex);

  it('reads a signed-in session from the database, then from memory', async () => {
    const user = await buildUser(t.knex);
    const agent = await signIn(t, user);
    // The login's own write reaches the cache as a notice too. On a loaded machine it may land
    // after the next request read the session: that read is then not kept (it may predate the
    // change), and the following request reads again. Asked until a request reads nothing.
    await eventually(async () => {
      sessionReads = 0;
      await agent.get('/api/auth/user').expect(200);
      return sessionReads === 0;
    });
    sessionReads = 0;
    for (let i = 0; i < 5; i += 1) await agent.get('/api/auth/user').expect(200);
    expect(sessionReads).toBe(0);
    expect(t.sessionCache.size).toBeGreaterThan(0);
  });

  it('ends access within milliseconds when another process deactivates the user, deletes the session or changes the role', async () => {
    const deactivated = await buildUser(t.knex);
    const a = await signIn(t, deactivated);
    await a.get('/api/auth/user').expect(200);
    await elsewhere((knex) => knex('users').where('id', deactivated.id).update({ isActive: false }));
    await eventually(async () => (await a.get('/api/auth/user')).status === 401);

    const loggedOut = await buildUser(t.knex);
    const b = await signIn(t, loggedOut);
    await b.get('/api/auth/user').expect(200);
    await elsewhere((knex) => knex('sessions').whereRaw(`sess->>'userId' = ?`, [String(loggedOut.id)]).delete());
    await eventually(async () => (await b.get('/api/auth/user')).status === 401);

    const promoted = await buildUser(t.knex);
    const c = await signIn(t, promoted);
    expect((await c.get('/api/auth/user').expect(200)).body.role.roleName).toBe('propietario_individual');
    const role = await t.knex('roles').where('roleName', 'inquilino').first('id');
    await elsewhere((knex) => knex('users').where('id', promoted.id).update({ roleId: role.id }));
    await eventually(async () => (await c.get('/api/auth/user')).body.role?.roleName === 'inquilino');
  });

  it('applies a write made through this process to the very next request, without waiting for the notice', async () => {
    const admin = await signIn(t, await buildUser(t.knex, { roleName: 'super_admin' }));
    const target = await buildUser(t.knex);
    const theirs = await signIn(t, target);
    await theirs.get('/api/auth/user').expect(200);
    await admin.post(`/api/users/${target.id}/deactivate`).expect(200);
    await theirs.get('/api/auth/user').expect(401);

    const other = await buildUser(t.knex);
    const device = await signIn(t, other);
    await device.get('/api/auth/user').expect(200);
    await device.post('/api/auth/logout').expect((res) => expect(res.status).toBeLessThan(300));
    await device.get('/api/auth/user').expect(401);
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres('reads every session from the database while its LISTEN connection is down, and holds them again once it is back', async () => {
    const user = await buildUser(t.knex);
    const agent = await signIn(t, user);
    await agent.get('/api/auth/user').expect(200);

    // Down: a change is in force at once, because nothing is served from memory. The listener
    // comes back 1 s after it is lost; a run that a loaded machine stretched past that is tried
    // again, so that what is checked is what happened while it was down.
    let seen: { reads: number; firstName: string; expected: string } | null = null;
    for (let attempt = 1; attempt <= 5 && !seen; attempt += 1) {
      await dropListenConnection(t.knex);
      await eventually(async () => !t.sessionCache.listening);
      sessionReads = 0;
      await agent.get('/api/auth/user').expect(200);
      await agent.get('/api/auth/user').expect(200);
      const expected = `Renombrada ${attempt}`;
      await t.knex('users').where('id', user.id).update({ firstName: expected });
      const { firstName } = (await agent.get('/api/auth/user').expect(200)).body;
      if (!t.sessionCache.listening) seen = { reads: sessionReads, firstName, expected };
    }
    expect(seen).not.toBeNull();
    expect(seen!.reads).toBe(3);
    expect(seen!.firstName).toBe(seen!.expected);

    // Back (the listener reconnects after 1 s): held again.
    await eventually(async () => {
      await agent.get('/api/auth/user').expect(200);
      return t.sessionCache.size > 0;
    });
    sessionReads = 0;
    await agent.get('/api/auth/user').expect(200);
    expect(sessionReads).toBe(0);
  });
});
