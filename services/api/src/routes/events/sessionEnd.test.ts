import { createApp } from '../../app';
import { openDatabase, type Database } from '../../db';
import { startEventHub, type EventHub } from '../../events/hub';
import { publishEvent } from '../../events/publish';
import { watchStreamSessions } from '../../events/streamSessions';
import { createLogger } from '../../log';
import { buildContract, buildConversation, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { listen, sessionCookie } from '../../test/sse';
import { eventually, startTestApp, type TestApp } from '../../test/support';

/**
 * Issue 30: a live stream ends with its session — logout, password change, deactivation, a session
 * ended from the sessions list, expiry — on whichever API instance that happens, and the user is no
 * longer 'En línea' once its last stream is gone.
 */
let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
const streams: Stream[] = [];
beforeAll(async () => {
  t = await startTestApp();
  server = await listen(t.app);
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(async () => {
  await server.close();
  await t.close();
});

interface Stream {
  text(): string;
  /** Whether the server ended the response. */
  ended(): boolean;
  close(): void;
}

/** GET /api/events read until the server ends it; resolves once the stream is subscribed. */
async function open(base: string, cookie: string): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  expect(res.status).toBe(200);
  let raw = '';
  let done = false;
  let aborted = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        raw += decoder.decode(value, { stream: true });
      }
      done = true;
    } catch {
      // aborted by close()
    }
  })();
  await eventually(() => raw.includes('retry:'), { what: 'the stream to start' });
  const stream = {
    text: () => raw,
    ended: () => done && !aborted,
    close: () => {
      aborted = true;
      abort.abort();
    },
  };
  streams.push(stream);
  return stream;
}

const within = { withinMs: 5000, what: 'the stream to end' };
const post = (base: string, path: string, cookie: string, body?: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

/** A tenant in a conversation with its landlord, who sees whether the tenant is 'En línea'. */
async function tenantAndLandlord(base = server.base) {
  const landlord = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
  const property = await buildProperty(t.knex, { ownerUserId: landlord.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
  const conversation = await buildConversation(t.knex, [landlord.id, tenant.id]);
  const landlordCookie = await sessionCookie(base, landlord.email);
  const tenantOnline = async () => {
    const res = await fetch(`${base}/api/conversations/${conversation.id}`, { headers: { cookie: landlordCookie } });
    const body = (await res.json()) as { participants: { id: number; online: boolean }[] };
    return body.participants.find((p) => p.id === tenant.id)!.online;
  };
  return { tenant, tenantOnline };
}

/** The stream is still open and still delivers: an event published now reaches it. */
async function stillDelivers(stream: Stream, userId: number) {
  await t.knex.transaction((trx) => publishEvent(trx, [userId], 'notification.created'));
  await eventually(() => stream.text().includes('event: notification.created'), { what: 'the event to arrive' });
  expect(stream.ended()).toBe(false);
}

async function sessionHandles(cookie: string, base = server.base): Promise<{ id: string; current: boolean }[]> {
  return (await fetch(`${base}/api/settings/sessions`, { headers: { cookie } })).json() as Promise<{ id: string; current: boolean }[]>;
}

describe('a live stream ends with its session (one instance)', () => {
  it("ends within seconds of the session's logout, and its user is no longer online; the user's other session's stream stays open", async () => {
    const { tenant, tenantOnline } = await tenantAndLandlord();
    const laptop = await sessionCookie(server.base, tenant.email);
    const phone = await sessionCookie(server.base, tenant.email);
    const onLaptop = await open(server.base, laptop);
    const onPhone = await open(server.base, phone);
    await t.events.presenceSettled();
    expect(await tenantOnline()).toBe(true);

    expect((await post(server.base, '/api/auth/logout', laptop)).status).toBe(204);
    await eventually(() => onLaptop.ended(), within);
    await stillDelivers(onPhone, tenant.id);
    expect(await tenantOnline()).toBe(true);

    expect((await post(server.base, '/api/auth/logout', phone)).status).toBe(204);
    await eventually(() => onPhone.ended(), within);
    await t.events.presenceSettled();
    expect(await tenantOnline()).toBe(false);
    expect(t.events.subscribers).toBe(0);
  });

  it('ends the stream of a session ended from the sessions list, not the stream of the session that ended it', async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const mine = await sessionCookie(server.base, user.email);
    const other = await sessionCookie(server.base, user.email);
    const onMine = await open(server.base, mine);
    const onOther = await open(server.base, other);
    const target = (await sessionHandles(mine)).find((s) => !s.current)!;
    expect((await fetch(`${server.base}/api/settings/sessions/${target.id}`, { method: 'DELETE', headers: { cookie: mine } })).status).toBe(204);
    await eventually(() => onOther.ended(), within);
    await stillDelivers(onMine, user.id);
  });

  it('ends a stream whose session began before the last password change (a row written back after the change ended it)', async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const stream = await open(server.base, await sessionCookie(server.base, user.email));
    // Begun an hour ago; the password changed half an hour ago.
    await t.knex('sessions').whereRaw(`sess->>'userId' = ?`, [String(user.id)]).update({ sess: t.knex.raw(`jsonb_set(sess::jsonb, '{createdAt}', to_jsonb(?::bigint))`, [Date.now() - 60 * 60_000]) });
    await stillDelivers(stream, user.id);
    await t.knex('users').where({ id: user.id }).update({ lastPasswordChange: new Date(Date.now() - 30 * 60_000) });
    await eventually(() => stream.ended(), within);
  });

  it("ends a stream whose session has been idle past the user's session timeout", async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const stream = await open(server.base, await sessionCookie(server.base, user.email));
    // Last used 31 minutes ago, past the default 30 (the row's change is announced, and heard).
    await t.knex('sessions').whereRaw(`sess->>'userId' = ?`, [String(user.id)]).update({ sess: t.knex.raw(`jsonb_set(sess::jsonb, '{seenAt}', to_jsonb(?::bigint))`, [Date.now() - 31 * 60_000]) });
    await eventually(() => stream.ended(), within);
  });
});

describe('watchStreamSessions', () => {
  it('ends what is bound to a session that expires with nothing announced, at the next periodic check', async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    await sessionCookie(server.base, user.email);
    const { sid } = await t.knex('sessions').whereRaw(`sess->>'userId' = ?`, [String(user.id)]).first('sid');
    const watch = await watchStreamSessions(t.db, createLogger('silent'), { checkEveryMs: 200 });
    try {
      let ended = false;
      watch.bind(sid, user.id, () => (ended = true));
      // Valid for one more second: the change is announced and checked, and nothing ends yet.
      await t.knex('sessions').where({ sid }).update({ expire: new Date(Date.now() + 1000) });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await watch.settled();
      expect(ended).toBe(false);
      await eventually(() => ended, { withinMs: 3000, what: 'the expired session to be noticed' });
    } finally {
      await watch.close();
    }
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('a live stream ends with its session, ended through another instance (PostgreSQL)', () => {
  let other: Database;
  let hubB: EventHub;
  let serverB: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    other = await openDatabase(t.db.target);
    hubB = await startEventHub(other, createLogger('silent'));
    serverB = await listen(createApp({ knex: other.knex, config: t.config, events: hubB }));
  });
  afterAll(async () => {
    await serverB.close();
    await hubB.close();
    await other.close();
  });

  it('ends a stream on A when its session logs out on B, and B no longer shows the user online; a stranger stays connected', async () => {
    const { tenant, tenantOnline } = await tenantAndLandlord(serverB.base);
    const cookie = await sessionCookie(server.base, tenant.email);
    const stranger = await buildUser(t.knex, { roleName: 'inquilino' });
    const onA = await open(server.base, cookie);
    const strangerOnA = await open(server.base, await sessionCookie(server.base, stranger.email));
    await t.events.presenceSettled();
    expect(await tenantOnline()).toBe(true);

    expect((await post(serverB.base, '/api/auth/logout', cookie)).status).toBe(204);
    await eventually(() => onA.ended(), within);
    await t.events.presenceSettled();
    expect(await tenantOnline()).toBe(false);
    await stillDelivers(strangerOnA, stranger.id);
  });

  it("ends the user's other sessions' streams on A when its password changes on B, not the stream of the session that changed it", async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const stranger = await buildUser(t.knex, { roleName: 'inquilino' });
    const stolen = await sessionCookie(server.base, user.email);
    const own = await sessionCookie(serverB.base, user.email);
    const onA = await open(server.base, stolen);
    const ownOnA = await open(server.base, own);
    const strangerOnA = await open(server.base, await sessionCookie(server.base, stranger.email));
    expect((await post(serverB.base, '/api/settings/password', own, { currentPassword: FACTORY_PASSWORD, newPassword: 'otra-contraseña-larga' })).status).toBe(204);
    await eventually(() => onA.ended(), within);
    await stillDelivers(strangerOnA, stranger.id);
    await stillDelivers(ownOnA, user.id);
  });

  it('ends the streams on A of a user an admin deactivates on B', async () => {
    const admin = await buildUser(t.knex, { roleName: 'super_admin' });
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const stranger = await buildUser(t.knex, { roleName: 'inquilino' });
    const cookie = await sessionCookie(server.base, user.email);
    const tabs = [await open(server.base, cookie), await open(server.base, cookie)];
    const strangerOnA = await open(server.base, await sessionCookie(server.base, stranger.email));
    expect((await post(serverB.base, `/api/users/${user.id}/deactivate`, await sessionCookie(serverB.base, admin.email))).status).toBe(200);
    await eventually(() => tabs.every((tab) => tab.ended()), within);
    await stillDelivers(strangerOnA, stranger.id);
  });
});
