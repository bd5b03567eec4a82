import { LiveEventSchema } from '@arrendia/api-contract';
import { createApp } from '../../app';
import { openDatabase } from '../../db';
import { startEventHub } from '../../events/hub';
import { publishEvent } from '../../events/publish';
import { createLogger } from '../../log';
import { buildContract, buildConversation, buildProperty, buildUnit, buildUser } from '../../test/factories';
import { listen, openEvents, sessionCookie, type EventStream } from '../../test/sse';
import { dropListenConnection, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
const streams: EventStream[] = [];
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

/** An owner and its tenant with a conversation between them, both signed in over HTTP. */
async function pair() {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual', firstName: 'Olga' });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Tomás' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
  const conversation = await buildConversation(t.knex, [owner.id, tenant.id]);
  return { owner, tenant, conversation, ownerCookie: await sessionCookie(server.base, owner.email), tenantCookie: await sessionCookie(server.base, tenant.email) };
}

const send = (base: string, cookie: string, conversationId: number, content: string) =>
  fetch(`${base}/api/messages`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ conversationId, content }) });

async function open(cookie: string, lastEventId?: number, base = server.base) {
  const stream = await openEvents(base, cookie, lastEventId);
  streams.push(stream);
  // The stream is subscribed once its first bytes (the retry hint) have arrived.
  await new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = () => (stream.text().includes('retry:') ? resolve() : Date.now() - started > 2000 ? reject(new Error('stream did not start')) : setTimeout(poll, 10));
    poll();
  });
  return stream;
}

describe('GET /api/events', () => {
  it('answers 401 without a session', async () => {
    expect((await fetch(`${server.base}/api/events`)).status).toBe(401);
  });

  it("streams a new message and the recipient's notification to the other participant within 2 s, as uncompressed SSE", async () => {
    const { conversation, ownerCookie, tenantCookie } = await pair();
    const stream = await open(tenantCookie);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.text()).toMatch(/^retry: 3000\n/);

    const sent = await send(server.base, ownerCookie, conversation.id, 'La caldera se revisa el lunes');
    expect(sent.status).toBe(201);
    const { id: messageId } = (await sent.json()) as { id: number };
    const message = await stream.waitFor((e) => e.type === 'message.created');
    expect(LiveEventSchema.parse(message)).toMatchObject({ type: 'message.created', data: { conversationId: conversation.id, messageId } });
    await stream.waitFor((e) => e.type === 'notification.created');
    expect(stream.text()).toContain(`id: ${message.id}\nevent: message.created\n`);
  });

  it("sends nobody else's events, and nothing for a change that was refused", async () => {
    const { conversation, ownerCookie, tenantCookie } = await pair();
    const other = await pair();
    const mine = await open(tenantCookie);
    const stranger = await open(other.tenantCookie);
    // Refused (not a participant): nothing is written, so nothing is announced.
    expect((await send(server.base, other.ownerCookie, conversation.id, 'intruso')).status).toBe(404);
    expect((await send(server.base, ownerCookie, conversation.id, 'hola')).status).toBe(201);
    const first = await mine.waitFor(() => true);
    expect(first).toMatchObject({ type: 'message.created', data: { conversationId: conversation.id } });
    await mine.waitFor((e) => e.type === 'notification.created');
    expect(stranger.events()).toEqual([]);
  });

  it("shows a participant 'online' while it has a stream open, tells its partners when that changes, and not after its last tab closes", async () => {
    const { owner, tenant, conversation, ownerCookie, tenantCookie } = await pair();
    const detail = async () => {
      const res = await fetch(`${server.base}/api/conversations/${conversation.id}`, { headers: { cookie: ownerCookie } });
      const body = (await res.json()) as { participants: { id: number; online: boolean }[] };
      return Object.fromEntries(body.participants.map((p) => [p.id === owner.id ? 'owner' : 'tenant', p.online]));
    };
    expect(await detail()).toEqual({ owner: false, tenant: false });

    const ownerStream = await open(ownerCookie);
    await t.events.presenceSettled();
    const tabA = await open(tenantCookie);
    const tabB = await open(tenantCookie);
    await t.events.presenceSettled();
    expect(await detail()).toEqual({ owner: true, tenant: true });
    // The owner's open thread hears the tenant arrive (once: the second tab changes nothing).
    const arrived = await ownerStream.waitFor((e) => e.type === 'presence.changed');
    expect(LiveEventSchema.parse(arrived)).toMatchObject({ type: 'presence.changed', data: { userId: tenant.id } });

    tabA.close();
    await new Promise((r) => setTimeout(r, 100));
    await t.events.presenceSettled();
    expect((await detail()).tenant).toBe(true);
    tabB.close();
    await ownerStream.waitFor((e) => e.type === 'presence.changed' && e.id > arrived.id);
    expect((await detail()).tenant).toBe(false);
    expect(ownerStream.events().filter((e) => e.type === 'presence.changed')).toHaveLength(2);

    // A row its instance stopped refreshing (a crashed process) counts for nothing.
    await t.knex('user_presence').insert({ instanceId: 'gone', userId: tenant.id, seenAt: new Date(Date.now() - 10 * 60_000) });
    expect((await detail()).tenant).toBe(false);
  });

  it('replays what a stream missed when it reconnects with Last-Event-ID, in order, with the events just below it again', async () => {
    const { conversation, ownerCookie, tenantCookie } = await pair();
    const first = await open(tenantCookie);
    await send(server.base, ownerCookie, conversation.id, 'uno');
    const seen = await first.waitFor((e) => e.type === 'message.created');
    await first.waitFor((e) => e.type === 'notification.created');
    first.close();

    await send(server.base, ownerCookie, conversation.id, 'dos');
    const again = await open(tenantCookie, seen.id);
    await again.waitFor((e) => e.type === 'message.created');
    await again.waitFor((e) => e.type === 'notification.created');
    const replayed = again.events();
    expect(replayed.map((e) => e.id)).toEqual([...new Set(replayed.map((e) => e.id))].sort((a, b) => a - b));
    // 'dos' once; 'uno' again (within the margin below Last-Event-ID), which the client skips.
    expect(replayed.filter((e) => e.type === 'message.created').map((e) => e.id > seen.id)).toEqual([false, true]);
    // Each frame's id is the highest event id sent so far: what the next reconnect sends back.
    const lastFrameId = Number([...again.text().matchAll(/^id: (\d+)$/gm)].at(-1)?.[1]);
    expect(lastFrameId).toBe(Math.max(...replayed.map((e) => e.id)));
  });

  it("tells the reader's own tabs when its notifications or a conversation are read", async () => {
    const { conversation, ownerCookie, tenantCookie } = await pair();
    const tab = await open(tenantCookie);
    await send(server.base, ownerCookie, conversation.id, 'léeme');
    await tab.waitFor((e) => e.type === 'notification.created');
    expect((await fetch(`${server.base}/api/conversations/${conversation.id}/read`, { method: 'POST', headers: { cookie: tenantCookie } })).status).toBe(200);
    expect(await tab.waitFor((e) => e.type === 'conversation.read')).toMatchObject({ data: { conversationId: conversation.id } });
    expect([200, 204]).toContain((await fetch(`${server.base}/api/notifications/read-all`, { method: 'POST', headers: { cookie: tenantCookie } })).status);
    await tab.waitFor((e) => e.type === 'notification.read');
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  // On PGlite the database belongs to one process (its lock file): a second instance cannot open it.
  onPostgres('delivers through a second API instance with its own pool and listener (PostgreSQL LISTEN/NOTIFY)', async () => {
    const other = await openDatabase(t.db.target);
    const hubB = await startEventHub(other, createLogger('silent'));
    const serverB = await listen(createApp({ knex: other.knex, config: t.config, events: hubB }));
    try {
      const { conversation, ownerCookie, tenantCookie } = await pair();
      // The tenant is connected to B; the owner writes through A.
      const onB = await open(tenantCookie, undefined, serverB.base);
      expect((await send(server.base, ownerCookie, conversation.id, 'desde A')).status).toBe(201);
      expect(await onB.waitFor((e) => e.type === 'message.created')).toMatchObject({ data: { conversationId: conversation.id } });
      expect(hubB.subscribers).toBe(1);
    } finally {
      await serverB.close();
      await hubB.close();
      await other.close();
    }
  });
});

/**
 * Two writers: the event with the lower id commits second. Its stream still sends it, live or on a
 * reconnect with the higher id as Last-Event-ID (PostgreSQL: PGlite runs one transaction at a time).
 */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('events that commit out of id order', () => {
  /** A transaction left open holding an event for `userId`, and one committed after it with a higher id. */
  async function outOfOrder(userId: number) {
    const ids = (db: typeof t.knex) => db('live_events').whereRaw('? = any("recipientUserIds")', [userId]).orderBy('id').pluck('id').then((r) => r.map(Number));
    const slow = await t.knex.transaction();
    await publishEvent(slow, [userId], 'notification.created');
    const [lower] = await ids(slow);
    await t.knex.transaction((trx) => publishEvent(trx, [userId], 'notification.created'));
    const [higher] = await ids(t.knex);
    expect(lower).toBeLessThan(higher);
    return { slow, lower, higher };
  }

  it('sends the lower one live after the higher one', async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const stream = await open(await sessionCookie(server.base, user.email));
    const { slow, lower, higher } = await outOfOrder(user.id);
    await stream.waitFor((e) => e.id === higher);
    await slow.commit();
    await stream.waitFor((e) => e.id === lower);
    expect(stream.events().map((e) => e.id)).toEqual([higher, lower]);
    expect([...stream.text().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([higher, higher]);
  });

  it('replays the lower one to a stream that closed before it committed', async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const cookie = await sessionCookie(server.base, user.email);
    const first = await open(cookie);
    const { slow, lower, higher } = await outOfOrder(user.id);
    await first.waitFor((e) => e.id === higher);
    first.close();
    await slow.commit();
    const again = await open(cookie, higher);
    await again.waitFor((e) => e.id === lower);
  });
});

/**
 * The hub's LISTEN connection dropped while a transaction holding a lower event id was still open:
 * that event is announced while nobody listens, below the highest id the hub has seen. Found by
 * db/restart.test.ts (one acknowledged message never reached its recipient's stream).
 */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('the live events hub on PostgreSQL', () => {
  it('delivers, after reconnecting, an event that committed out of id order while it was disconnected', async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const got: number[] = [];
    const unsubscribe = t.events.subscribe(user.id, (event) => got.push(event.id));
    const insert = (trx: typeof t.knex) =>
      trx('live_events').insert({ recipientUserIds: [user.id], type: 'notification.created', data: {} }).returning('id').then(([r]) => Number(r.id));
    const announce = (trx: typeof t.knex, id: number) => trx.raw(`select pg_notify('arrendia_events_' || current_schema(), ?)`, [JSON.stringify({ id, u: [user.id] })]);
    const waitFor = async (ok: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    };
    try {
      const slow = await t.knex.transaction();
      const lower = await insert(slow);
      await announce(slow, lower);
      const higher = await t.knex.transaction(async (trx) => {
        const id = await insert(trx);
        await announce(trx, id);
        return id;
      });
      await waitFor(() => got.includes(higher));
      expect(got).toEqual([higher]);

      // Cut the hub's LISTEN connection, then commit the lower id while it is down.
        await dropListenConnection(t.knex);
      await slow.commit();

      await waitFor(() => got.includes(lower));
      expect(got).toEqual([higher, lower]);
    } finally {
      unsubscribe();
    }
  }, 20_000);
});
