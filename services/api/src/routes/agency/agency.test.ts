import { AgencyOverviewSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildIncident, buildLead, buildProperty, buildTransaction, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

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

const daysFromToday = (n: number) => todayIso(new Date(Date.now() + n * 86_400_000));

describe('GET /api/agency/overview', () => {
  it("computes the agency's commissions, alerts and team from its own rows only", async () => {
    const agency = await buildAgency(t.knex);
    await t.knex('agencies').where('id', agency.id).update({ commissionRate: '10.00' });
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id, firstName: 'Carmen' });
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    await t.knex('main_properties').where('id', property.id).update({ assignedAgentUserId: agent.id });
    const rented = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
    await buildUnit(t.knex, { mainPropertyId: property.id });
    // Ends in 10 days with a 30-day notice: inside it.
    const ending = await buildContract(t.knex, { rentableUnitId: rented.id, startDate: '2025-01-01', endDate: daysFromToday(10), contractCode: `FIN-${Date.now()}` });
    await buildTransaction(t.knex, { mainPropertyId: property.id, rentableUnitId: rented.id, contractId: ending.id, type: 'Ingreso', amount: '1234.55', transactionDate: todayIso() });
    const old = await buildIncident(t.knex, { rentableUnitId: rented.id, title: 'Humedad en el baño' });
    await t.knex('incidents').where('id', old.id).update({ createdAt: new Date(Date.now() - 9 * 86_400_000) });
    await buildLead(t.knex, { rentableUnitId: rented.id, agencyId: agency.id, assignedAgentUserId: agent.id });

    // Another agency's rows change nothing.
    const other = await buildAgency(t.knex);
    const otherProperty = await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id, managerAgencyId: other.id });
    const otherUnit = await buildUnit(t.knex, { mainPropertyId: otherProperty.id });
    await buildIncident(t.knex, { rentableUnitId: otherUnit.id });

    const res = await (await signedIn(manager)).get('/api/agency/overview').expect(200);
    const overview = AgencyOverviewSchema.parse(res.body);
    expect(overview).toMatchObject({ properties: 1, units: 2, occupancyRate: 50, collectedThisMonth: '1234.55', commissionRate: '10.00', monthlyCommissions: '123.46', activeIncidents: 1 });
    expect(overview.alerts.map((a) => [a.kind, a.href])).toEqual([
      ['contract_ending', `/contracts/${ending.id}`],
      ['incident_stale', `/incidents/${old.id}`],
    ]);
    expect(overview.team).toEqual([{ id: agent.id, firstName: 'Carmen', lastName: agent.lastName, properties: 1, leadsThisMonth: 1, visitsThisMonth: 0, monthlyTarget: '3500.00' }]);
  });

  it('raises an overdue-rent alert for an active contract with no income this month after its payment day', async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const property = await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id, managerAgencyId: agency.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, startDate: '2025-01-01', endDate: null });
    const overview = (await (await signedIn(manager)).get('/api/agency/overview').expect(200)).body;
    // The factory's payment day is the 1st: from the 2nd on, this month's rent is overdue.
    const expected = Number(todayIso().slice(8, 10)) > 1 ? [['rent_overdue', `/contracts/${contract.id}`]] : [];
    expect(overview.alerts.map((a: { kind: string; href: string }) => [a.kind, a.href])).toEqual(expected);
  });

  it('is refused to agents, owners, delegated owners and tenants (403)', async () => {
    for (const roleName of ['agente', 'propietario_individual', 'propietario_delegado', 'inquilino'] as const) {
      await (await signedIn(await buildUser(t.knex, { roleName }))).get('/api/agency/overview').expect(403);
    }
  });
});

describe('PATCH /api/agency and /api/agents/:id (the agency settings)', () => {
  it("lets the manager set its agency's commission rate and its agents' targets, audited, and the dashboard uses them", async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const asManager = await signedIn(manager);
    expect((await asManager.get('/api/agency/overview').expect(200)).body.team).toEqual([expect.objectContaining({ id: agent.id, monthlyTarget: '3500.00' })]);

    expect((await asManager.patch('/api/agency').send({ commissionRate: 12.5 }).expect(200)).body).toEqual({ id: agency.id, commissionRate: '12.50' });
    expect((await asManager.patch(`/api/agents/${agent.id}`).send({ monthlyTarget: '4200.50' }).expect(200)).body).toEqual({ id: agent.id, monthlyTarget: '4200.50' });
    const overview = AgencyOverviewSchema.parse((await asManager.get('/api/agency/overview').expect(200)).body);
    expect(overview.commissionRate).toBe('12.50');
    expect(overview.team[0]!.monthlyTarget).toBe('4200.50');
    expect((await (await signedIn(agent)).get('/api/agents/me/performance').expect(200)).body).toMatchObject({ monthlyTarget: '4200.50' });
    const audits = await t.knex('audit_log').whereIn('tableName', ['agencies', 'users']).whereIn('recordId', [String(agency.id), String(agent.id)]).where('action', 'update').select('tableName', 'oldValues', 'newValues');
    expect(audits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tableName: 'agencies', newValues: { commissionRate: '12.50' } }),
        expect.objectContaining({ tableName: 'users', oldValues: { monthlyTarget: '3500.00' }, newValues: { monthlyTarget: '4200.50' } }),
      ]),
    );
  });

  it("refuses bad values, another agency's agent, non-agents and other roles, writing nothing", async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const colleague = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const foreign = await buildUser(t.knex, { roleName: 'agente', agencyId: (await buildAgency(t.knex)).id });
    const asManager = await signedIn(manager);
    // Signing in is audited too: count the changes only.
    const changes = async () => Number((await t.knex('audit_log').where('action', 'update').whereIn('tableName', ['agencies', 'users']).count({ n: '*' }).first())!.n);
    const before = { audit: await changes(), rate: (await t.knex('agencies').where('id', agency.id).first()).commissionRate };

    expect((await asManager.patch('/api/agency').send({ commissionRate: 101 }).expect(400)).body.fields).toEqual({ commissionRate: 'La comisión debe estar entre 0 y 100 %' });
    expect((await asManager.patch('/api/agency').send({ commissionRate: 'diez' }).expect(400)).body.fields).toHaveProperty('commissionRate');
    expect((await asManager.patch('/api/agency').send({ commissionRate: 5.555 }).expect(400)).body.fields).toHaveProperty('commissionRate');
    expect((await asManager.patch('/api/agency').send({ commissionRate: 5, name: 'x' }).expect(400)).body.error).toBe('validation_error');
    expect((await asManager.patch(`/api/agents/${agent.id}`).send({ monthlyTarget: -1 }).expect(400)).body.fields).toEqual({ monthlyTarget: 'El importe no puede ser negativo' });
    await asManager.patch(`/api/agents/${foreign.id}`).send({ monthlyTarget: 100 }).expect(404);
    await asManager.patch(`/api/agents/${colleague.id}`).send({ monthlyTarget: 100 }).expect(404);
    await asManager.patch('/api/agents/abc').send({ monthlyTarget: 100 }).expect(400);
    for (const roleName of ['agente', 'propietario_individual', 'super_admin', 'inquilino', 'propietario_delegado'] as const) {
      const other = await signedIn(await buildUser(t.knex, { roleName, agencyId: roleName === 'agente' ? agency.id : undefined }));
      await other.patch('/api/agency').send({ commissionRate: 1 }).expect(403);
      await other.patch(`/api/agents/${agent.id}`).send({ monthlyTarget: 1 }).expect(403);
    }
    expect({ audit: await changes(), rate: (await t.knex('agencies').where('id', agency.id).first()).commissionRate }).toEqual(before);
    expect((await t.knex('users').where('id', agent.id).first()).monthlyTarget).toBe('3500.00');
  });
});
