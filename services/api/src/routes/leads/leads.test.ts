import { LeadSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { buildAgency, buildLead, buildProperty, buildUnit, buildUser, delegate, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

/**
 * Every lead reaches a person (issue 32, point 6): the agent in charge of the property, else the
 * agency's managers, else the owner; the owner (and its delegate) sees the leads about its own
 * properties whoever manages them, and the 'Nuevo contacto' notification opens the lead.
 * (The agency side of GET|PATCH /api/leads is in visits.test.ts; the scope of every role on both
 * engines in the authorization matrix.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const Leads = z.array(LeadSchema);

/** A visitor's message through the public page, as a signed-out browser sends it. */
async function contact(listingId: number, name: string) {
  const res = await t.request().post('/api/public/leads').send({ listingId, name, email: `${name.toLowerCase()}@example.com`, message: '¿Sigue disponible?' }).expect(201);
  return (await t.knex('leads').where({ id: res.body.id }).first()) as { id: number; assignedAgentUserId: number | null; agencyId: number | null; recipientUserId: number | null };
}

/** A published listing on a new unit of `property` (buildLead makes the listing with a first lead). */
async function listingOf(propertyId: number) {
  const unit = await buildUnit(t.knex, { mainPropertyId: propertyId });
  return (await buildLead(t.knex, { rentableUnitId: unit.id })).listingId;
}

const toldAbout = (leadId: number) => t.knex('notifications').where({ notificationType: 'new_lead', relatedEntityType: 'lead', relatedEntityId: leadId }).orderBy('recipientUserId').pluck('recipientUserId');

describe('a new lead', () => {
  it('goes to the agent in charge while it is an active agent of the managing agency, else to the agency; the notification names the lead', async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    await t.knex('main_properties').where({ id: property.id }).update({ assignedAgentUserId: agent.id });
    const listingId = await listingOf(property.id);

    const first = await contact(listingId, 'Clara');
    expect(first).toMatchObject({ assignedAgentUserId: agent.id, agencyId: agency.id, recipientUserId: owner.id });
    expect(await toldAbout(first.id)).toEqual([owner.id, manager.id, agent.id].sort((a, b) => a - b));

    // The agent moved to another agency: the lead stays with the agency (its managers), not with it.
    await t.knex('users').where({ id: agent.id }).update({ agencyId: (await buildAgency(t.knex)).id });
    const second = await contact(listingId, 'Bruno');
    expect(second).toMatchObject({ assignedAgentUserId: null, agencyId: agency.id });
    expect(await toldAbout(second.id)).toEqual([owner.id, manager.id].sort((a, b) => a - b));
  });

  it('about a property no agency manages reaches its owner, who sees it, moves it and keeps notes; its delegate sees it; nobody else does', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const lead = await contact(await listingOf(property.id), 'Daniela');
    expect(lead).toMatchObject({ assignedAgentUserId: null, agencyId: null });
    expect(await toldAbout(lead.id)).toEqual([owner.id]);

    const ownerSession = await signIn(t, owner);
    const listed = Leads.parse((await ownerSession.get('/api/leads?pageSize=100').expect(200)).body);
    expect(listed.map((l) => l.id)).toContain(lead.id);
    expect(listed.every((l) => l.property.id === property.id)).toBe(true);
    expect(LeadSchema.parse((await ownerSession.get(`/api/leads/${lead.id}`).expect(200)).body).name).toBe('Daniela');
    const moved = await ownerSession.patch(`/api/leads/${lead.id}`).send({ status: 'Contactado', notes: 'Llamada el lunes' }).expect(200);
    expect(moved.body).toMatchObject({ status: 'Contactado', notes: 'Llamada el lunes' });
    // Reassigning is the agency manager's.
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: (await buildAgency(t.knex)).id });
    const refused = await ownerSession.patch(`/api/leads/${lead.id}`).send({ assignedAgentUserId: agent.id }).expect(403);
    expect(refused.body.message).toBe('Solo el gestor de la agencia reasigna clientes potenciales');

    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    await delegate(t.knex, owner.id, delegado.id);
    const delegateSession = await signIn(t, delegado);
    expect(Leads.parse((await delegateSession.get('/api/leads?pageSize=100').expect(200)).body).map((l) => l.id)).toContain(lead.id);

    const stranger = await signIn(t, await buildUser(t.knex));
    expect(Leads.parse((await stranger.get('/api/leads?pageSize=100').expect(200)).body).map((l) => l.id)).not.toContain(lead.id);
    await stranger.get(`/api/leads/${lead.id}`).expect(404);
    await stranger.patch(`/api/leads/${lead.id}`).send({ notes: 'mía' }).expect(404);
    const tenant = await signIn(t, await buildUser(t.knex, { roleName: 'inquilino' }));
    await tenant.get('/api/leads').expect(403);
  });
});
