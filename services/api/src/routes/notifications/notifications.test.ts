import { ErrorBodySchema, NotificationSchema } from '@arrendia/api-contract';
import type { User } from '../../models/User';
import { buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(user: User) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}

let sequence = 0;

/** A notification for `recipient` (default unread), created `minutesAgo` minutes ago. */
async function buildNotification(recipient: User, input: { isRead?: boolean; minutesAgo?: number } = {}): Promise<number> {
  const n = ++sequence;
  const [row] = await t
    .knex('notifications')
    .insert({
      recipientUserId: recipient.id,
      title: `Aviso ${n}`,
      message: `Mensaje del aviso ${n}`,
      notificationType: 'new_incident',
      relatedEntityType: 'incident',
      relatedEntityId: n,
      isRead: input.isRead ?? false,
      createdAt: new Date(Date.now() - (input.minutesAgo ?? 0) * 60_000),
    })
    .returning('id');
  return row.id;
}

const counts = async () => ({ audit: await countRows(t.knex, 'audit_log'), unread: Number((await t.knex('notifications').where({ isRead: false }).count({ n: '*' }).first())?.n) });

describe('GET /api/notifications', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().get('/api/notifications').expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it("lists only the user's own notifications, newest first, with the total and the unread count in headers", async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const someoneElse = await buildUser(t.knex);
    const old = await buildNotification(user, { minutesAgo: 60, isRead: true });
    const recent = await buildNotification(user, { minutesAgo: 5 });
    const newest = await buildNotification(user, { minutesAgo: 1 });
    await buildNotification(someoneElse);

    const res = await (await signedIn(user)).get('/api/notifications').expect(200);

    const notifications = NotificationSchema.array().parse(res.body);
    expect(notifications.map((n) => n.id)).toEqual([newest, recent, old]);
    expect(notifications[2]).toMatchObject({ isRead: true, notificationType: 'new_incident', relatedEntityType: 'incident' });
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers['x-unread-count']).toBe('2');
  });

  it('lists only the unread ones with ?unread=true, and pages', async () => {
    const user = await buildUser(t.knex);
    const unread = await Promise.all([1, 2, 3].map((minutesAgo) => buildNotification(user, { minutesAgo })));
    const read = await buildNotification(user, { isRead: true });
    const agent = await signedIn(user);

    const onlyUnread = await agent.get('/api/notifications?unread=true').expect(200);
    expect(onlyUnread.body.map((n: { id: number }) => n.id)).toEqual(unread);
    expect(onlyUnread.headers['x-total-count']).toBe('3');

    const onlyRead = await agent.get('/api/notifications?unread=false').expect(200);
    expect(onlyRead.body.map((n: { id: number }) => n.id)).toEqual([read]);
    expect(onlyRead.headers['x-unread-count']).toBe('3');

    const page2 = await agent.get('/api/notifications?page=2&pageSize=3').expect(200);
    expect(page2.body.map((n: { id: number }) => n.id)).toEqual([unread[2]]);
    expect(page2.headers['x-total-count']).toBe('4');
  });

  it.each([
    ['unread=sí', 'unread'],
    ['pageSize=0', 'pageSize'],
    ['page=abc', 'page'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const res = await (await signedIn(await buildUser(t.knex))).get(`/api/notifications?${query}`).expect(400);
    expect(Object.keys(ErrorBodySchema.parse(res.body).fields ?? {})).toEqual([field]);
  });
});

describe('PATCH /api/notifications/:id/read', () => {
  it('answers 401 without a session and changes nothing', async () => {
    const id = await buildNotification(await buildUser(t.knex));
    await t.request().patch(`/api/notifications/${id}/read`).expect(401);
    expect((await t.knex('notifications').where({ id }).first()).isRead).toBe(false);
  });

  it('marks the notification read, audited once; a second call changes and audits nothing', async () => {
    const user = await buildUser(t.knex);
    const id = await buildNotification(user);
    const agent = await signedIn(user);
    const before = await counts();

    const res = await agent.patch(`/api/notifications/${id}/read`).expect(200);

    expect(NotificationSchema.parse(res.body)).toMatchObject({ id, isRead: true });
    expect(await counts()).toEqual({ audit: before.audit + 1, unread: before.unread - 1 });
    const auditRow = await t.knex('audit_log').where({ tableName: 'notifications', recordId: String(id) }).first();
    expect(auditRow).toMatchObject({ userId: user.id, action: 'update', oldValues: { isRead: false }, newValues: { isRead: true } });

    const again = await agent.patch(`/api/notifications/${id}/read`).expect(200);
    expect(again.body.isRead).toBe(true);
    expect(await counts()).toEqual({ audit: before.audit + 1, unread: before.unread - 1 });
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const owner = await buildUser(t.knex);
    const id = await buildNotification(owner);
    const agent = await signedIn(await buildUser(t.knex));
    const before = await counts();

    const res = await agent.patch(`/api/notifications/${id}/read`).expect(404);

    expect(res.body).toEqual({ error: 'not_found', message: 'No se ha encontrado la notificación' });
    expect(await counts()).toEqual(before);
  });

  it.each(['abc', '0', '99999999999'])('answers 400 naming id for the id %s', async (id) => {
    const res = await (await signedIn(await buildUser(t.knex))).patch(`/api/notifications/${id}/read`).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });
});

describe('POST /api/notifications/read-all', () => {
  it('answers 401 without a session', async () => {
    await t.request().post('/api/notifications/read-all').expect(401);
  });

  it("marks all the user's unread notifications read, not anyone else's, with one audit row", async () => {
    const user = await buildUser(t.knex);
    const someoneElse = await buildUser(t.knex);
    await buildNotification(user);
    await buildNotification(user);
    await buildNotification(user, { isRead: true });
    const theirs = await buildNotification(someoneElse);
    const agent = await signedIn(user);
    const before = await counts();

    await agent.post('/api/notifications/read-all').expect(204);

    expect(await counts()).toEqual({ audit: before.audit + 1, unread: before.unread - 2 });
    expect((await t.knex('notifications').where({ id: theirs }).first()).isRead).toBe(false);
    const auditRow = await t.knex('audit_log').where({ tableName: 'notifications', userId: user.id, action: 'update' }).first();
    expect(auditRow).toMatchObject({ recordId: String(user.id), newValues: { recipientUserId: user.id, readCount: 2 } });
    const list = await agent.get('/api/notifications').expect(200);
    expect(list.headers['x-unread-count']).toBe('0');
  });

  it('writes no audit row when there was nothing to read', async () => {
    const agent = await signedIn(await buildUser(t.knex));
    const before = await counts();
    await agent.post('/api/notifications/read-all').expect(204);
    expect(await counts()).toEqual(before);
  });
});
