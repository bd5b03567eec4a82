import { AgentPerformanceSchema, LeadSchema, VISIT_OVERLAP_MESSAGE, VisitSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildLead, buildProperty, buildTransaction, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
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

/** An agency with a manager and two agents, a managed property with a unit and a lead on it; and a second agency with the same. */
async function agencies() {
  const make = async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const agente = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const otherAgent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    await t.knex('main_properties').where('id', property.id).update({ assignedAgentUserId: agente.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const lead = await buildLead(t.knex, { rentableUnitId: unit.id, agencyId: agency.id, recipientUserId: owner.id, assignedAgentUserId: agente.id });
    return { agency, manager, agente, otherAgent, owner, property, unit, lead };
  };
  return { ours: await make(), theirs: await make() };
}

/** Tomorrow at `hour`:`minute` UTC, as the form sends it. */
const tomorrowAt = (hour: number, minute = 0) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
};

const counts = async () => ({ visits: await countRows(t.knex, 'visits'), leads: await t.knex('leads').select('id', 'status').orderBy('id'), audit: await countRows(t.knex, 'audit_log') });

describe('GET /api/leads', () => {
  it("lists the agency's leads to its agent and manager, and none of another agency's", async () => {
    const { ours, theirs } = await agencies();
    for (const user of [ours.agente, ours.manager]) {
      const res = await (await signedIn(user)).get('/api/leads?pageSize=100').expect(200);
      const ids = res.body.map((l: { id: number }) => l.id);
      expect(ids).toContain(ours.lead.id);
      expect(ids).not.toContain(theirs.lead.id);
      for (const lead of res.body) LeadSchema.parse(lead);
    }
    const agent = await signedIn(ours.agente);
    await agent.get(`/api/leads/${theirs.lead.id}`).expect(404);
    const mine = await agent.get('/api/leads?mine=true&pageSize=100').expect(200);
    expect(mine.body.every((l: { assignedAgent: { id: number } }) => l.assignedAgent.id === ours.agente.id)).toBe(true);
  });

  it('is refused to tenants (403); an owner or a delegate with no property sees none (issue 32: they see their own, leads.test.ts)', async () => {
    await (await signedIn(await buildUser(t.knex, { roleName: 'inquilino' }))).get('/api/leads').expect(403);
    for (const roleName of ['propietario_individual', 'propietario_delegado'] as const) {
      expect((await (await signedIn(await buildUser(t.knex, { roleName }))).get('/api/leads').expect(200)).body).toEqual([]);
    }
  });
});

describe('a lead from the public property page', () => {
  it("reaches the agent in charge of the property: in its Clientes Potenciales and its notifications", async () => {
    const { ours } = await agencies();
    const res = await t.request().post('/api/public/leads').send({ listingId: ours.lead.listingId, name: 'Lucía Pardo', email: 'lucia@example.com', message: '¿Puedo verlo el jueves?' }).expect(201);
    const agent = await signedIn(ours.agente);
    const mine = await agent.get('/api/leads?mine=true&status=Nuevo&pageSize=100').expect(200);
    expect(mine.body.find((l: { id: number }) => l.id === res.body.id)).toMatchObject({ name: 'Lucía Pardo', status: 'Nuevo', assignedAgent: { id: ours.agente.id } });
    const notifications = await agent.get('/api/notifications').expect(200);
    expect(notifications.body.map((n: { title: string }) => n.title)).toContain('Nuevo contacto');
  });
});

describe('PATCH /api/leads/:id', () => {
  it('moves a lead along the pipeline with notes, and refuses a move the pipeline does not allow (409, nothing written)', async () => {
    const { ours } = await agencies();
    const agent = await signedIn(ours.agente);
    const moved = await agent.patch(`/api/leads/${ours.lead.id}`).send({ status: 'Contactado', notes: 'Llamada: busca piso para enero' }).expect(200);
    expect(moved.body).toMatchObject({ status: 'Contactado', notes: 'Llamada: busca piso para enero' });
    await agent.patch(`/api/leads/${ours.lead.id}`).send({ status: 'Cerrado' }).expect(200);
    const before = await counts();
    const refused = await agent.patch(`/api/leads/${ours.lead.id}`).send({ status: 'Nuevo' }).expect(409);
    expect(refused.body).toEqual({ error: 'invalid_transition', message: 'No se puede pasar un cliente potencial de Cerrado a Nuevo' });
    expect(await counts()).toEqual(before);
  });

  it("refuses another agency's lead (404) and an unknown status (400), writing nothing", async () => {
    const { ours, theirs } = await agencies();
    const agent = await signedIn(ours.agente);
    const before = await counts();
    await agent.patch(`/api/leads/${theirs.lead.id}`).send({ status: 'Contactado' }).expect(404);
    const bad = await agent.patch(`/api/leads/${ours.lead.id}`).send({ status: 'Ganado' }).expect(400);
    expect(bad.body.fields).toEqual({ status: 'Estado no válido' });
    expect(await counts()).toEqual(before);
  });

  it("starts a lead at priority 'Media'; the agent marks it 'Alta' (audited) and nothing else is accepted", async () => {
    const { ours } = await agencies();
    const agent = await signedIn(ours.agente);
    expect(LeadSchema.parse((await agent.get(`/api/leads/${ours.lead.id}`).expect(200)).body).priority).toBe('Media');
    const marked = await agent.patch(`/api/leads/${ours.lead.id}`).send({ priority: 'Alta' }).expect(200);
    expect(marked.body).toMatchObject({ priority: 'Alta', status: 'Nuevo' });
    expect(await t.knex('audit_log').where({ tableName: 'leads', recordId: String(ours.lead.id) }).orderBy('id', 'desc').first()).toMatchObject({ oldValues: { priority: 'Media' }, newValues: { priority: 'Alta' } });
    const before = await counts();
    const bad = await agent.patch(`/api/leads/${ours.lead.id}`).send({ priority: 'Urgente' }).expect(400);
    expect(bad.body.fields).toEqual({ priority: 'Elige Alta o Media' });
    expect(await counts()).toEqual(before);
  });

  it('lets the manager reassign a lead to another agent of the agency, not an agent', async () => {
    const { ours, theirs } = await agencies();
    const res = await (await signedIn(ours.manager)).patch(`/api/leads/${ours.lead.id}`).send({ assignedAgentUserId: ours.otherAgent.id }).expect(200);
    expect(res.body.assignedAgent.id).toBe(ours.otherAgent.id);
    const foreign = await (await signedIn(ours.manager)).patch(`/api/leads/${ours.lead.id}`).send({ assignedAgentUserId: theirs.agente.id }).expect(400);
    expect(Object.keys(foreign.body.fields)).toEqual(['assignedAgentUserId']);
    await (await signedIn(ours.agente)).patch(`/api/leads/${ours.lead.id}`).send({ assignedAgentUserId: ours.agente.id }).expect(403);
  });
});

describe('POST /api/visits', () => {
  it("books a visit for a lead, moves the lead to 'Visita programada' and lists it under the agent's visits", async () => {
    const { ours } = await agencies();
    const agent = await signedIn(ours.agente);
    const res = await agent.post('/api/visits').send({ leadId: ours.lead.id, rentableUnitId: ours.unit.id, startsAt: tomorrowAt(16), durationMinutes: 45, notes: 'Primera visita' }).expect(201);
    const visit = VisitSchema.parse(res.body);
    expect(visit).toMatchObject({ leadId: ours.lead.id, status: 'Programada', agent: { id: ours.agente.id }, unit: { id: ours.unit.id } });
    expect(new Date(visit.endsAt).getTime() - new Date(visit.startsAt).getTime()).toBe(45 * 60_000);
    expect((await agent.get(`/api/leads/${ours.lead.id}`).expect(200)).body.status).toBe('Visita programada');
    const mine = await agent.get('/api/visits?mine=true').expect(200);
    expect(mine.body.map((v: { id: number }) => v.id)).toContain(visit.id);
  });

  it('refuses a second visit of the same agent that overlaps, with the Spanish message, and writes nothing', async () => {
    const { ours } = await agencies();
    const agent = await signedIn(ours.agente);
    await agent.post('/api/visits').send({ contactName: 'Clara Benítez', rentableUnitId: ours.unit.id, startsAt: tomorrowAt(10), durationMinutes: 60 }).expect(201);
    const before = await counts();
    const clash = await agent.post('/api/visits').send({ leadId: ours.lead.id, rentableUnitId: ours.unit.id, startsAt: tomorrowAt(10, 30), durationMinutes: 30 }).expect(409);
    expect(clash.body).toEqual({ error: 'conflict', message: VISIT_OVERLAP_MESSAGE, fields: { startsAt: VISIT_OVERLAP_MESSAGE } });
    expect(await counts()).toEqual(before);
    // Back to back is not an overlap; another agent at the same time is not either.
    await agent.post('/api/visits').send({ contactName: 'Marco Rossi', rentableUnitId: ours.unit.id, startsAt: tomorrowAt(11), durationMinutes: 30 }).expect(201);
    await (await signedIn(ours.manager)).post('/api/visits').send({ contactName: 'Ana', rentableUnitId: ours.unit.id, agentUserId: ours.otherAgent.id, startsAt: tomorrowAt(10), durationMinutes: 60 }).expect(201);
  });

  it('lets only one of two simultaneous bookings of the same slot through', async () => {
    const { ours } = await agencies();
    const [a, b] = [await signedIn(ours.agente), await signedIn(ours.agente)];
    const results = await Promise.all([
      a.post('/api/visits').send({ contactName: 'Uno', rentableUnitId: ours.unit.id, startsAt: tomorrowAt(18), durationMinutes: 60 }),
      b.post('/api/visits').send({ contactName: 'Dos', rentableUnitId: ours.unit.id, startsAt: tomorrowAt(18, 30), durationMinutes: 60 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("calls a lead's first visit 'Primera visita' and any later one 'Segunda visita'; a cancelled one does not count", async () => {
    const { ours } = await agencies();
    const agent = await signedIn(ours.agente);
    const book = async (hour: number, body: Record<string, unknown>) =>
      (await agent.post('/api/visits').send({ rentableUnitId: ours.unit.id, startsAt: tomorrowAt(hour), durationMinutes: 30, ...body }).expect(201)).body.id as number;
    const cancelled = await book(8, { leadId: ours.lead.id });
    await agent.patch(`/api/visits/${cancelled}`).send({ status: 'Cancelada' }).expect(200);
    const first = await book(9, { leadId: ours.lead.id });
    const second = await book(13, { leadId: ours.lead.id });
    // Without a lead: the same contact at the same unit.
    const walkIn = await book(10, { contactName: 'Luis Pardo' });
    const walkInAgain = await book(15, { contactName: 'luis pardo' });
    const typeOf = new Map(VisitSchema.array().parse((await agent.get('/api/visits?mine=true&pageSize=100').expect(200)).body).map((v) => [v.id, v.visitType]));
    expect([first, second, walkIn, walkInAgain].map((id) => typeOf.get(id))).toEqual(['Primera visita', 'Segunda visita', 'Primera visita', 'Segunda visita']);
  });

  it('frees the slot when the visit is cancelled', async () => {
    const { ours } = await agencies();
    const agent = await signedIn(ours.agente);
    const first = await agent.post('/api/visits').send({ contactName: 'Clara', rentableUnitId: ours.unit.id, startsAt: tomorrowAt(12), durationMinutes: 30 }).expect(201);
    await agent.patch(`/api/visits/${first.body.id}`).send({ status: 'Cancelada' }).expect(200);
    await agent.post('/api/visits').send({ contactName: 'Luis', rentableUnitId: ours.unit.id, startsAt: tomorrowAt(12), durationMinutes: 30 }).expect(201);
    const again = await agent.patch(`/api/visits/${first.body.id}`).send({ status: 'Programada' }).expect(409);
    expect(again.body.message).toBe('No se puede pasar una visita de Cancelada a Programada');
  });

  it("refuses another agency's unit or lead (404), a past date and a missing contact (400)", async () => {
    const { ours, theirs } = await agencies();
    const agent = await signedIn(ours.agente);
    const before = await counts();
    expect((await agent.post('/api/visits').send({ contactName: 'X', rentableUnitId: theirs.unit.id, startsAt: tomorrowAt(9) }).expect(404)).body.fields).toEqual({ rentableUnitId: 'No se ha encontrado la unidad' });
    await agent.post('/api/visits').send({ leadId: theirs.lead.id, rentableUnitId: ours.unit.id, startsAt: tomorrowAt(9) }).expect(404);
    const past = await agent.post('/api/visits').send({ contactName: 'X', rentableUnitId: ours.unit.id, startsAt: '2020-01-01T10:00:00Z' }).expect(400);
    expect(past.body.fields).toEqual({ startsAt: 'La visita no puede ser en el pasado' });
    const nobody = await agent.post('/api/visits').send({ rentableUnitId: ours.unit.id, startsAt: tomorrowAt(9) }).expect(400);
    expect(nobody.body.fields).toEqual({ contactName: 'Indica con quién es la visita' });
    await agent.post('/api/visits').send({ contactName: 'X', rentableUnitId: ours.unit.id, agentUserId: ours.otherAgent.id, startsAt: tomorrowAt(9) }).expect(400);
    expect(await counts()).toEqual(before);
  });

  it("does not show one agency's visits to another (list and update)", async () => {
    const { ours, theirs } = await agencies();
    const created = await (await signedIn(ours.agente)).post('/api/visits').send({ contactName: 'Clara', rentableUnitId: ours.unit.id, startsAt: tomorrowAt(15) }).expect(201);
    const other = await signedIn(theirs.agente);
    expect((await other.get('/api/visits?pageSize=100').expect(200)).body.map((v: { id: number }) => v.id)).not.toContain(created.body.id);
    await other.patch(`/api/visits/${created.body.id}`).send({ status: 'Realizada' }).expect(404);
    await (await signedIn(ours.otherAgent)).patch(`/api/visits/${created.body.id}`).send({ status: 'Realizada' }).expect(403);
    await (await signedIn(ours.owner)).post('/api/visits').send({ contactName: 'X', rentableUnitId: ours.unit.id, startsAt: tomorrowAt(9) }).expect(403);
  });
});

describe('GET /api/leads and /api/visits: the lists (issue 33)', () => {
  it('sorts the leads by ?sort=createdAt or name (id breaking ties), keeps status, mine and q, and counts only what the filters leave', async () => {
    const { ours, theirs } = await agencies();
    const lead = async (name: string, createdAt: string, input: { status?: string; assignedAgentUserId?: number } = {}) => {
      const made = await buildLead(t.knex, { rentableUnitId: ours.unit.id, agencyId: ours.agency.id, recipientUserId: ours.owner.id, name, ...input });
      await t.knex('leads').where('id', made.id).update({ createdAt, email: `${name.toLowerCase().replace(/\W/g, '')}@example.com` });
      return made.id;
    };
    // The agencies() lead is the newest: it was made now.
    const alvaro = await lead('Álvaro Ruiz', '2026-03-01T10:00:00Z', { assignedAgentUserId: ours.agente.id });
    const beatriz = await lead('beatriz Sanz', '2026-03-02T10:00:00Z', { status: 'Contactado' });
    const carmen = await lead('Carmen Ruiz', '2026-03-02T10:00:00Z', { assignedAgentUserId: ours.agente.id, status: 'Contactado' });
    // Another agency's lead matches every filter and is never listed nor counted.
    await buildLead(t.knex, { rentableUnitId: theirs.unit.id, agencyId: theirs.agency.id, assignedAgentUserId: theirs.agente.id, status: 'Contactado', name: 'Rosa Ruiz' });
    const seed = ours.lead.id;
    const manager = await signedIn(ours.manager);
    const ids = async (query: string, as = manager) => {
      const res = await as.get(`/api/leads?${query}`).expect(200);
      return [res.body.map((l: { id: number }) => l.id), res.headers['x-total-count']];
    };
    expect(await ids('')).toEqual([[seed, carmen, beatriz, alvaro], '4']);
    expect(await ids('sort=createdAt')).toEqual([[alvaro, beatriz, carmen, seed], '4']);
    expect(await ids('sort=-createdAt&pageSize=3&page=2')).toEqual([[alvaro], '4']);
    // Names as a reader orders them ('Cliente N' is the seed's): accents and case do not push 'Álvaro' or 'beatriz' to the end.
    expect(await ids('sort=name')).toEqual([[alvaro, beatriz, carmen, seed], '4']);
    expect(await ids('sort=-name')).toEqual([[seed, carmen, beatriz, alvaro], '4']);
    expect(await ids('status=Contactado')).toEqual([[carmen, beatriz], '2']);
    expect(await ids('q=ruiz&sort=name')).toEqual([[alvaro, carmen], '2']);
    expect(await ids('mine=true', await signedIn(ours.agente))).toEqual([[seed, carmen, alvaro], '3']);
    expect(await ids('mine=true&status=Contactado&q=carmen', await signedIn(ours.agente))).toEqual([[carmen], '1']);
  });

  it('sorts the visits by ?sort=startsAt (soonest first by default, id breaking ties), keeps from, to, status and mine, and counts only what the filters leave', async () => {
    const { ours, theirs } = await agencies();
    const visit = async (startsAt: string, agentUserId: number, status = 'Programada', unitId = ours.unit.id) => {
      const endsAt = new Date(new Date(startsAt).getTime() + 30 * 60_000);
      const [row] = await t.knex('visits').insert({ contactName: 'Clara', rentableUnitId: unitId, agentUserId, startsAt, endsAt, status }).returning('id');
      return row.id as number;
    };
    const early = await visit('2026-05-04T08:00:00Z', ours.agente.id);
    const tieA = await visit('2026-05-05T09:00:00Z', ours.agente.id, 'Realizada');
    const tieB = await visit('2026-05-05T09:00:00Z', ours.otherAgent.id);
    // 22:30 UTC on 5 May is 6 May in Madrid.
    const late = await visit('2026-05-05T22:30:00Z', ours.otherAgent.id, 'Cancelada');
    // Another agency's visit matches every filter and is never listed nor counted.
    await visit('2026-05-05T09:00:00Z', theirs.agente.id, 'Programada', theirs.unit.id);
    const manager = await signedIn(ours.manager);
    const ids = async (query: string, as = manager) => {
      const res = await as.get(`/api/visits?${query}`).expect(200);
      return [res.body.map((v: { id: number }) => v.id), res.headers['x-total-count']];
    };
    expect(await ids('')).toEqual([[early, tieA, tieB, late], '4']);
    expect(await ids('sort=startsAt')).toEqual([[early, tieA, tieB, late], '4']);
    expect(await ids('sort=-startsAt')).toEqual([[late, tieB, tieA, early], '4']);
    expect(await ids('sort=-startsAt&pageSize=3&page=2')).toEqual([[early], '4']);
    expect(await ids('from=2026-05-05&to=2026-05-05')).toEqual([[tieA, tieB], '2']);
    expect(await ids('from=2026-05-06')).toEqual([[late], '1']);
    expect(await ids('status=Programada')).toEqual([[early, tieB], '2']);
    expect(await ids('mine=true', await signedIn(ours.agente))).toEqual([[early, tieA], '2']);
    expect(await ids('mine=true&status=Programada&sort=-startsAt', await signedIn(ours.otherAgent))).toEqual([[tieB], '1']);
  });

  it.each([
    ['leads', 'sort=email', 'sort'],
    ['leads', 'sort=-', 'sort'],
    ['leads', 'status=Perdido', 'status'],
    ['leads', 'mine=si', 'mine'],
    ['visits', 'sort=endsAt', 'sort'],
    ['visits', 'sort=--startsAt', 'sort'],
    ['visits', 'from=2026-02-30', 'from'],
    ['visits', 'from=2026-05-06&to=2026-05-05', 'to'],
    ['visits', 'status=Hecha', 'status'],
  ])('refuses /api/%s?%s with 400 naming %s', async (list, query, field) => {
    const { ours } = await agencies();
    const res = await (await signedIn(ours.manager)).get(`/api/${list}?${query}`).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});

describe('GET /api/agents/me/performance and /properties', () => {
  it("counts this month's leads, visits, signed contracts and the commission on collected rent against the target", async () => {
    const { ours } = await agencies();
    await t.knex('agencies').where('id', ours.agency.id).update({ commissionRate: '10.00' });
    await t.knex('users').where('id', ours.agente.id).update({ monthlyTarget: '200.00' });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const contract = await buildContract(t.knex, { rentableUnitId: ours.unit.id, tenantUserIds: [tenant.id] });
    const today = todayIso();
    await buildTransaction(t.knex, { mainPropertyId: ours.property.id, rentableUnitId: ours.unit.id, contractId: contract.id, type: 'Ingreso', amount: '950.55', transactionDate: today });
    const agent = await signedIn(ours.agente);
    await agent.post('/api/visits').send({ leadId: ours.lead.id, rentableUnitId: ours.unit.id, startsAt: tomorrowAt(8) }).expect(201);
    const res = await agent.get('/api/agents/me/performance').expect(200);
    const figures = AgentPerformanceSchema.parse(res.body);
    // 10 % of 950,55 € is 95,055 €, rounded to the cent in SQL.
    expect(figures).toMatchObject({ leads: 1, signedContracts: 1, commissions: '95.06', commissionRate: '10.00', monthlyTarget: '200.00', progress: 47.5 });
    // The visit is tomorrow: it counts unless tomorrow is already next month.
    expect(figures.visits).toBe(todayIso(new Date(tomorrowAt(8))).slice(0, 7) === today.slice(0, 7) ? 1 : 0);
    const properties = await agent.get('/api/agents/me/properties').expect(200);
    // A visit to come and one unit free: 'En visita', asking that unit's rent (the spec's sample: type, price, status).
    expect(properties.body).toEqual([
      expect.objectContaining({ id: ours.property.id, units: 1, rentedUnits: 0, openLeads: 1, unitTypes: ['vivienda'], monthlyRent: '950.00', status: 'En visita' }),
    ]);
    await t.knex('visits').where({ rentableUnitId: ours.unit.id }).update({ status: 'Cancelada' });
    expect((await agent.get('/api/agents/me/properties').expect(200)).body[0]).toMatchObject({ status: 'Disponible', monthlyRent: '950.00' });
    await t.knex('rentable_units').where({ id: ours.unit.id }).update({ currentStatus: 'Alquilado' });
    expect((await agent.get('/api/agents/me/properties').expect(200)).body[0]).toMatchObject({ status: 'Alquilada', monthlyRent: '0.00', rentedUnits: 1 });
    expect((await (await signedIn(ours.otherAgent)).get('/api/agents/me/properties').expect(200)).body).toEqual([]);
  });
});
