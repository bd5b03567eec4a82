import { ErrorBodySchema, IncidentDetailSchema, IncidentListItemSchema, type IncidentStatus } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildIncident, buildProperty, buildUnit, buildUser, delegate, FACTORY_PASSWORD } from '../../test/factories';
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

/** An owner's property managed by an agency, with one unit let to a tenant and a second, empty unit. */
async function portfolio() {
  const agency = await buildAgency(t.knex);
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual', firstName: 'Olga' });
  const agencyAdmin = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
  const agente = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Tomás', lastName: 'Inquilino' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const otherUnit = await buildUnit(t.knex, { mainPropertyId: property.id });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
  return { agency, owner, agencyAdmin, agente, tenant, property, unit, otherUnit, contract };
}

const counts = async () => ({
  incidents: await countRows(t.knex, 'incidents'),
  notifications: await countRows(t.knex, 'notifications'),
  audit: await countRows(t.knex, 'audit_log'),
});

const validIncident = (rentableUnitId: number) => ({
  rentableUnitId,
  incidentCategory: 'Fontanería',
  title: 'Fuga en la cocina',
  description: 'El fregadero pierde agua por debajo.',
  priority: 'Alta',
  costEstimate: 120.5,
});

describe('GET /api/incidents', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().get('/api/incidents').expect(401);
    expect(ErrorBodySchema.parse(res.body).error).toBe('unauthorized');
  });

  it('answers 403 to a role that may not read incidents', async () => {
    const agent = await signedIn(await userWithoutAccess());
    const res = await agent.get('/api/incidents').expect(403);
    expect(res.body.error).toBe('forbidden');
  });

  it("lists the owner's incidents newest first with unit, property and reporter, and no other owner's", async () => {
    const { owner, tenant, property, unit, otherUnit, contract } = await portfolio();
    const older = await buildIncident(t.knex, { rentableUnitId: unit.id, reportedByUserId: tenant.id, contractId: contract.id });
    const newer = await buildIncident(t.knex, { rentableUnitId: otherUnit.id, priority: 'Urgente' });
    const sameTime = await buildIncident(t.knex, { rentableUnitId: otherUnit.id });
    await t.knex('incidents').where({ id: older.id }).update({ createdAt: new Date('2026-03-01T10:00:00Z') });
    await t.knex('incidents').whereIn('id', [newer.id, sameTime.id]).update({ createdAt: new Date('2026-03-02T10:00:00Z') });
    const stranger = await portfolio();
    await buildIncident(t.knex, { rentableUnitId: stranger.unit.id });

    const res = await (await signedIn(owner)).get('/api/incidents').expect(200);

    const items = IncidentListItemSchema.array().parse(res.body);
    expect(res.headers['x-total-count']).toBe('3');
    expect(items.map((i) => i.incident.id)).toEqual([sameTime.id, newer.id, older.id]);
    expect(items[2]).toEqual({
      incident: expect.objectContaining({ id: older.id, status: 'Abierta', priority: 'Media', incidentCategory: 'Fontanería', contractId: contract.id }),
      unit: { id: unit.id, unitName: unit.unitName },
      property: { id: property.id, propertyName: property.propertyName },
      reporter: { firstName: 'Tomás', lastName: 'Inquilino' },
    });
    expect(items[0].reporter).toBeNull();
  });

  it('shows a tenant the incidents it reported or on its contracts, not those of the unit next door', async () => {
    const { tenant, unit, otherUnit, contract, owner } = await portfolio();
    const neighbour = await buildUser(t.knex, { roleName: 'inquilino' });
    const neighbourContract = await buildContract(t.knex, { rentableUnitId: otherUnit.id, tenantUserIds: [neighbour.id] });
    const reported = await buildIncident(t.knex, { rentableUnitId: unit.id, reportedByUserId: tenant.id, contractId: contract.id });
    const onContract = await buildIncident(t.knex, { rentableUnitId: unit.id, reportedByUserId: owner.id, contractId: contract.id });
    await buildIncident(t.knex, { rentableUnitId: otherUnit.id, reportedByUserId: neighbour.id, contractId: neighbourContract.id });

    const res = await (await signedIn(tenant)).get('/api/incidents').expect(200);

    expect(IncidentListItemSchema.array().parse(res.body).map((i) => i.incident.id).sort()).toEqual([reported.id, onContract.id].sort());
  });

  it('shows a delegated owner the incidents of its principal, and an agent those of its agency', async () => {
    const { owner, agente, unit } = await portfolio();
    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    await delegate(t.knex, owner.id, delegado.id);
    const incident = await buildIncident(t.knex, { rentableUnitId: unit.id });

    for (const user of [delegado, agente]) {
      const res = await (await signedIn(user)).get('/api/incidents').expect(200);
      expect(res.body.map((i: { incident: { id: number } }) => i.incident.id)).toEqual([incident.id]);
    }
  });

  it('filters by status, priority and property, and pages with X-Total-Count', async () => {
    const { owner, unit } = await portfolio();
    const second = await buildProperty(t.knex, { ownerUserId: owner.id });
    const secondUnit = await buildUnit(t.knex, { mainPropertyId: second.id });
    const open = await buildIncident(t.knex, { rentableUnitId: unit.id, priority: 'Alta' });
    const inProgress = await buildIncident(t.knex, { rentableUnitId: unit.id, status: 'En Progreso' });
    const elsewhere = await buildIncident(t.knex, { rentableUnitId: secondUnit.id, priority: 'Alta' });
    const agent = await signedIn(owner);
    const ids = (res: { body: { incident: { id: number } }[] }) => res.body.map((i) => i.incident.id).sort();

    expect(ids(await agent.get('/api/incidents?status=En%20Progreso').expect(200))).toEqual([inProgress.id]);
    expect(ids(await agent.get('/api/incidents?priority=Alta').expect(200))).toEqual([open.id, elsewhere.id].sort());
    expect(ids(await agent.get(`/api/incidents?propertyId=${second.id}`).expect(200))).toEqual([elsewhere.id]);
    expect(ids(await agent.get('/api/incidents?status=&priority=').expect(200))).toHaveLength(3);

    const page2 = await agent.get('/api/incidents?page=2&pageSize=2').expect(200);
    expect(page2.headers['x-total-count']).toBe('3');
    expect(page2.body).toHaveLength(1);
    const beyond = await agent.get('/api/incidents?page=99&pageSize=100').expect(200);
    expect(beyond.body).toEqual([]);
  });

  it('sorts by ?sort= (id breaking ties), searches title and description, filters by Madrid days, and the total is the filtered count', async () => {
    const { owner, unit, agencyAdmin } = await portfolio();
    const stranger = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const strangerUnit = await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: stranger.id })).id });
    const boiler = await buildIncident(t.knex, { rentableUnitId: unit.id, title: 'Caldera sin presión', createdAt: new Date('2026-03-01T10:00:00Z') });
    const leak = await buildIncident(t.knex, { rentableUnitId: unit.id, title: 'Ático: gotera', description: 'Agua en el techo del salón', createdAt: new Date('2026-03-31T22:30:00Z') });
    const blind = await buildIncident(t.knex, { rentableUnitId: unit.id, title: 'Persiana rota', createdAt: new Date('2026-04-02T08:00:00Z') });
    // Another owner's incident matches every filter and is never counted.
    await buildIncident(t.knex, { rentableUnitId: strangerUnit.id, title: 'Caldera rota', createdAt: new Date('2026-03-15T10:00:00Z') });
    const ids = (res: { body: { incident: { id: number } }[] }) => res.body.map((i) => i.incident.id);
    for (const user of [owner, agencyAdmin]) {
      const agent = await signedIn(user);
      expect(ids(await agent.get('/api/incidents').expect(200))).toEqual([blind.id, leak.id, boiler.id]);
      expect(ids(await agent.get('/api/incidents?sort=createdAt').expect(200))).toEqual([boiler.id, leak.id, blind.id]);
      expect(ids(await agent.get('/api/incidents?sort=-createdAt&pageSize=2&page=2').expect(200))).toEqual([boiler.id]);
      expect(ids(await agent.get('/api/incidents?sort=title').expect(200))).toEqual([leak.id, boiler.id, blind.id]);
      // Accents and case folded; the description is searched too.
      const search = await agent.get('/api/incidents?q=CALDERA').expect(200);
      expect([ids(search), search.headers['x-total-count']]).toEqual([[boiler.id], '1']);
      expect(ids(await agent.get('/api/incidents?q=techo').expect(200))).toEqual([leak.id]);
      // 2026-03-31T22:30Z is 1 April in Madrid.
      const march = await agent.get('/api/incidents?from=2026-03-01&to=2026-03-31').expect(200);
      expect([ids(march), march.headers['x-total-count']]).toEqual([[boiler.id], '1']);
      const april = await agent.get('/api/incidents?from=2026-04-01&sort=createdAt').expect(200);
      expect([ids(april), april.headers['x-total-count']]).toEqual([[leak.id, blind.id], '2']);
    }
  });

  it.each([
    ['sort=coste', 'sort'],
    ['sort=-', 'sort'],
    ['sort=--createdAt', 'sort'],
    ['from=2026-02-30', 'from'],
    ['from=2026-04-02&to=2026-04-01', 'to'],
    ['status=Perdida', 'status'],
    ['priority=Muy%20alta', 'priority'],
    ['propertyId=abc', 'propertyId'],
    ['propertyId=99999999999', 'propertyId'],
    ['pageSize=101', 'pageSize'],
    ['page=0', 'page'],
    ['status=Abierta&status=Cerrada', 'status'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { owner } = await portfolio();
    const res = await (await signedIn(owner)).get(`/api/incidents?${query}`).expect(400);
    expect(Object.keys(ErrorBodySchema.parse(res.body).fields ?? {})).toEqual([field]);
  });
});

describe('POST /api/incidents', () => {
  it('answers 401 without a session and writes nothing', async () => {
    const { unit } = await portfolio();
    const before = await counts();
    await t.request().post('/api/incidents').send(validIncident(unit.id)).expect(401);
    expect(await counts()).toEqual(before);
  });

  it('answers 403 to a role that may not report incidents', async () => {
    const { unit } = await portfolio();
    const agent = await signedIn(await userWithoutAccess());
    const before = await counts();
    await agent.post('/api/incidents').send(validIncident(unit.id)).expect(403);
    expect(await counts()).toEqual(before);
  });

  it("lets a tenant report on its unit: Abierta, on its contract, audited once, the owner and the agency's admin told", async () => {
    const { tenant, owner, agencyAdmin, property, unit, contract } = await portfolio();
    const agent = await signedIn(tenant);
    const before = await counts();

    const res = await agent.post('/api/incidents').send(validIncident(unit.id)).expect(201);

    const item = IncidentListItemSchema.parse(res.body);
    expect(item).toEqual({
      incident: expect.objectContaining({
        title: 'Fuga en la cocina',
        status: 'Abierta',
        priority: 'Alta',
        costEstimate: '120.50',
        reportedByUserId: tenant.id,
        contractId: contract.id,
        rentableUnitId: unit.id,
        closedAt: null,
      }),
      unit: { id: unit.id, unitName: unit.unitName },
      property: { id: property.id, propertyName: property.propertyName },
      reporter: { firstName: 'Tomás', lastName: 'Inquilino' },
    });
    expect(await counts()).toEqual({ incidents: before.incidents + 1, notifications: before.notifications + 2, audit: before.audit + 1 });
    const auditRow = await t.knex('audit_log').where({ tableName: 'incidents', recordId: String(item.incident.id) }).first();
    expect(auditRow).toMatchObject({ userId: tenant.id, action: 'create', oldValues: null, newValues: expect.objectContaining({ status: 'Abierta', title: 'Fuga en la cocina' }) });
    const notified = await t.knex('notifications').where({ relatedEntityType: 'incident', relatedEntityId: item.incident.id }).orderBy('recipientUserId');
    expect(notified.map((n) => n.recipientUserId)).toEqual([owner.id, agencyAdmin.id].sort((a, b) => a - b));
    expect(notified[0]).toMatchObject({ notificationType: 'new_incident', title: 'Nueva incidencia', isRead: false });
    expect(notified[0].message).toBe(`Tomás Inquilino ha reportado «Fuga en la cocina» en ${unit.unitName}`);
  });

  it("files a staff report under the unit's Activo contract and never notifies the reporter", async () => {
    const { owner, agencyAdmin, unit, contract } = await portfolio();
    // The next tenancy, signed but not started: newer than the Activo one, and not it.
    await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Pendiente', startDate: '2027-01-01', endDate: '2027-12-31' });

    const res = await (await signedIn(owner)).post('/api/incidents').send({ ...validIncident(unit.id), priority: undefined, costEstimate: '' }).expect(201);

    const { incident } = IncidentListItemSchema.parse(res.body);
    expect(incident).toMatchObject({ contractId: contract.id, priority: 'Media', costEstimate: null, reportedByUserId: owner.id });
    const notified = await t.knex('notifications').where({ relatedEntityId: incident.id, notificationType: 'new_incident' });
    expect(notified.map((n) => n.recipientUserId)).toEqual([agencyAdmin.id]);
  });

  it("files a tenant's report under its Activo contract even when its renewal is already signed", async () => {
    const { tenant, unit, contract } = await portfolio();
    await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], status: 'Pendiente', startDate: '2027-01-01', endDate: '2027-12-31' });
    const res = await (await signedIn(tenant)).post('/api/incidents').send(validIncident(unit.id)).expect(201);
    expect(res.body.incident.contractId).toBe(contract.id);
  });

  it('leaves contractId empty on a unit without an Activo contract', async () => {
    const { owner, otherUnit } = await portfolio();
    const res = await (await signedIn(owner)).post('/api/incidents').send(validIncident(otherUnit.id)).expect(201);
    expect(res.body.incident.contractId).toBeNull();
  });

  it('answers 404 naming rentableUnitId for a unit of the same building that is not the tenant’s, and writes nothing', async () => {
    const { tenant, otherUnit } = await portfolio();
    const agent = await signedIn(tenant);
    const before = await counts();

    const res = await agent.post('/api/incidents').send(validIncident(otherUnit.id)).expect(404);

    expect(ErrorBodySchema.parse(res.body)).toEqual({
      error: 'not_found',
      message: 'No se ha encontrado la unidad',
      fields: { rentableUnitId: 'No se ha encontrado la unidad' },
    });
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another owner's unit and for a unit that does not exist, writing nothing", async () => {
    const { owner } = await portfolio();
    const stranger = await portfolio();
    const agent = await signedIn(owner);
    const before = await counts();

    await agent.post('/api/incidents').send(validIncident(stranger.unit.id)).expect(404);
    await agent.post('/api/incidents').send(validIncident(2147483647)).expect(404);

    expect(await counts()).toEqual(before);
  });

  it.each([
    ['an unknown category', { incidentCategory: 'Jardinería' }, 'incidentCategory'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a title of 256 characters', { title: 'x'.repeat(256) }, 'title'],
    ['no description', { description: undefined }, 'description'],
    ['an unknown priority', { priority: 'Crítica' }, 'priority'],
    ['a negative estimate', { costEstimate: -1 }, 'costEstimate'],
    ['an estimate that is not a number', { costEstimate: 'mucho' }, 'costEstimate'],
    ['an estimate beyond NUMERIC(10,2)', { costEstimate: 1e12 }, 'costEstimate'],
    ['a unit id that is not a number', { rentableUnitId: 'abc' }, 'rentableUnitId'],
    ['a unit id beyond an integer', { rentableUnitId: 99999999999 }, 'rentableUnitId'],
  ])('refuses %s with 400 naming it and writes nothing', async (_label, change, field) => {
    const { owner, unit } = await portfolio();
    const agent = await signedIn(owner);
    const before = await counts();

    const res = await agent.post('/api/incidents').send({ ...validIncident(unit.id), ...change }).expect(400);

    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await counts()).toEqual(before);
  });

  it('refuses text the database cannot store (a NUL byte) with 400 naming it and writes nothing', async () => {
    const { tenant, unit } = await portfolio();
    const agent = await signedIn(tenant);
    const before = await counts();

    const res = await agent.post('/api/incidents').send({ ...validIncident(unit.id), description: 'Gotea\u0000' }).expect(400);

    expect(res.body.fields).toEqual({ description: 'El texto contiene caracteres no válidos' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const { owner } = await portfolio();
    const res = await (await signedIn(owner)).post('/api/incidents').send([1, 2]).expect(400);
    expect(res.body.error).toBe('validation_error');
  });
});

describe('GET /api/incidents/:id', () => {
  it('answers 401 without a session and 403 to a role without access', async () => {
    const { unit } = await portfolio();
    const incident = await buildIncident(t.knex, { rentableUnitId: unit.id });
    await t.request().get(`/api/incidents/${incident.id}`).expect(401);
    await (await signedIn(await userWithoutAccess())).get(`/api/incidents/${incident.id}`).expect(403);
  });

  it('shows the incident with its assignee and its history, oldest first', async () => {
    const { tenant, agencyAdmin, agente, unit, property } = await portfolio();
    const created = await (await signedIn(tenant)).post('/api/incidents').send(validIncident(unit.id)).expect(201);
    const id = created.body.incident.id;
    const admin = await signedIn(agencyAdmin);
    await admin.patch(`/api/incidents/${id}`).send({ status: 'En Progreso', assignedToUserId: agente.id }).expect(200);
    await admin.patch(`/api/incidents/${id}`).send({ priority: 'Urgente' }).expect(200);
    // Changes within one instant still come back in the order they were made.
    await t.knex('audit_log').where({ tableName: 'incidents', recordId: String(id) }).update({ changedAt: new Date('2026-03-01T10:00:00Z') });

    const res = await (await signedIn(tenant)).get(`/api/incidents/${id}`).expect(200);

    const detail = IncidentDetailSchema.parse(res.body);
    expect(detail).toMatchObject({
      incident: { id, status: 'En Progreso', priority: 'Urgente', assignedToUserId: agente.id },
      unit: { id: unit.id },
      property: { id: property.id },
      reporter: { firstName: 'Tomás', lastName: 'Inquilino' },
      assignee: { id: agente.id, firstName: agente.firstName, lastName: agente.lastName },
    });
    expect(detail.history.map(({ action, user, oldStatus, newStatus, changedFields }) => ({ action, userId: user?.id, oldStatus, newStatus, changedFields }))).toEqual([
      { action: 'create', userId: tenant.id, oldStatus: null, newStatus: 'Abierta', changedFields: [] },
      { action: 'update', userId: agencyAdmin.id, oldStatus: 'Abierta', newStatus: 'En Progreso', changedFields: ['status', 'assignedToUserId'] },
      { action: 'update', userId: agencyAdmin.id, oldStatus: null, newStatus: null, changedFields: ['priority'] },
    ]);
  });

  it("answers 404 for another tenant's incident and another owner's", async () => {
    const { tenant, owner, otherUnit } = await portfolio();
    const neighbour = await buildUser(t.knex, { roleName: 'inquilino' });
    const neighbourContract = await buildContract(t.knex, { rentableUnitId: otherUnit.id, tenantUserIds: [neighbour.id] });
    const theirs = await buildIncident(t.knex, { rentableUnitId: otherUnit.id, reportedByUserId: neighbour.id, contractId: neighbourContract.id });
    const stranger = await portfolio();
    const strangers = await buildIncident(t.knex, { rentableUnitId: stranger.unit.id });

    const res = await (await signedIn(tenant)).get(`/api/incidents/${theirs.id}`).expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: 'No se ha encontrado la incidencia' });
    await (await signedIn(owner)).get(`/api/incidents/${strangers.id}`).expect(404);
    await (await signedIn(neighbour)).get(`/api/incidents/${theirs.id}`).expect(200);
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('answers 400 naming id for the id %s', async (id) => {
    const { owner } = await portfolio();
    const res = await (await signedIn(owner)).get(`/api/incidents/${id}`).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });
});

describe('PATCH /api/incidents/:id', () => {
  async function openIncident(status: IncidentStatus = 'Abierta') {
    const world = await portfolio();
    const incident = await buildIncident(t.knex, { rentableUnitId: world.unit.id, reportedByUserId: world.tenant.id, contractId: world.contract.id, status });
    return { ...world, incident };
  }

  it('answers 401 without a session and 403 to a tenant, writing nothing', async () => {
    const { incident, tenant } = await openIncident();
    const agent = await signedIn(tenant);
    const before = await counts();
    await t.request().patch(`/api/incidents/${incident.id}`).send({ status: 'En Progreso' }).expect(401);
    const res = await agent.patch(`/api/incidents/${incident.id}`).send({ status: 'En Progreso' }).expect(403);
    expect(res.body.error).toBe('forbidden');
    expect(await counts()).toEqual(before);
    expect((await t.knex('incidents').where({ id: incident.id }).first()).status).toBe('Abierta');
  });

  it('moves Abierta → En Progreso → Resuelta → Cerrada, auditing each move and telling the reporter', async () => {
    const { incident, owner, tenant } = await openIncident();
    const agent = await signedIn(owner);
    const before = await counts();

    for (const status of ['En Progreso', 'Resuelta', 'Cerrada'] as const) {
      const res = await agent.patch(`/api/incidents/${incident.id}`).send({ status }).expect(200);
      expect(IncidentDetailSchema.parse(res.body).incident.status).toBe(status);
    }

    const row = await t.knex('incidents').where({ id: incident.id }).first();
    expect(row.closedAt).toBeInstanceOf(Date);
    expect(await counts()).toEqual({ incidents: before.incidents, notifications: before.notifications + 3, audit: before.audit + 3 });
    const audits = await t.knex('audit_log').where({ tableName: 'incidents', recordId: String(incident.id) }).orderBy('id');
    expect(audits.map((a) => [a.userId, a.action, a.oldValues.status, a.newValues.status])).toEqual([
      [owner.id, 'update', 'Abierta', 'En Progreso'],
      [owner.id, 'update', 'En Progreso', 'Resuelta'],
      [owner.id, 'update', 'Resuelta', 'Cerrada'],
    ]);
    expect(audits[2].oldValues.closedAt).toBeNull();
    expect(typeof audits[2].newValues.closedAt).toBe('string');
    const notified = await t.knex('notifications').where({ recipientUserId: tenant.id, relatedEntityId: incident.id }).orderBy('id');
    expect(notified.map((n) => [n.notificationType, n.title, n.message])).toEqual([
      ['incident_updated', 'Incidencia actualizada', `La incidencia «${incident.title}» ha pasado a En Progreso`],
      ['incident_resolved', 'Incidencia resuelta', `La incidencia «${incident.title}» se ha resuelto`],
      ['incident_updated', 'Incidencia actualizada', `La incidencia «${incident.title}» ha pasado a Cerrada`],
    ]);
  });

  it('reopens a resolved incident, clearing a closing date it may carry', async () => {
    const { incident, agencyAdmin } = await openIncident('Resuelta');
    await t.knex('incidents').where({ id: incident.id }).update({ closedAt: new Date() });
    const res = await (await signedIn(agencyAdmin)).patch(`/api/incidents/${incident.id}`).send({ status: 'Abierta' }).expect(200);
    expect(res.body.incident).toMatchObject({ status: 'Abierta', closedAt: null });
  });

  it.each([
    ['Abierta', 'Resuelta'],
    ['Abierta', 'Cerrada'],
    ['En Progreso', 'Abierta'],
    ['Cerrada', 'Abierta'],
    ['Cerrada', 'En Progreso'],
  ] as const)('refuses %s → %s with 409 invalid_transition and writes nothing', async (from, to) => {
    const { incident, owner } = await openIncident(from);
    const agent = await signedIn(owner);
    const before = await counts();

    const res = await agent.patch(`/api/incidents/${incident.id}`).send({ status: to, priority: 'Urgente' }).expect(409);

    expect(res.body).toEqual({ error: 'invalid_transition', message: `No se puede pasar una incidencia de ${from} a ${to}` });
    expect(await counts()).toEqual(before);
    expect(await t.knex('incidents').where({ id: incident.id }).first()).toMatchObject({ status: from, priority: 'Media' });
  });

  it('assigns an active staff member of the property, and unassigns with null', async () => {
    const { incident, owner, agente, tenant } = await openIncident();
    const agent = await signedIn(owner);

    const assigned = await agent.patch(`/api/incidents/${incident.id}`).send({ assignedToUserId: agente.id, finalCost: '80.5', resolutionNotes: 'Cambio de junta' }).expect(200);
    expect(IncidentDetailSchema.parse(assigned.body)).toMatchObject({
      incident: { assignedToUserId: agente.id, finalCost: '80.50', resolutionNotes: 'Cambio de junta', status: 'Abierta' },
      assignee: { id: agente.id },
    });
    // Every change is told as a status move is (issue 33): the reporter hears what changed, the assignee that it is theirs.
    const notified = await t.knex('notifications').where({ relatedEntityType: 'incident', relatedEntityId: incident.id }).orderBy('id');
    expect(notified.map((n) => [n.recipientUserId, n.title, n.message])).toEqual([
      [agente.id, 'Incidencia asignada', `Se te ha asignado la incidencia «${incident.title}»`],
      [tenant.id, 'Incidencia actualizada', `La incidencia «${incident.title}» se ha actualizado: asignada a ${agente.firstName} ${agente.lastName}, coste final, notas de resolución`],
    ]);

    const unassigned = await agent.patch(`/api/incidents/${incident.id}`).send({ assignedToUserId: null }).expect(200);
    expect(unassigned.body.assignee).toBeNull();
  });

  it.each([
    ['a tenant', async () => buildUser(t.knex, { roleName: 'inquilino' })],
    ['an inactive agent', async (agencyId: number) => buildUser(t.knex, { roleName: 'agente', agencyId, isActive: false })],
    ['an agent of another agency', async () => buildUser(t.knex, { roleName: 'agente', agencyId: (await buildAgency(t.knex)).id })],
    ['an owner of other properties', async () => buildUser(t.knex, { roleName: 'propietario_individual' })],
    ['nobody', async () => ({ id: 2147483647 })],
  ])('refuses to assign %s with 400 naming assignedToUserId and writes nothing', async (_label, assignee) => {
    const { incident, owner, agency } = await openIncident();
    const { id } = await assignee(agency.id);
    const agent = await signedIn(owner);
    const before = await counts();

    const res = await agent.patch(`/api/incidents/${incident.id}`).send({ assignedToUserId: id }).expect(400);

    expect(Object.keys(res.body.fields)).toEqual(['assignedToUserId']);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for an incident outside the user's scope and writes nothing", async () => {
    const { owner } = await openIncident();
    const stranger = await openIncident();
    const agent = await signedIn(owner);
    const before = await counts();

    const res = await agent.patch(`/api/incidents/${stranger.incident.id}`).send({ status: 'En Progreso' }).expect(404);

    expect(res.body.error).toBe('not_found');
    expect(await counts()).toEqual(before);
    expect((await t.knex('incidents').where({ id: stranger.incident.id }).first()).status).toBe('Abierta');
  });

  it.each([
    [{}, undefined],
    [{ status: 'Perdida' }, 'status'],
    [{ priority: 'Crítica' }, 'priority'],
    [{ assignedToUserId: 'abc' }, 'assignedToUserId'],
    [{ finalCost: -5 }, 'finalCost'],
    [{ title: 'Otro título' }, 'title'],
  ])('refuses %j with 400 and writes nothing', async (body, field) => {
    const { incident, owner } = await openIncident();
    const agent = await signedIn(owner);
    const before = await counts();

    const res = await agent.patch(`/api/incidents/${incident.id}`).send(body).expect(400);

    expect(res.body.error).toBe('validation_error');
    if (field) expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 naming id for an id that is not one', async () => {
    const { owner } = await openIncident();
    const res = await (await signedIn(owner)).patch('/api/incidents/abc').send({ priority: 'Alta' }).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });

  it('writes nothing when the patch changes nothing', async () => {
    const { incident, owner } = await openIncident();
    const agent = await signedIn(owner);
    const before = await counts();

    const res = await agent.patch(`/api/incidents/${incident.id}`).send({ status: 'Abierta', priority: 'Media' }).expect(200);

    expect(res.body.incident).toMatchObject({ status: 'Abierta', priority: 'Media' });
    expect(await counts()).toEqual(before);
  });
});
