import { BadgeCountsSchema, ContactSchema, ConversationDetailSchema, ConversationListItemSchema, ConversationReadSchema, ErrorBodySchema, MessageSchema } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildConversation, buildProperty, buildUnit, buildUser, delegate, FACTORY_PASSWORD } from '../../test/factories';
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

/** A signed-in user whose role is in no permission list: every guarded route answers it 403. */
async function userWithoutAccess() {
  await t.knex('roles').insert({ roleName: 'visitante', description: 'Sin acceso' }).onConflict('roleName').ignore();
  return buildUser(t.knex, { roleName: 'visitante' as RoleName });
}

/** An owner's property managed by an agency and watched by a delegate, with a unit let to a tenant. */
async function portfolio() {
  const agency = await buildAgency(t.knex);
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual', firstName: 'Olga' });
  const agencyAdmin = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id, firstName: 'Adela' });
  const agente = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id, firstName: 'Andrés' });
  const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado', firstName: 'Dario' });
  await delegate(t.knex, owner.id, delegado.id);
  const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Tomás' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
  return { agency, owner, agencyAdmin, agente, delegado, tenant, property, unit };
}

/** A message in a conversation, sent at a given time. */
async function buildMessage(conversationId: number, senderUserId: number | null, sentAt: string, readAt: string | null = null): Promise<number> {
  const [row] = await t.knex('messages').insert({ conversationId, senderUserId, content: `Mensaje de las ${sentAt}`, sentAt, readAt }).returning('id');
  return row.id;
}

/** What a signed-in user is shown as unread: the sidebar badge and the conversation list's counts, summed. */
async function unreadFor(agent: Awaited<ReturnType<typeof signedIn>>) {
  const badges = BadgeCountsSchema.parse((await agent.get('/api/badges').expect(200)).body);
  const list = ConversationListItemSchema.array().parse((await agent.get('/api/conversations?pageSize=100').expect(200)).body);
  return { badge: badges.unreadMessages, list: list.reduce((sum, item) => sum + item.unreadCount, 0) };
}

const counts = async () => ({
  conversations: await countRows(t.knex, 'conversations'),
  participants: await countRows(t.knex, 'conversation_participants'),
  unreadMessages: Number((await t.knex('messages').whereNull('readAt').count({ n: '*' }).first())?.n),
  audit: await countRows(t.knex, 'audit_log'),
});

describe('GET /api/conversations', () => {
  it('answers 401 without a session and 403 to a role that may not use messages', async () => {
    await t.request().get('/api/conversations').expect(401);
    const res = await (await signedIn(await userWithoutAccess())).get('/api/conversations').expect(403);
    expect(res.body.error).toBe('forbidden');
  });

  it('lists the conversations the user takes part in, latest activity first, with the last message and what it has not read', async () => {
    const me = await buildUser(t.knex, { roleName: 'inquilino' });
    const other = await buildUser(t.knex);
    const stale = await buildConversation(t.knex, [other.id, me.id], 'Antigua');
    const busy = await buildConversation(t.knex, [other.id, me.id], 'Activa');
    const silent = await buildConversation(t.knex, [me.id], 'Sin mensajes');
    await t.knex('messages').whereIn('conversationId', [stale.id, busy.id]).update({ sentAt: '2026-01-01T09:00:00Z' });
    await t.knex('messages').where({ conversationId: silent.id }).delete();
    await t.knex('conversations').where({ id: silent.id }).update({ createdAt: '2026-02-01T09:00:00Z' });
    await buildMessage(busy.id, me.id, '2026-03-01T09:00:00Z');
    await buildMessage(busy.id, other.id, '2026-03-01T10:00:00Z');
    await buildMessage(busy.id, me.id, '2026-03-01T11:00:00Z');
    // Entered late (an import, a clock skew): the last message is the latest sent, not the latest id.
    await buildMessage(busy.id, other.id, '2026-03-01T08:00:00Z', '2026-03-01T08:30:00Z');
    await buildConversation(t.knex, [other.id], 'Ajena');

    const res = await (await signedIn(me)).get('/api/conversations').expect(200);

    const items = ConversationListItemSchema.array().parse(res.body);
    expect(res.headers['x-total-count']).toBe('3');
    expect(items.map((i) => [i.conversation.title, i.lastMessage?.sentAt ?? null, i.unreadCount])).toEqual([
      ['Activa', '2026-03-01T11:00:00.000Z', 2],
      ['Sin mensajes', null, 0],
      ['Antigua', '2026-01-01T09:00:00.000Z', 1],
    ]);
    expect(items[0].lastMessage?.content).toBe('Mensaje de las 2026-03-01T11:00:00Z');
  });

  it('pages with X-Total-Count', async () => {
    const me = await buildUser(t.knex);
    for (const title of ['Uno', 'Dos', 'Tres']) await buildConversation(t.knex, [me.id], title);
    const agent = await signedIn(me);

    const page = await agent.get('/api/conversations?page=2&pageSize=2').expect(200);

    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body).toHaveLength(1);
    await agent.get('/api/conversations?pageSize=500').expect(400);
  });

  it('sorts by ?sort=lastMessageAt or title (id breaking ties) among the user\'s own, with the search, and refuses an unknown field naming sort', async () => {
    const me = await buildUser(t.knex);
    const other = await buildUser(t.knex);
    const made = async (title: string, lastAt: string | null) => {
      const conversation = await buildConversation(t.knex, [me.id, other.id], title);
      await t.knex('messages').where({ conversationId: conversation.id }).delete();
      await t.knex('conversations').where({ id: conversation.id }).update({ createdAt: '2026-01-01T09:00:00Z' });
      if (lastAt) await buildMessage(conversation.id, other.id, lastAt);
      return conversation.id;
    };
    const boiler = await made('Caldera', '2026-03-01T09:00:00Z');
    const attic = await made('Ático: llaves', '2026-02-01T09:00:00Z');
    // No message: its own creation counts, the oldest activity here.
    const silent = await made('contrato', null);
    const sameTime = await made('Visita', '2026-03-01T09:00:00Z');
    // Somebody else's conversation matches everything and is never listed nor counted.
    await buildConversation(t.knex, [other.id], 'Caldera ajena');
    const agent = await signedIn(me);
    const ids = async (query: string) => {
      const res = await agent.get(`/api/conversations?${query}`).expect(200);
      return [res.body.map((i: { conversation: { id: number } }) => i.conversation.id), res.headers['x-total-count']];
    };
    expect(await ids('')).toEqual([[sameTime, boiler, attic, silent], '4']);
    expect(await ids('sort=-lastMessageAt')).toEqual([[sameTime, boiler, attic, silent], '4']);
    expect(await ids('sort=lastMessageAt')).toEqual([[silent, attic, boiler, sameTime], '4']);
    expect(await ids('sort=lastMessageAt&pageSize=3&page=2')).toEqual([[sameTime], '4']);
    // As a reader orders titles: 'Ático' with the a's, 'contrato' among the c's.
    expect(await ids('sort=title')).toEqual([[attic, boiler, silent, sameTime], '4']);
    expect(await ids('sort=-title&q=a')).toEqual([[sameTime, silent, boiler, attic], '4']);
    expect(await ids('q=caldera&sort=title')).toEqual([[boiler], '1']);
    for (const sort of ['createdAt', '-', '--title']) {
      const res = await agent.get(`/api/conversations?sort=${sort}`).expect(400);
      expect(Object.keys(res.body.fields)).toEqual(['sort']);
    }
    // The contacts are no sorted list: a sort there is not read.
    await agent.get('/api/conversations/contacts?sort=title').expect(200);
  });
});

describe('GET /api/conversations/contacts', () => {
  const names = (res: { body: { id: number }[] }) => res.body.map((c) => c.id).sort((a, b) => a - b);
  const ids = (...users: { id: number }[]) => users.map((u) => u.id).sort((a, b) => a - b);

  it('answers 401 without a session and 403 to a role that may not use messages', async () => {
    await t.request().get('/api/conversations/contacts').expect(401);
    await (await signedIn(await userWithoutAccess())).get('/api/conversations/contacts').expect(403);
  });

  it("offers an owner its tenants, its agency's users and its delegate, and nobody else's", async () => {
    const { owner, agencyAdmin, agente, delegado, tenant } = await portfolio();
    await portfolio();
    const inactive = await buildUser(t.knex, { roleName: 'inquilino', isActive: false });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id })).id, tenantUserIds: [inactive.id] });

    const res = await (await signedIn(owner)).get('/api/conversations/contacts').expect(200);

    ContactSchema.array().parse(res.body);
    expect(names(res)).toEqual(ids(agencyAdmin, agente, delegado, tenant));
    expect(res.body.find((c: { id: number }) => c.id === tenant.id)).toEqual({ id: tenant.id, firstName: 'Tomás', lastName: tenant.lastName, roleName: 'inquilino' });
    expect(res.headers['x-total-count']).toBe('4');
  });

  it("offers a tenant its landlord's staff, never other tenants", async () => {
    const { owner, agencyAdmin, agente, delegado, tenant, property } = await portfolio();
    const neighbour = await buildUser(t.knex, { roleName: 'inquilino' });
    await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id })).id, tenantUserIds: [neighbour.id] });

    const res = await (await signedIn(tenant)).get('/api/conversations/contacts').expect(200);

    expect(names(res)).toEqual(ids(owner, agencyAdmin, agente, delegado));
  });

  it('offers an agent the owners and tenants of its agency’s properties', async () => {
    const { owner, agencyAdmin, agente, delegado, tenant } = await portfolio();
    const res = await (await signedIn(agente)).get('/api/conversations/contacts?pageSize=100').expect(200);
    expect(names(res)).toEqual(ids(owner, agencyAdmin, delegado, tenant));
  });
});

describe('POST /api/conversations', () => {
  it('answers 401 without a session and 403 to a role that may not use messages, writing nothing', async () => {
    const { tenant } = await portfolio();
    const agent = await signedIn(await userWithoutAccess());
    const before = await counts();
    await t.request().post('/api/conversations').send({ title: 'Hola', participantUserIds: [tenant.id] }).expect(401);
    await agent.post('/api/conversations').send({ title: 'Hola', participantUserIds: [tenant.id] }).expect(403);
    expect(await counts()).toEqual(before);
  });

  it('starts a conversation between the user and its contacts: 201, participants written, audited once', async () => {
    const { owner, tenant, agente } = await portfolio();
    const agent = await signedIn(owner);
    const before = await counts();

    const res = await agent.post('/api/conversations').send({ title: '  Revisión de la caldera ', participantUserIds: [tenant.id, agente.id, tenant.id] }).expect(201);

    const item = ConversationListItemSchema.parse(res.body);
    expect(item).toMatchObject({ conversation: { title: 'Revisión de la caldera' }, lastMessage: null, unreadCount: 0 });
    expect(await counts()).toEqual({ ...before, conversations: before.conversations + 1, participants: before.participants + 3, audit: before.audit + 1 });
    const participants = await t.knex('conversation_participants').where({ conversationId: item.conversation.id }).pluck('userId');
    expect(participants.sort((a, b) => a - b)).toEqual([owner.id, tenant.id, agente.id].sort((a, b) => a - b));
    const auditRow = await t.knex('audit_log').where({ tableName: 'conversations', recordId: String(item.conversation.id) }).first();
    expect(auditRow).toMatchObject({ userId: owner.id, action: 'create', newValues: { title: 'Revisión de la caldera', participantUserIds: [owner.id, tenant.id, agente.id] } });

    const listed = await (await signedIn(tenant)).get('/api/conversations').expect(200);
    expect(listed.body.map((i: { conversation: { id: number } }) => i.conversation.id)).toContain(item.conversation.id);
  });

  it("with reuseExisting opens the conversation the two already have alone (200, nothing written), and starts one when there is none", async () => {
    const { owner, tenant, agente } = await portfolio();
    const agent = await signedIn(owner);
    // A group conversation with the tenant does not count: only the two of them alone.
    await agent.post('/api/conversations').send({ title: 'Grupo', participantUserIds: [tenant.id, agente.id] }).expect(201);
    const first = await agent.post('/api/conversations').send({ title: 'Contrato A', participantUserIds: [tenant.id], reuseExisting: true }).expect(201);
    await (await signedIn(tenant)).post('/api/messages').send({ conversationId: first.body.conversation.id, content: 'Hola, una consulta' }).expect(201);
    const before = await counts();

    const again = await agent.post('/api/conversations').send({ title: 'Contrato B', participantUserIds: [tenant.id], reuseExisting: true }).expect(200);
    expect(ConversationListItemSchema.parse(again.body)).toMatchObject({ conversation: { id: first.body.conversation.id, title: 'Contrato A' }, unreadCount: 1, lastMessage: { content: 'Hola, una consulta' } });
    expect(await counts()).toEqual(before);
    // Without the flag, a new one as before.
    await agent.post('/api/conversations').send({ title: 'Contrato C', participantUserIds: [tenant.id] }).expect(201);
  });

  it.each([
    ["another owner's tenant", async () => (await portfolio()).tenant.id],
    ['a fellow tenant (for a tenant)', async () => 0],
    ['the user itself', async () => -1],
    ['a user that does not exist', async () => 2147483647],
  ])('refuses %s with 400 naming participantUserIds and writes nothing', async (_label, pick) => {
    const world = await portfolio();
    const neighbour = await buildUser(t.knex, { roleName: 'inquilino' });
    await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: world.property.id })).id, tenantUserIds: [neighbour.id] });
    const picked = await pick();
    // 0 and -1 stand for users known only here: the neighbour (asked by the tenant) and the tenant itself.
    const participant = picked === 0 ? neighbour.id : picked === -1 ? world.tenant.id : picked;
    const agent = await signedIn(world.tenant);
    const before = await counts();

    const res = await agent.post('/api/conversations').send({ title: 'Hola', participantUserIds: [world.owner.id, participant] }).expect(400);

    expect(ErrorBodySchema.parse(res.body)).toEqual({
      error: 'validation_error',
      message: 'Solo puedes escribir a inquilinos y personal de las propiedades con las que trabajas',
      fields: { participantUserIds: 'Solo puedes escribir a inquilinos y personal de las propiedades con las que trabajas' },
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a title the database cannot store (a NUL byte) with 400 naming it and writes nothing', async () => {
    const { owner, tenant } = await portfolio();
    const agent = await signedIn(owner);
    const before = await counts();

    const res = await agent.post('/api/conversations').send({ title: 'Caldera\u0000', participantUserIds: [tenant.id] }).expect(400);

    expect(res.body.fields).toEqual({ title: 'El texto contiene caracteres no válidos' });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['no title', { participantUserIds: [1] }, 'title'],
    ['a blank title', { title: '   ', participantUserIds: [1] }, 'title'],
    ['a title of 256 characters', { title: 'x'.repeat(256), participantUserIds: [1] }, 'title'],
    ['no participants', { title: 'Hola' }, 'participantUserIds'],
    ['an empty participant list', { title: 'Hola', participantUserIds: [] }, 'participantUserIds'],
    ['participants that are not a list', { title: 'Hola', participantUserIds: 'todos' }, 'participantUserIds'],
    ['a participant id that is not a number', { title: 'Hola', participantUserIds: ['abc'] }, 'participantUserIds.0'],
    ['21 participants', { title: 'Hola', participantUserIds: Array.from({ length: 21 }, (_, i) => i + 1) }, 'participantUserIds'],
  ])('refuses %s with 400 naming %s and writes nothing', async (_label, body, field) => {
    const agent = await signedIn((await portfolio()).owner);
    const before = await counts();

    const res = await agent.post('/api/conversations').send(body).expect(400);

    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/conversations/:id/messages', () => {
  async function thread() {
    const me = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Marta', lastName: 'Suárez' });
    const other = await buildUser(t.knex, { firstName: 'Pablo', lastName: 'Ríos' });
    const conversation = await buildConversation(t.knex, [other.id, me.id]);
    await t.knex('messages').where({ conversationId: conversation.id }).update({ sentAt: '2026-03-01T08:00:00Z' });
    const ids = [
      (await t.knex('messages').where({ conversationId: conversation.id }).first()).id,
      await buildMessage(conversation.id, me.id, '2026-03-01T09:00:00Z'),
      await buildMessage(conversation.id, other.id, '2026-03-01T10:00:00Z'),
      await buildMessage(conversation.id, other.id, '2026-03-01T10:00:00Z'),
    ];
    return { me, other, conversation, ids };
  }

  it('answers 401 without a session and 403 to a role that may not use messages', async () => {
    const { conversation } = await thread();
    await t.request().get(`/api/conversations/${conversation.id}/messages`).expect(401);
    await (await signedIn(await userWithoutAccess())).get(`/api/conversations/${conversation.id}/messages`).expect(403);
  });

  it('lists the messages oldest first with their senders and marks nothing read (a GET writes nothing)', async () => {
    const { me, other, conversation, ids } = await thread();
    const agent = await signedIn(me);
    const before = await counts();
    const unreadBefore = await unreadFor(agent);

    const res = await agent.get(`/api/conversations/${conversation.id}/messages`).expect(200);

    const messages = MessageSchema.array().parse(res.body);
    expect(messages.map((m) => m.id)).toEqual(ids);
    expect(res.headers['x-total-count']).toBe('4');
    expect(messages[1]).toMatchObject({ senderUserId: me.id, sender: { id: me.id, firstName: 'Marta', lastName: 'Suárez' }, readAt: null });
    expect(messages[2].sender).toEqual({ id: other.id, firstName: 'Pablo', lastName: 'Ríos' });
    expect(messages[2].readAt).toBeNull();
    expect(await counts()).toEqual(before);
    expect(unreadBefore).toEqual({ badge: 3, list: 3 });
    expect(await unreadFor(agent)).toEqual(unreadBefore);
  });

  it('pages back from the newest with before and limit', async () => {
    const { me, conversation, ids } = await thread();
    const agent = await signedIn(me);

    const newest = await agent.get(`/api/conversations/${conversation.id}/messages?limit=2`).expect(200);
    expect(newest.body.map((m: { id: number }) => m.id)).toEqual(ids.slice(2));

    const older = await agent.get(`/api/conversations/${conversation.id}/messages?limit=2&before=${ids[2]}`).expect(200);
    expect(older.body.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 2));

    const sameInstant = await agent.get(`/api/conversations/${conversation.id}/messages?before=${ids[3]}`).expect(200);
    expect(sameInstant.body.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 3));
  });

  it("answers 404 to someone outside the conversation and marks nothing read", async () => {
    const { conversation } = await thread();
    const agent = await signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
    const before = await counts();

    const res = await agent.get(`/api/conversations/${conversation.id}/messages`).expect(404);

    expect(res.body).toEqual({ error: 'not_found', message: 'No se ha encontrado la conversación' });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=muchos', 'limit'],
    ['before=abc', 'before'],
  ])('refuses ?%s with 400 naming %s and marks nothing read', async (query, field) => {
    const { me, conversation } = await thread();
    const agent = await signedIn(me);
    const before = await counts();

    const res = await agent.get(`/api/conversations/${conversation.id}/messages?${query}`).expect(400);

    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a before that belongs to another conversation, marking nothing read', async () => {
    const { me, conversation } = await thread();
    const elsewhere = await thread();
    const agent = await signedIn(me);
    const before = await counts();

    const res = await agent.get(`/api/conversations/${conversation.id}/messages?before=${elsewhere.ids[1]}`).expect(400);

    expect(res.body.fields).toEqual({ before: 'El mensaje no pertenece a esta conversación' });
    expect(await counts()).toEqual(before);
  });

  it.each(['abc', '0', '99999999999'])('answers 400 naming id for the id %s', async (id) => {
    const res = await (await signedIn(await buildUser(t.knex))).get(`/api/conversations/${id}/messages`).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });
});

describe('POST /api/conversations/:id/read', () => {
  async function thread() {
    const me = await buildUser(t.knex, { roleName: 'inquilino' });
    const other = await buildUser(t.knex);
    const conversation = await buildConversation(t.knex, [other.id, me.id]);
    await buildMessage(conversation.id, other.id, '2026-03-01T10:00:00Z');
    await buildMessage(conversation.id, me.id, '2026-03-01T11:00:00Z');
    return { me, other, conversation };
  }

  it('answers 401 without a session and 403 to a role that may not use messages, marking nothing read', async () => {
    const { conversation } = await thread();
    const withoutAccess = await signedIn(await userWithoutAccess());
    const before = await counts();
    await t.request().post(`/api/conversations/${conversation.id}/read`).expect(401);
    await withoutAccess.post(`/api/conversations/${conversation.id}/read`).expect(403);
    expect(await counts()).toEqual(before);
  });

  it("marks the others' messages read for the user (its unread badge and list count clear), audited once, in one transaction", async () => {
    const { me, other, conversation } = await thread();
    const [mine, theirs] = [await signedIn(me), await signedIn(other)];
    const before = await counts();
    expect(await unreadFor(mine)).toEqual({ badge: 2, list: 2 });
    const otherUnread = await unreadFor(theirs);

    const res = await mine.post(`/api/conversations/${conversation.id}/read`).expect(200);

    expect(ConversationReadSchema.strict().parse(res.body)).toEqual({ readCount: 2 });
    expect(await unreadFor(mine)).toEqual({ badge: 0, list: 0 });
    // What the user sent stays unread for the other participant.
    expect(await unreadFor(theirs)).toEqual(otherUnread);
    expect(await counts()).toEqual({ ...before, unreadMessages: before.unreadMessages - 2, audit: before.audit + 1 });
    const auditRow = await t.knex('audit_log').where({ tableName: 'messages', recordId: String(conversation.id) }).first();
    expect(auditRow).toMatchObject({ userId: me.id, action: 'update', newValues: { readCount: 2 } });

    // Nothing left to mark: 0, and no second audit row.
    expect((await mine.post(`/api/conversations/${conversation.id}/read`).expect(200)).body).toEqual({ readCount: 0 });
    expect((await counts()).audit).toBe(before.audit + 1);
  });

  it('answers 404 to someone outside the conversation (even the super admin) and marks nothing read', async () => {
    const { me, conversation } = await thread();
    const mine = await signedIn(me);
    const outsiders = [await signedIn(await buildUser(t.knex, { roleName: 'super_admin' })), await signedIn(await buildUser(t.knex, { roleName: 'inquilino' }))];
    const before = await counts();
    const unreadBefore = await unreadFor(mine);

    for (const outsider of outsiders) {
      const res = await outsider.post(`/api/conversations/${conversation.id}/read`).expect(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No se ha encontrado la conversación' });
    }
    expect(await counts()).toEqual(before);
    expect(await unreadFor(mine)).toEqual({ badge: 2, list: 2 });
    expect(unreadBefore).toEqual({ badge: 2, list: 2 });
  });

  it.each(['abc', '0', '99999999999'])('answers 400 naming id for the id %s', async (id) => {
    const res = await (await signedIn(await buildUser(t.knex))).post(`/api/conversations/${id}/read`).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });
});

describe('searching and opening conversations', () => {
  it('searches the conversation list by title (accents and case ignored) and the contacts by name or email, counting what matches', async () => {
    const { owner, tenant, agente } = await portfolio();
    const asOwner = await signedIn(owner);
    const caldera = await buildConversation(t.knex, [owner.id, tenant.id], 'Revisión de la CALDERA');
    await buildConversation(t.knex, [owner.id, agente.id], 'Visita del martes');
    const found = await asOwner.get('/api/conversations?q=caldera').expect(200);
    expect(found.body.map((i: { conversation: { id: number } }) => i.conversation.id)).toEqual([caldera.id]);
    expect(found.headers['x-total-count']).toBe('1');
    expect((await asOwner.get('/api/conversations?q=revision').expect(200)).body).toHaveLength(1);
    expect((await asOwner.get(`/api/conversations/contacts?q=${encodeURIComponent(tenant.email.toUpperCase())}`).expect(200)).body.map((c: { id: number }) => c.id)).toEqual([tenant.id]);
    expect((await asOwner.get('/api/conversations?q=' + 'x'.repeat(101)).expect(400)).body.fields).toHaveProperty('q');
  });

  it('opens a conversation with its participants for a participant only (404 for anyone else, 400 for a bad id)', async () => {
    const { owner, tenant } = await portfolio();
    const conversation = await buildConversation(t.knex, [owner.id, tenant.id], 'Contrato');
    const res = await (await signedIn(tenant)).get(`/api/conversations/${conversation.id}`).expect(200);
    expect(ConversationDetailSchema.parse(res.body)).toMatchObject({ conversation: { id: conversation.id, title: 'Contrato' } });
    expect(res.body.participants.map((p: { id: number; roleName: string }) => [p.id, p.roleName]).sort()).toEqual(
      [
        [owner.id, 'propietario_individual'],
        [tenant.id, 'inquilino'],
      ].sort(),
    );
    const stranger = (await portfolio()).tenant;
    await (await signedIn(stranger)).get(`/api/conversations/${conversation.id}`).expect(404);
    await (await signedIn(owner)).get('/api/conversations/abc').expect(400);
  });
});
