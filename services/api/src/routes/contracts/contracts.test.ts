import { ContractDetailSchema, ContractListItemSchema, ErrorBodySchema } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { buildAgency, buildContract, buildProperty, buildTransaction, buildUnit, buildUser, delegate, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // A role outside the six: the permission table gives it nothing.
  await t.knex('roles').insert({ roleName: 'visitante', description: 'Sin acceso' });
});
afterAll(() => t.close());

async function signedIn(roleName: RoleName | 'visitante', agencyId?: number) {
  const user = await buildUser(t.knex, { roleName: roleName as RoleName, agencyId });
  return { user, agent: await signIn(t, user) };
}

/** An owner signed in, with one property and one available unit. */
async function ownerWithUnit() {
  const { user: owner, agent } = await signedIn('propietario_individual');
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
  return { owner, agent, property, unit };
}

/** A tenant already party to a contract of `ownerUserId`'s (on a unit of its own): one the owner may name again (issue 30). */
async function tenantOf(ownerUserId: number) {
  const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
  const property = await buildProperty(t.knex, { ownerUserId });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
  await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], status: 'Finalizado', startDate: '2024-01-01', endDate: '2024-12-31' });
  return tenant;
}

/** Another owner's unit with an Activo contract: what nobody else may see. */
async function strangersContract() {
  const stranger = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const property = await buildProperty(t.knex, { ownerUserId: stranger.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });
  return { stranger, property, unit, contract };
}

const TOUCHED = ['contracts', 'tenants_contracts', 'audit_log'] as const;

/** Row counts of the tables a contract write touches, and the unit's status: "nothing written" is these unchanged. */
async function snapshot(knex: Knex, unitId: number) {
  const counts = Object.fromEntries(await Promise.all(TOUCHED.map(async (table) => [table, await countRows(knex, table)])));
  const unit = await knex('rentable_units').where({ id: unitId }).first();
  return { ...counts, unitStatus: unit?.currentStatus, unitUpdatedAt: unit?.updatedAt };
}

const auditsOf = (tableName: string, recordId: number) =>
  t.knex('audit_log').select('userId', 'action', 'oldValues', 'newValues').where({ tableName, recordId: String(recordId) }).orderBy('id');

const validBody = (rentableUnitId: number, extra: Record<string, unknown> = {}) => ({
  contractCode: `CTR-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
  rentableUnitId,
  startDate: '2026-03-01',
  endDate: '2027-02-28',
  rentAmount: 1150.5,
  ...extra,
});

describe('GET /api/contracts', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().get('/api/contracts').expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it('answers 403 to a role the permission table does not know', async () => {
    const { agent } = await signedIn('visitante');
    const res = await agent.get('/api/contracts').expect(403);
    expect(res.body.error).toBe('forbidden');
  });

  it("lists only the owner's contracts, newest start first (id breaks ties), with X-Total-Count", async () => {
    const { agent, property, unit } = await ownerWithUnit();
    const second = await buildUnit(t.knex, { mainPropertyId: property.id });
    const old = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Finalizado', startDate: '2024-01-01', endDate: '2024-12-31' });
    const tieA = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo', startDate: '2026-01-01' });
    const tieB = await buildContract(t.knex, { rentableUnitId: second.id, status: 'Activo', startDate: '2026-01-01' });
    await strangersContract();

    const res = await agent.get('/api/contracts').expect(200);

    const items = ContractListItemSchema.array().parse(res.body);
    expect(items.map((i) => i.contract.id)).toEqual([tieB.id, tieA.id, old.id]);
    expect(res.headers['x-total-count']).toBe('3');
    expect(items[1]).toEqual({
      contract: expect.objectContaining({ id: tieA.id, status: 'Activo', rentAmount: '950.00', startDate: '2026-01-01', endDate: '2026-12-31' }),
      unit: { id: unit.id, unitName: unit.unitName },
      property: { id: property.id, propertyName: property.propertyName },
    });
  });

  it('pages on the server, the body staying a plain array', async () => {
    const { agent, unit } = await ownerWithUnit();
    const made = [];
    for (const startDate of ['2021-01-01', '2022-01-01', '2023-01-01', '2024-01-01', '2025-01-01']) {
      made.push(await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Finalizado', startDate, endDate: null }));
    }

    const res = await agent.get('/api/contracts?page=2&pageSize=2').expect(200);

    expect(res.body.map((i: { contract: { id: number } }) => i.contract.id)).toEqual([made[2].id, made[1].id]);
    expect(res.headers['x-total-count']).toBe('5');
    const beyond = await agent.get('/api/contracts?page=9&pageSize=2').expect(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');
  });

  it('answers an empty page, not an error, for the largest page number it accepts', async () => {
    const { agent } = await ownerWithUnit();
    const res = await agent.get(`/api/contracts?page=${Number.MAX_SAFE_INTEGER}&pageSize=100`).expect(200);
    expect(res.body).toEqual([]);
  });

  it('filters by status and by property, and ignores parameters it does not know', async () => {
    const { owner, agent, property, unit } = await ownerWithUnit();
    const other = await buildProperty(t.knex, { ownerUserId: owner.id });
    const otherUnit = await buildUnit(t.knex, { mainPropertyId: other.id });
    const pending = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Pendiente' });
    const active = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });
    const elsewhere = await buildContract(t.knex, { rentableUnitId: otherUnit.id, status: 'Activo' });

    const byStatus = await agent.get('/api/contracts?status=Activo&_=123').expect(200);
    expect(byStatus.body.map((i: { contract: { id: number } }) => i.contract.id).sort()).toEqual([active.id, elsewhere.id].sort());
    const byProperty = await agent.get(`/api/contracts?propertyId=${property.id}`).expect(200);
    expect(byProperty.body.map((i: { contract: { id: number } }) => i.contract.id).sort()).toEqual([pending.id, active.id].sort());
    expect(byProperty.headers['x-total-count']).toBe('2');
  });

  it('sorts by ?sort= (id breaking ties), searches code, unit, property and tenant, filters by start days, and the total is the filtered count, for an owner and its agency alike', async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const agencyAdmin = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, propertyName: 'Residencial Olivos' });
    const attic = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Ático B' });
    const ground = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Bajo A' });
    const lucia = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Lucía', lastName: 'Peñalver' });
    const tag = Date.now();
    const march = await buildContract(t.knex, { rentableUnitId: attic.id, contractCode: `ZETA-${tag}`, startDate: '2026-03-01', endDate: '2027-02-28', rentAmount: '900.00', tenantUserIds: [lucia.id] });
    const january = await buildContract(t.knex, { rentableUnitId: ground.id, contractCode: `alfa-${tag}`, startDate: '2026-01-15', endDate: null, rentAmount: '900.00', status: 'Pendiente' });
    const old = await buildContract(t.knex, { rentableUnitId: ground.id, contractCode: `Beta-${tag}`, startDate: '2025-01-01', endDate: '2025-12-31', rentAmount: '1200.00', status: 'Finalizado' });
    // Another owner's contract matches every filter and is never listed nor counted.
    const { contract: foreign } = await strangersContract();
    await t.knex('contracts').where('id', foreign.id).update({ contractCode: `alfa-ajeno-${tag}`, startDate: '2026-01-20' });
    const ids = (res: { body: unknown }) => ContractListItemSchema.array().parse(res.body).map((i) => i.contract.id);

    for (const user of [owner, agencyAdmin]) {
      const agent = await signIn(t, user);
      expect(ids(await agent.get('/api/contracts').expect(200))).toEqual([march.id, january.id, old.id]);
      expect(ids(await agent.get('/api/contracts?sort=startDate').expect(200))).toEqual([old.id, january.id, march.id]);
      // Equal rents: id breaks the tie in the same direction.
      expect(ids(await agent.get('/api/contracts?sort=rentAmount').expect(200))).toEqual([march.id, january.id, old.id]);
      expect(ids(await agent.get('/api/contracts?sort=-rentAmount').expect(200))).toEqual([old.id, january.id, march.id]);
      expect(ids(await agent.get('/api/contracts?sort=contractCode').expect(200))).toEqual([january.id, old.id, march.id]);
      expect(ids(await agent.get('/api/contracts?sort=endDate').expect(200))).toEqual([old.id, march.id, january.id]);
      const paged = await agent.get('/api/contracts?sort=-contractCode&page=2&pageSize=2').expect(200);
      expect([ids(paged), paged.headers['x-total-count']]).toEqual([[january.id], '3']);

      // q: a tenant's name without accents, the unit, the property, the code.
      const byTenant = await agent.get('/api/contracts?q=lucia%20penalver').expect(200);
      expect([ids(byTenant), byTenant.headers['x-total-count']]).toEqual([[march.id], '1']);
      expect(ids(await agent.get('/api/contracts?q=bajo').expect(200))).toEqual([january.id, old.id]);
      expect(ids(await agent.get('/api/contracts?q=OLIVOS').expect(200))).toEqual([march.id, january.id, old.id]);
      expect(ids(await agent.get(`/api/contracts?q=ALFA-${tag}`).expect(200))).toEqual([january.id]);

      const started2026 = await agent.get('/api/contracts?from=2026-01-01&to=2026-02-28').expect(200);
      expect([ids(started2026), started2026.headers['x-total-count']]).toEqual([[january.id], '1']);
      const since = await agent.get('/api/contracts?from=2026-01-15&status=Activo').expect(200);
      expect([ids(since), since.headers['x-total-count']]).toEqual([[march.id], '1']);
      expect(ids(await agent.get('/api/contracts?to=2026-01-15').expect(200))).toEqual([january.id, old.id]);
    }
  });

  it("answers an empty list for a property outside the user's scope", async () => {
    const { agent } = await ownerWithUnit();
    const { property } = await strangersContract();
    const res = await agent.get(`/api/contracts?propertyId=${property.id}`).expect(200);
    expect(res.body).toEqual([]);
  });

  it.each([
    ['status=Roto', 'status'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=abc', 'page'],
    ['page=1e30', 'page'],
    ['propertyId=abc', 'propertyId'],
    ['propertyId=99999999999', 'propertyId'],
    ['status=Activo&status=Pendiente', 'status'],
    ['sort=tenant', 'sort'],
    ['sort=-', 'sort'],
    ['sort=--startDate', 'sort'],
    ['from=2026-02-30', 'from'],
    ['from=2026-04-02&to=2026-04-01', 'to'],
    ['q=a&q=b', 'q'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { agent } = await signedIn('propietario_individual');
    const res = await agent.get(`/api/contracts?${query}`).expect(400);
    expect(ErrorBodySchema.parse(res.body)).toMatchObject({ error: 'validation_error' });
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });

  it("shows an agency's staff the contracts of the properties it manages, and a delegate its principals'", async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const managed = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const unmanaged = await buildProperty(t.knex, { ownerUserId: owner.id });
    const inManaged = await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: managed.id })).id });
    const inUnmanaged = await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: unmanaged.id })).id });
    await strangersContract();

    const { agent: agentOfAgency } = await signedIn('agente', agency.id);
    const seenByAgent = await agentOfAgency.get('/api/contracts').expect(200);
    expect(seenByAgent.body.map((i: { contract: { id: number } }) => i.contract.id)).toEqual([inManaged.id]);

    const { user: delegateUser, agent: delegateAgent } = await signedIn('propietario_delegado');
    await delegate(t.knex, owner.id, delegateUser.id);
    const seenByDelegate = await delegateAgent.get('/api/contracts').expect(200);
    expect(seenByDelegate.body.map((i: { contract: { id: number } }) => i.contract.id).sort()).toEqual([inManaged.id, inUnmanaged.id].sort());
  });

  it('shows a tenant only the contracts linked to it, even on a unit another tenant rented before', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
    const neighbourUnit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
    const formerTenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const currentTenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const past = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [formerTenant.id], status: 'Finalizado', startDate: '2024-01-01', endDate: '2025-12-31' });
    const present = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [currentTenant.id], status: 'Activo' });
    await buildContract(t.knex, { rentableUnitId: neighbourUnit.id, status: 'Activo' });

    const former = await (await signIn(t, formerTenant)).get('/api/contracts').expect(200);
    expect(ContractListItemSchema.array().parse(former.body).map((i) => i.contract.id)).toEqual([past.id]);
    expect(former.headers['x-total-count']).toBe('1');
    const current = await (await signIn(t, currentTenant)).get('/api/contracts').expect(200);
    expect(current.body.map((i: { contract: { id: number } }) => i.contract.id)).toEqual([present.id]);
  });
});

describe('POST /api/contracts', () => {
  it('answers 401 without a session and writes nothing', async () => {
    const { unit } = await ownerWithUnit();
    const before = await snapshot(t.knex, unit.id);
    await t.request().post('/api/contracts').send(validBody(unit.id)).expect(401);
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it('answers 403 to a tenant and writes nothing', async () => {
    const { unit } = await ownerWithUnit();
    const { agent } = await signedIn('inquilino');
    const before = await snapshot(t.knex, unit.id);
    const res = await agent.post('/api/contracts').send(validBody(unit.id)).expect(403);
    expect(res.body.error).toBe('forbidden');
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it('creates an Activo contract with the spec defaults, links its tenants, rents the unit and audits both', async () => {
    const { owner, agent, property, unit } = await ownerWithUnit();
    const primary = await tenantOf(owner.id);
    const second = await tenantOf(owner.id);
    const body = validBody(unit.id, { tenantUserIds: [primary.id, second.id] });

    const res = await agent.post('/api/contracts').send(body).expect(201);

    const item = ContractListItemSchema.parse(res.body);
    expect(item).toMatchObject({
      contract: {
        contractCode: body.contractCode,
        rentableUnitId: unit.id,
        startDate: '2026-03-01',
        endDate: '2027-02-28',
        rentAmount: '1150.50',
        paymentDay: 1,
        depositAmount: '0.00',
        depositStatus: 'Pendiente',
        status: 'Activo',
        renewalNoticeDays: 30,
        terminationReason: null,
        notes: null,
      },
      unit: { id: unit.id, unitName: unit.unitName },
      property: { id: property.id, propertyName: property.propertyName },
    });
    const links = await t.knex('tenants_contracts').where({ contractId: item.contract.id }).orderBy('tenantUserId');
    expect(links.map((l) => [l.tenantUserId, l.isPrimaryTenant])).toEqual([
      [primary.id, true],
      [second.id, false],
    ]);
    expect((await t.knex('rentable_units').where({ id: unit.id }).first()).currentStatus).toBe('Alquilado');
    const contractAudits = await auditsOf('contracts', item.contract.id);
    expect(contractAudits).toEqual([
      {
        userId: owner.id,
        action: 'create',
        oldValues: null,
        newValues: expect.objectContaining({ contractCode: body.contractCode, rentAmount: '1150.50', tenantUserIds: [primary.id, second.id] }),
      },
    ]);
    expect(await auditsOf('rentable_units', unit.id)).toEqual([
      { userId: owner.id, action: 'update', oldValues: { currentStatus: 'Disponible' }, newValues: { currentStatus: 'Alquilado' } },
    ]);
    // Each tenant hears of its new contract, live as well.
    const notes = await t.knex('notifications').where({ notificationType: 'contract_created', relatedEntityId: item.contract.id }).orderBy('recipientUserId');
    expect(notes.map((n) => [n.recipientUserId, n.relatedEntityType, n.title])).toEqual([
      [primary.id, 'contract', 'Nuevo contrato'],
      [second.id, 'contract', 'Nuevo contrato'],
    ]);
    expect(notes[0].message).toContain(body.contractCode);
    const live = await t.knex('live_events').where('type', 'notification.created').orderBy('id', 'desc').first();
    expect([...live.recipientUserIds].sort((a: number, b: number) => a - b)).toEqual([primary.id, second.id].sort((a, b) => a - b));
  });

  it('creates a Pendiente contract without tenants, leaving the unit as it was: one audit row', async () => {
    const { agent, unit } = await ownerWithUnit();
    const audits = await countRows(t.knex, 'audit_log');

    const res = await agent.post('/api/contracts').send(validBody(unit.id, { status: 'Pendiente', endDate: '' })).expect(201);

    expect(ContractListItemSchema.parse(res.body).contract).toMatchObject({ status: 'Pendiente', endDate: null });
    expect((await t.knex('rentable_units').where({ id: unit.id }).first()).currentStatus).toBe('Disponible');
    expect(await countRows(t.knex, 'audit_log')).toBe(audits + 1);
    expect(await t.knex('tenants_contracts').where({ contractId: res.body.contract.id })).toEqual([]);
  });

  it('audits only the contract when the unit is already marked Alquilado', async () => {
    const { agent, unit } = await ownerWithUnit();
    await t.knex('rentable_units').where({ id: unit.id }).update({ currentStatus: 'Alquilado' });
    const audits = await countRows(t.knex, 'audit_log');

    const res = await agent.post('/api/contracts').send(validBody(unit.id)).expect(201);

    // The contract, and each rent charge already due that its activation creates (issue 12).
    const charges = Number((await t.knex('rent_charges').where({ contractId: res.body.contract.id }).count({ n: '*' }).first())!.n);
    expect(await countRows(t.knex, 'audit_log')).toBe(audits + 1 + charges);
    expect(await auditsOf('rentable_units', unit.id)).toEqual([]);
  });

  it('lets an agency admin create a contract on a unit its agency manages', async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const { agent } = await signedIn('admin_agencia', agency.id);

    await agent.post('/api/contracts').send(validBody(unit.id)).expect(201);
  });

  it("answers 404 naming rentableUnitId for another owner's unit or one that does not exist, writing nothing", async () => {
    const { agent } = await ownerWithUnit();
    const { unit: theirs } = await strangersContract();
    const vacant = await buildUnit(t.knex, { mainPropertyId: theirs.mainPropertyId });

    for (const unitId of [vacant.id, 2147483647]) {
      const before = await snapshot(t.knex, vacant.id);
      const res = await agent.post('/api/contracts').send(validBody(unitId)).expect(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No se ha encontrado la unidad', fields: { rentableUnitId: 'No se ha encontrado la unidad' } });
      expect(await snapshot(t.knex, vacant.id)).toEqual(before);
    }
  });

  it.each([
    [{ paymentDay: 32 }, 'paymentDay'],
    [{ paymentDay: 'primero' }, 'paymentDay'],
    [{ startDate: undefined }, 'startDate'],
    [{ startDate: '2026-02-30' }, 'startDate'],
    [{ startDate: '0000-01-01', endDate: null }, 'startDate'],
    [{ endDate: '2026-02-01' }, 'endDate'],
    [{ rentAmount: 0 }, 'rentAmount'],
    [{ rentAmount: 'mucho' }, 'rentAmount'],
    [{ rentAmount: 100000000 }, 'rentAmount'],
    [{ rentAmount: 10.555 }, 'rentAmount'],
    [{ depositAmount: -1 }, 'depositAmount'],
    [{ contractCode: '   ' }, 'contractCode'],
    [{ contractCode: 'X'.repeat(51) }, 'contractCode'],
    [{ status: 'Roto' }, 'status'],
    [{ depositStatus: 'Perdida' }, 'depositStatus'],
    [{ status: 'Finalizado' }, 'terminationReason'],
    [{ renewalNoticeDays: 366 }, 'renewalNoticeDays'],
    [{ rentableUnitId: 'abc' }, 'rentableUnitId'],
    [{ rentableUnitId: 99999999999 }, 'rentableUnitId'],
    [{ tenantUserIds: 'todos' }, 'tenantUserIds'],
  ])('refuses %j with 400 naming %s and writes nothing', async (override, field) => {
    const { agent, unit } = await ownerWithUnit();
    const before = await snapshot(t.knex, unit.id);

    const res = await agent.post('/api/contracts').send(validBody(unit.id, override)).expect(400);

    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it("refuses anyone who is not a tenant of the owner's own contracts, or repeated, with one 400 that tells nothing of the id, and writes nothing", async () => {
    const { owner, agent, unit } = await ownerWithUnit();
    const tenant = await tenantOf(owner.id);
    const inactive = await tenantOf(owner.id);
    await t.knex('users').where({ id: inactive.id }).update({ isActive: false });
    // Issue 30: a tenant of somebody else's contract never agreed to this landlord, and a tenant
    // account with no contract at all is invited by email; the answer is the same as for an id that
    // does not exist, so it reveals nothing about other people's accounts.
    const { stranger, contract: strangers } = await strangersContract();
    const strangersTenant = await buildUser(t.knex, { roleName: 'inquilino' });
    await t.knex('tenants_contracts').insert({ tenantUserId: strangersTenant.id, contractId: strangers.id, isPrimaryTenant: true });
    const unlinked = await buildUser(t.knex, { roleName: 'inquilino' });

    const notYours = 'Solo puedes añadir inquilinos de tus contratos; invita a los demás con su correo electrónico';
    for (const [tenantUserIds, message] of [
      [[tenant.id, owner.id], notYours],
      [[inactive.id], notYours],
      [[tenant.id, 2147483647], notYours],
      [[strangersTenant.id], notYours],
      [[unlinked.id], notYours],
      [[stranger.id], notYours],
      [[tenant.id, tenant.id], 'Un inquilino aparece más de una vez'],
    ] as const) {
      const before = await snapshot(t.knex, unit.id);
      const res = await agent.post('/api/contracts').send(validBody(unit.id, { tenantUserIds })).expect(400);
      expect(res.body.fields).toEqual({ tenantUserIds: message });
      expect(await snapshot(t.knex, unit.id)).toEqual(before);
    }
    expect(await t.knex('tenants_contracts').where({ tenantUserId: strangersTenant.id }).pluck('contractId')).toEqual([strangers.id]);
    expect(await t.knex('notifications').where({ recipientUserId: strangersTenant.id }).count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it("lets agency staff name a tenant of another contract their agency manages, not one of the owner's unmanaged properties", async () => {
    const agency = await buildAgency(t.knex);
    const { user: manager, agent } = await signedIn('admin_agencia', agency.id);
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const managed = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: managed.id });
    // Tenant of a contract on another unit the agency manages; the owner's other tenant rents a unit the agency does not.
    const managedTenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const rented = await buildUnit(t.knex, { mainPropertyId: managed.id });
    await buildContract(t.knex, { rentableUnitId: rented.id, tenantUserIds: [managedTenant.id], status: 'Finalizado', startDate: '2024-01-01', endDate: '2024-12-31' });
    const ownersOwnTenant = await tenantOf(owner.id);

    await agent.post('/api/contracts').send(validBody(unit.id, { status: 'Pendiente', tenantUserIds: [ownersOwnTenant.id] })).expect(400);
    const res = await agent.post('/api/contracts').send(validBody(unit.id, { status: 'Pendiente', tenantUserIds: [managedTenant.id] })).expect(201);
    expect(await t.knex('tenants_contracts').where({ contractId: res.body.contract.id }).pluck('tenantUserId')).toEqual([managedTenant.id]);
    expect(manager.agencyId).toBe(agency.id);
  });

  it('refuses a duplicate contractCode with 409 and writes nothing', async () => {
    const { owner, agent, unit } = await ownerWithUnit();
    const { contract: existing } = await strangersContract();
    const tenant = await tenantOf(owner.id);
    const before = await snapshot(t.knex, unit.id);

    const res = await agent
      .post('/api/contracts')
      .send(validBody(unit.id, { contractCode: existing.contractCode, tenantUserIds: [tenant.id] }))
      .expect(409);

    expect(res.body).toEqual({
      error: 'conflict',
      message: 'Ya existe un contrato con ese código',
      fields: { contractCode: 'Ya existe un contrato con ese código' },
    });
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it('refuses a second Activo contract on a unit with 409 and writes nothing, but accepts a Pendiente one', async () => {
    const { agent, unit } = await ownerWithUnit();
    await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });
    const before = await snapshot(t.knex, unit.id);

    const res = await agent.post('/api/contracts').send(validBody(unit.id)).expect(409);

    expect(res.body).toMatchObject({ error: 'conflict', message: 'La unidad ya tiene un contrato activo' });
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
    await agent.post('/api/contracts').send(validBody(unit.id, { status: 'Pendiente' })).expect(201);
  });

  it('lets only one of two simultaneous Activo contracts on a unit through', async () => {
    const { agent, unit } = await ownerWithUnit();

    const answers = await Promise.all([agent.post('/api/contracts').send(validBody(unit.id)), agent.post('/api/contracts').send(validBody(unit.id))]);

    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.knex('contracts').where({ rentableUnitId: unit.id, status: 'Activo' })).toHaveLength(1);
  });
});

describe('GET /api/contracts/:id', () => {
  it('answers 401 without a session', async () => {
    const { contract } = await strangersContract();
    await t.request().get(`/api/contracts/${contract.id}`).expect(401);
  });

  it('answers 403 to a role the permission table does not know', async () => {
    const { contract } = await strangersContract();
    const { agent } = await signedIn('visitante');
    await agent.get(`/api/contracts/${contract.id}`).expect(403);
  });

  it("answers 404 for another owner's contract, a tenant's contract it is not party to, and an unknown id", async () => {
    const { contract } = await strangersContract();
    const { agent: owner } = await signedIn('propietario_individual');
    const { agent: tenant } = await signedIn('inquilino');

    for (const agent of [owner, tenant]) {
      const res = await agent.get(`/api/contracts/${contract.id}`).expect(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No se ha encontrado el contrato' });
    }
    await owner.get('/api/contracts/2147483647').expect(404);
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('refuses the id %s with 400', async (id) => {
    const { agent } = await signedIn('propietario_individual');
    const res = await agent.get(`/api/contracts/${id}`).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });

  it('answers the contract with its unit, property, tenants (primary first), latest 50 transactions and its documents', async () => {
    const { owner, agent, property, unit } = await ownerWithUnit();
    // The second tenant has the lower id: the primary one still comes first.
    const second = await buildUser(t.knex, { roleName: 'inquilino' });
    const primary = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Lucía' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [primary.id, second.id] });
    const made = [];
    for (let day = 1; day <= 51; day++) {
      const transactionDate = `2026-${String(Math.ceil(day / 28)).padStart(2, '0')}-${String(((day - 1) % 28) + 1).padStart(2, '0')}`;
      made.push(await buildTransaction(t.knex, { mainPropertyId: property.id, rentableUnitId: unit.id, contractId: contract.id, transactionDate }));
    }
    const unlinked = await buildTransaction(t.knex, { mainPropertyId: property.id, transactionDate: '2026-12-31' });
    const [doc] = await t
      .knex('documents')
      .insert({ fileName: 'contrato.pdf', filePath: 'docs/contrato.pdf', fileType: 'application/pdf', fileSizeKb: 120, relatedEntityType: 'contract', relatedEntityId: contract.id, uploadedByUserId: owner.id })
      .returning('id');
    await t.knex('documents').insert({ fileName: 'otra.pdf', filePath: 'docs/otra.pdf', fileType: 'application/pdf', fileSizeKb: 1, relatedEntityType: 'incident', relatedEntityId: contract.id });

    const res = await agent.get(`/api/contracts/${contract.id}`).expect(200);

    const detail = ContractDetailSchema.parse(res.body);
    expect(detail.contract).toMatchObject({ id: contract.id, contractCode: contract.contractCode });
    expect(detail.unit).toEqual({ id: unit.id, unitName: unit.unitName, currentStatus: 'Disponible' });
    expect(detail.property).toEqual({ id: property.id, propertyName: property.propertyName, addressStreet: 'Calle de Fuencarral', addressNumber: property.addressNumber, city: 'Madrid' });
    expect(detail.tenants).toEqual([
      { id: primary.id, firstName: 'Lucía', lastName: primary.lastName, email: primary.email, telefono: null, isPrimaryTenant: true },
      { id: second.id, firstName: second.firstName, lastName: second.lastName, email: second.email, telefono: null, isPrimaryTenant: false },
    ]);
    expect(detail.transactions).toHaveLength(50);
    expect(detail.transactions.map((i) => i.transaction.id)).toEqual(made.slice(1).reverse().map((m) => m.id));
    expect(detail.transactions.map((i) => i.transaction.id)).not.toContain(unlinked.id);
    expect(detail.transactions[0].category).toMatchObject({ categoryName: 'Alquiler', isExpense: false });
    expect(detail.documents).toEqual([{ id: doc.id, fileName: 'contrato.pdf', fileType: 'application/pdf', fileSizeKb: 120, createdAt: expect.any(String) }]);
  });

  it('answers a tenant its own contract', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });

    const res = await (await signIn(t, tenant)).get(`/api/contracts/${contract.id}`).expect(200);

    expect(ContractDetailSchema.parse(res.body).tenants.map((x) => x.id)).toEqual([tenant.id]);
  });
});

describe('PATCH /api/contracts/:id', () => {
  it('answers 401 without a session', async () => {
    const { contract } = await strangersContract();
    await t.request().patch(`/api/contracts/${contract.id}`).send({ notes: 'x' }).expect(401);
  });

  it('answers 403 to a tenant of the contract and writes nothing', async () => {
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const { unit, contract } = await strangersContract();
    await t.knex('tenants_contracts').insert({ tenantUserId: tenant.id, contractId: contract.id });
    const agent = await signIn(t, tenant);
    const before = await snapshot(t.knex, unit.id);

    await agent.patch(`/api/contracts/${contract.id}`).send({ status: 'Finalizado', terminationReason: 'Me voy' }).expect(403);

    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it("answers 404 for another owner's contract and writes nothing", async () => {
    const { agent } = await ownerWithUnit();
    const { unit, contract } = await strangersContract();
    const before = await snapshot(t.knex, unit.id);

    const res = await agent.patch(`/api/contracts/${contract.id}`).send({ status: 'Finalizado', terminationReason: 'Fin' }).expect(404);

    expect(res.body.error).toBe('not_found');
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
    expect((await t.knex('contracts').where({ id: contract.id }).first()).status).toBe('Activo');
  });

  it('activates a Pendiente contract, renting the unit, and audits both changes', async () => {
    const { owner, agent, unit } = await ownerWithUnit();
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Pendiente' });

    const res = await agent.patch(`/api/contracts/${contract.id}`).send({ status: 'Activo' }).expect(200);

    expect(ContractListItemSchema.parse(res.body).contract.status).toBe('Activo');
    expect(new Date(res.body.contract.updatedAt).getTime()).toBeGreaterThan(new Date(contract.updatedAt).getTime());
    expect((await t.knex('rentable_units').where({ id: unit.id }).first()).currentStatus).toBe('Alquilado');
    expect(await auditsOf('contracts', contract.id)).toEqual([{ userId: owner.id, action: 'update', oldValues: { status: 'Pendiente' }, newValues: { status: 'Activo' } }]);
    expect(await auditsOf('rentable_units', unit.id)).toEqual([
      { userId: owner.id, action: 'update', oldValues: { currentStatus: 'Disponible' }, newValues: { currentStatus: 'Alquilado' } },
    ]);
  });

  it('finishes an Activo contract with a reason, freeing the unit', async () => {
    const { owner, agent, unit } = await ownerWithUnit();
    await t.knex('rentable_units').where({ id: unit.id }).update({ currentStatus: 'Alquilado' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });

    const res = await agent.patch(`/api/contracts/${contract.id}`).send({ status: 'Finalizado', terminationReason: 'Fin del plazo', endDate: '2026-06-30' }).expect(200);

    expect(ContractListItemSchema.parse(res.body).contract).toMatchObject({ status: 'Finalizado', terminationReason: 'Fin del plazo', endDate: '2026-06-30' });
    expect((await t.knex('rentable_units').where({ id: unit.id }).first()).currentStatus).toBe('Disponible');
    expect(await auditsOf('contracts', contract.id)).toEqual([
      {
        userId: owner.id,
        action: 'update',
        oldValues: { status: 'Activo', terminationReason: null, endDate: '2026-12-31' },
        newValues: { status: 'Finalizado', terminationReason: 'Fin del plazo', endDate: '2026-06-30' },
      },
    ]);
  });

  it('finishes a contract with the reason it already has and frees the unit', async () => {
    const { agent, unit } = await ownerWithUnit();
    await t.knex('rentable_units').where({ id: unit.id }).update({ currentStatus: 'Alquilado' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo', terminationReason: 'Venta del piso' });

    await agent.patch(`/api/contracts/${contract.id}`).send({ status: 'Finalizado' }).expect(200);

    expect((await t.knex('rentable_units').where({ id: unit.id }).first()).currentStatus).toBe('Disponible');
    expect((await t.knex('contracts').where({ id: contract.id }).first()).terminationReason).toBe('Venta del piso');
  });

  it('cannot hold two Activo contracts on one unit, even written past the API', async () => {
    const { unit } = await ownerWithUnit();
    await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });
    await expect(buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' })).rejects.toThrow(/contracts_one_active_per_unit/);
  });

  it('refuses to finish a contract without a reason with 400 and writes nothing', async () => {
    const { agent, unit } = await ownerWithUnit();
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });
    const before = await snapshot(t.knex, unit.id);

    const res = await agent.patch(`/api/contracts/${contract.id}`).send({ status: 'Finalizado' }).expect(400);

    expect(res.body.fields).toEqual({ terminationReason: 'Indica el motivo de finalización' });
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it.each([
    ['Activo', 'Pendiente'],
    ['Finalizado', 'Activo'],
    ['Finalizado', 'Pendiente'],
    ['Pendiente', 'Finalizado'],
  ] as const)('refuses to move a contract from %s to %s with 409 and writes nothing', async (from, to) => {
    const { agent, unit } = await ownerWithUnit();
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: from });
    const before = await snapshot(t.knex, unit.id);

    const res = await agent.patch(`/api/contracts/${contract.id}`).send({ status: to, terminationReason: 'Motivo' }).expect(409);

    expect(res.body).toEqual({ error: 'invalid_transition', message: `No se puede pasar un contrato de ${from} a ${to}` });
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it('refuses to activate a contract on a unit that has another Activo one with 409 and writes nothing', async () => {
    const { agent, unit } = await ownerWithUnit();
    await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });
    const pending = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Pendiente' });
    const before = await snapshot(t.knex, unit.id);

    const res = await agent.patch(`/api/contracts/${pending.id}`).send({ status: 'Activo' }).expect(409);

    expect(res.body).toMatchObject({ error: 'conflict', message: 'La unidad ya tiene un contrato activo' });
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it('edits the rent alone: one audit row with the old and new amounts', async () => {
    const { owner, agent, unit } = await ownerWithUnit();
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });
    const audits = await countRows(t.knex, 'audit_log');

    const res = await agent.patch(`/api/contracts/${contract.id}`).send({ rentAmount: '1000', depositStatus: 'Pendiente' }).expect(200);

    expect(res.body.contract).toMatchObject({ rentAmount: '1000.00', status: 'Activo' });
    expect(await countRows(t.knex, 'audit_log')).toBe(audits + 1);
    expect(await auditsOf('contracts', contract.id)).toEqual([{ userId: owner.id, action: 'update', oldValues: { rentAmount: '950.00' }, newValues: { rentAmount: '1000.00' } }]);
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const { agent, unit } = await ownerWithUnit();
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });
    const before = await snapshot(t.knex, unit.id);

    const res = await agent.patch(`/api/contracts/${contract.id}`).send({ status: 'Activo', rentAmount: 950 }).expect(200);

    expect(ContractListItemSchema.parse(res.body).contract.updatedAt).toBe(new Date(contract.updatedAt).toISOString());
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it.each([
    [{}, null],
    [{ endDate: '2025-12-31' }, 'endDate'],
    [{ status: 'Roto' }, 'status'],
    [{ paymentDay: 0 }, 'paymentDay'],
    [{ rentAmount: -5 }, 'rentAmount'],
    [{ contractCode: 'OTRO' }, 'contractCode'],
    [{ startDate: '2020-01-01' }, 'startDate'],
  ])('refuses %j with 400 and writes nothing', async (body, field) => {
    const { agent, unit } = await ownerWithUnit();
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo' });
    const before = await snapshot(t.knex, unit.id);

    const res = await agent.patch(`/api/contracts/${contract.id}`).send(body).expect(400);

    expect(res.body.error).toBe('validation_error');
    if (field) expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await snapshot(t.knex, unit.id)).toEqual(before);
  });

  it('refuses an id that is not a number with 400', async () => {
    const { agent } = await signedIn('propietario_individual');
    const res = await agent.patch('/api/contracts/abc').send({ notes: 'x' }).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });
});
