import { BadgeCountsSchema } from '@arrendia/api-contract';
import { buildContract, buildConversation, buildIncident, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';
import type { User } from '../../models/User';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function badgesOf(user: User) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  const res = await agent.get('/api/badges').expect(200);
  return BadgeCountsSchema.parse(res.body);
}

describe('GET /api/badges', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/badges').expect(401);
  });

  it('counts open incidents in scope and unread messages from others', async () => {
    const owner = await buildUser(t.knex);
    const other = await buildUser(t.knex);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
    for (const status of ['Abierta', 'En Progreso', 'Resuelta', 'Cerrada'] as const) await buildIncident(t.knex, { rentableUnitId: unit.id, status });
    const foreign = await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: other.id })).id });
    await buildIncident(t.knex, { rentableUnitId: foreign.id });

    // One message from the tenant (unread by the owner), one from the owner, one already read.
    const conversation = await buildConversation(t.knex, [tenant.id, owner.id]);
    await t.knex('messages').insert({ conversationId: conversation.id, senderUserId: owner.id, content: 'Respuesta' });
    await t.knex('messages').insert({ conversationId: conversation.id, senderUserId: tenant.id, content: 'Leído', readAt: new Date() });

    expect(await badgesOf(owner)).toEqual({ openIncidents: 2, unreadMessages: 1 });
    expect(await badgesOf(tenant)).toEqual({ openIncidents: 0, unreadMessages: 1 });
    expect(await badgesOf(other)).toEqual({ openIncidents: 1, unreadMessages: 0 });
  });
});
