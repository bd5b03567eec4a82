import { ErrorBodySchema, MessageSchema } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import type { User } from '../../models/User';
import { buildConversation, buildUser, FACTORY_PASSWORD } from '../../test/factories';
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

const counts = async () => ({
  messages: await countRows(t.knex, 'messages'),
  notifications: await countRows(t.knex, 'notifications'),
  audit: await countRows(t.knex, 'audit_log'),
});

/** A conversation between a tenant, its owner and a deactivated agent. */
async function conversation() {
  const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Lucía', lastName: 'Pérez' });
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const gone = await buildUser(t.knex, { roleName: 'agente', isActive: false });
  const { id } = await buildConversation(t.knex, [owner.id, tenant.id, gone.id], 'Llaves del trastero');
  return { tenant, owner, gone, conversationId: id };
}

describe('POST /api/messages', () => {
  it('answers 401 without a session and writes nothing', async () => {
    const { conversationId } = await conversation();
    const before = await counts();
    await t.request().post('/api/messages').send({ conversationId, content: 'Hola' }).expect(401);
    expect(await counts()).toEqual(before);
  });

  it('answers 403 to a role that may not use messages and writes nothing', async () => {
    const { conversationId } = await conversation();
    await t.knex('roles').insert({ roleName: 'visitante', description: 'Sin acceso' }).onConflict('roleName').ignore();
    const agent = await signedIn(await buildUser(t.knex, { roleName: 'visitante' as RoleName }));
    const before = await counts();

    await agent.post('/api/messages').send({ conversationId, content: 'Hola' }).expect(403);

    expect(await counts()).toEqual(before);
  });

  it('sends a trimmed message as a participant: 201, audited once, the other active participants notified', async () => {
    const { tenant, owner, conversationId } = await conversation();
    const agent = await signedIn(tenant);
    const before = await counts();

    const res = await agent.post('/api/messages').send({ conversationId: String(conversationId), content: '  ¿Me dejáis las llaves el lunes?\n ' }).expect(201);

    const message = MessageSchema.parse(res.body);
    expect(message).toMatchObject({
      conversationId,
      senderUserId: tenant.id,
      content: '¿Me dejáis las llaves el lunes?',
      readAt: null,
      sender: { id: tenant.id, firstName: 'Lucía', lastName: 'Pérez' },
    });
    expect(await counts()).toEqual({ messages: before.messages + 1, notifications: before.notifications + 1, audit: before.audit + 1 });
    const auditRow = await t.knex('audit_log').where({ tableName: 'messages', recordId: String(message.id) }).first();
    expect(auditRow).toMatchObject({ userId: tenant.id, action: 'create', newValues: { conversationId, content: '¿Me dejáis las llaves el lunes?' } });
    const notification = await t.knex('notifications').where({ relatedEntityType: 'conversation', relatedEntityId: conversationId }).first();
    expect(notification).toMatchObject({
      recipientUserId: owner.id,
      notificationType: 'new_message',
      title: 'Nuevo mensaje',
      message: 'Lucía Pérez en «Llaves del trastero»: ¿Me dejáis las llaves el lunes?',
      isRead: false,
    });

    const listed = await agent.get(`/api/conversations`).expect(200);
    expect(listed.body[0].lastMessage.content).toBe('¿Me dejáis las llaves el lunes?');
  });

  it('shortens a long message in the notification', async () => {
    const { tenant, conversationId } = await conversation();
    const content = 'palabra '.repeat(100).trim();
    await (await signedIn(tenant)).post('/api/messages').send({ conversationId, content }).expect(201);
    const notification = await t.knex('notifications').where({ relatedEntityId: conversationId, notificationType: 'new_message' }).first();
    expect(notification.message.length).toBeLessThan(200);
    expect(notification.message.endsWith('palabra…')).toBe(true);
  });

  it('answers 404 naming conversationId to someone outside the conversation, or for one that does not exist, writing nothing', async () => {
    const { conversationId } = await conversation();
    const agent = await signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
    const before = await counts();

    const res = await agent.post('/api/messages').send({ conversationId, content: 'Hola' }).expect(404);
    await agent.post('/api/messages').send({ conversationId: 2147483647, content: 'Hola' }).expect(404);

    expect(ErrorBodySchema.parse(res.body)).toEqual({
      error: 'not_found',
      message: 'No se ha encontrado la conversación',
      fields: { conversationId: 'No se ha encontrado la conversación' },
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses text the database cannot store (a NUL byte) with 400 naming it and writes nothing', async () => {
    const { tenant, conversationId } = await conversation();
    const agent = await signedIn(tenant);
    const before = await counts();

    const res = await agent.post('/api/messages').send({ conversationId, content: 'hola\u0000adiós' }).expect(400);

    expect(res.body.fields).toEqual({ content: 'El texto contiene caracteres no válidos' });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a blank message', { content: ' \n\t ' }, 'content'],
    ['no content', { content: undefined }, 'content'],
    ['content that is not text', { content: 42 }, 'content'],
    ['a message of 5001 characters', { content: 'a'.repeat(5001) }, 'content'],
    ['no conversation', { conversationId: undefined }, 'conversationId'],
    ['a conversation id that is not a number', { conversationId: 'abc' }, 'conversationId'],
    ['a conversation id beyond an integer', { conversationId: 99999999999 }, 'conversationId'],
  ])('refuses %s with 400 naming %s and writes nothing', async (_label, change, field) => {
    const { tenant, conversationId } = await conversation();
    const agent = await signedIn(tenant);
    const before = await counts();

    const res = await agent.post('/api/messages').send({ conversationId, content: 'Hola', ...change }).expect(400);

    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await counts()).toEqual(before);
  });
});
