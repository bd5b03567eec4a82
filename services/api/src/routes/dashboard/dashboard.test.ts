import { DashboardMetricsSchema, type DashboardMetrics } from '@arrendia/api-contract';
import { sumMoney, todayIso } from '@arrendia/locale-es';
import { canonicalRole } from '@arrendia/permissions';
import type { User } from '../../models/User';
import { madridMonthBounds } from '../../queries/dashboardMetrics';
import {
  buildAgency,
  buildContract,
  buildIncident,
  buildProperty,
  buildTransaction,
  buildUnit,
  buildUser,
  delegate,
  FACTORY_PASSWORD,
} from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function metricsOf(user: User): Promise<DashboardMetrics> {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  const res = await agent.get('/api/dashboard/metrics').expect(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return DashboardMetricsSchema.strict().parse(res.body);
}

/**
 * Two owners, one agency managing one property of each, a delegate of the first owner, two
 * tenants; an archived property; units of every status (one inactive); income this month, last
 * month, next month, pending, and expenses; incidents of every status.
 */
async function buildWorld() {
  const k = t.knex;
  const agency = await buildAgency(k);
  const owner1 = await buildUser(k, { roleName: 'propietario_individual' });
  const owner2 = await buildUser(k, { roleName: 'propietario_individual' });
  const agencyAdmin = await buildUser(k, { roleName: 'admin_agencia', agencyId: agency.id });
  const agente = await buildUser(k, { roleName: 'agente', agencyId: agency.id });
  const delegado = await buildUser(k, { roleName: 'propietario_delegado' });
  await delegate(k, owner1.id, delegado.id);
  const tenant1 = await buildUser(k, { roleName: 'inquilino' });
  const tenant2 = await buildUser(k, { roleName: 'inquilino' });

  const p1 = await buildProperty(k, { ownerUserId: owner1.id, managerAgencyId: agency.id });
  const p2 = await buildProperty(k, { ownerUserId: owner1.id, isArchived: true });
  const p3 = await buildProperty(k, { ownerUserId: owner2.id, managerAgencyId: agency.id });
  const p4 = await buildProperty(k, { ownerUserId: owner2.id });

  const u1 = await buildUnit(k, { mainPropertyId: p1.id, currentStatus: 'Alquilado' });
  const u2 = await buildUnit(k, { mainPropertyId: p1.id, currentStatus: 'Disponible' });
  await buildUnit(k, { mainPropertyId: p1.id, currentStatus: 'Alquilado', typeName: 'garaje' });
  const inactive = await buildUnit(k, { mainPropertyId: p1.id, currentStatus: 'Alquilado' });
  await k('rentable_units').where({ id: inactive.id }).update({ isActive: false });
  const u4 = await buildUnit(k, { mainPropertyId: p2.id, currentStatus: 'Alquilado' });
  const u5 = await buildUnit(k, { mainPropertyId: p3.id, currentStatus: 'Alquilado' });
  await buildUnit(k, { mainPropertyId: p3.id, currentStatus: 'Reservado' });
  const u7 = await buildUnit(k, { mainPropertyId: p4.id, currentStatus: 'Disponible' });

  const c1 = await buildContract(k, { rentableUnitId: u1.id, tenantUserIds: [tenant1.id] });
  const c5 = await buildContract(k, { rentableUnitId: u5.id, tenantUserIds: [tenant2.id] });

  const { from, to } = madridMonthBounds();
  const today = todayIso();
  const lastMonth = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const onP1 = { mainPropertyId: p1.id, rentableUnitId: u1.id, contractId: c1.id };
  await buildTransaction(k, { ...onP1, amount: '950.00', transactionDate: from });
  await buildTransaction(k, { mainPropertyId: p1.id, amount: '100.10', transactionDate: today, categoryName: 'Otros ingresos' });
  await buildTransaction(k, { ...onP1, amount: '950.00', transactionDate: lastMonth });
  await buildTransaction(k, { ...onP1, amount: '999.00', transactionDate: to });
  await buildTransaction(k, { ...onP1, type: 'Gasto', amount: '200.00', transactionDate: today });
  await buildTransaction(k, { ...onP1, amount: '300.00', transactionDate: today, status: 'Pendiente' });
  await buildTransaction(k, { ...onP1, amount: '80.00', transactionDate: today, status: 'Fallido' });
  await buildTransaction(k, { mainPropertyId: p2.id, rentableUnitId: u4.id, amount: '50.05', transactionDate: today });
  await buildTransaction(k, { mainPropertyId: p3.id, rentableUnitId: u5.id, contractId: c5.id, amount: '700.00', transactionDate: today });
  await buildTransaction(k, { mainPropertyId: p4.id, rentableUnitId: u7.id, amount: '10.01', transactionDate: today });

  await buildIncident(k, { rentableUnitId: u1.id, status: 'Abierta', reportedByUserId: tenant1.id, contractId: c1.id });
  await buildIncident(k, { rentableUnitId: u1.id, status: 'En Progreso', reportedByUserId: owner1.id, contractId: c1.id });
  await buildIncident(k, { rentableUnitId: u2.id, status: 'Abierta', reportedByUserId: owner1.id });
  await buildIncident(k, { rentableUnitId: u1.id, status: 'Resuelta', contractId: c1.id });
  await buildIncident(k, { rentableUnitId: u1.id, status: 'Cerrada', contractId: c1.id });
  await buildIncident(k, { rentableUnitId: u4.id, status: 'Abierta' });
  await buildIncident(k, { rentableUnitId: u5.id, status: 'En Progreso', reportedByUserId: tenant2.id, contractId: c5.id });
  await buildIncident(k, { rentableUnitId: u7.id, status: 'Abierta' });

  return { owner1, owner2, agencyAdmin, agente, delegado, tenant1, tenant2 };
}

/**
 * The metrics recomputed in JS from every row of the database, with the scope rules of
 * decisions.md written out again: the independent check of the SQL.
 */
async function expectedMetrics(user: User): Promise<DashboardMetrics> {
  const k = t.knex;
  const [properties, units, contracts, links, delegations, transactions, incidents] = await Promise.all([
    k('main_properties').select(),
    k('rentable_units').select(),
    k('contracts').select(),
    k('tenants_contracts').select(),
    k('owner_delegations').select(),
    k('transactions').select(),
    k('incidents').select(),
  ]);
  const role = canonicalRole(user.role?.roleName);
  const propertyOf = new Map(units.map((u) => [u.id, u.mainPropertyId]));
  const ownContracts = new Set(links.filter((l) => l.tenantUserId === user.id).map((l) => l.contractId));
  const principals = new Set(delegations.filter((d) => d.delegateUserId === user.id).map((d) => d.ownerUserId));
  const tenantProperties = new Set(contracts.filter((c) => ownContracts.has(c.id)).map((c) => propertyOf.get(c.rentableUnitId)));

  const visible = new Set(
    properties
      .filter((p) => {
        if (role === 'super_admin') return true;
        if (role === 'propietario_individual') return p.ownerUserId === user.id;
        if (role === 'admin_agencia' || role === 'agente') return user.agencyId !== null && p.managerAgencyId === user.agencyId;
        if (role === 'propietario_delegado') return principals.has(p.ownerUserId);
        return tenantProperties.has(p.id);
      })
      .map((p) => p.id),
  );
  const archived = new Set(properties.filter((p) => p.isArchived).map((p) => p.id));
  const { from, to } = madridMonthBounds();

  const income = transactions.filter(
    (tx) =>
      (role === 'inquilino' ? ownContracts.has(tx.contractId) : visible.has(tx.mainPropertyId)) &&
      tx.type === 'Ingreso' &&
      tx.status === 'Completado' &&
      tx.transactionDate >= from &&
      tx.transactionDate < to,
  );
  const counted = units.filter((u) => u.isActive && visible.has(u.mainPropertyId) && !archived.has(u.mainPropertyId));
  const rented = counted.filter((u) => u.currentStatus === 'Alquilado').length;
  const open = incidents.filter(
    (i) =>
      (role === 'inquilino' ? i.reportedByUserId === user.id || ownContracts.has(i.contractId) : visible.has(propertyOf.get(i.rentableUnitId))) &&
      (i.status === 'Abierta' || i.status === 'En Progreso'),
  );
  return {
    activeProperties: [...visible].filter((id) => !archived.has(id)).length,
    monthlyIncome: sumMoney(income.map((tx) => tx.amount)),
    occupancyRate: counted.length === 0 ? 0 : Math.round((rented * 1000) / counted.length) / 10,
    openIncidents: open.length,
  };
}

describe('GET /api/dashboard/metrics', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().get('/api/dashboard/metrics').expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it('answers 403 to a user whose role is none of the six', async () => {
    const [role] = await t.knex('roles').insert({ roleName: 'visitante' }).returning('id');
    const user = await buildUser(t.knex);
    await t.knex('users').where({ id: user.id }).update({ roleId: role.id });
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);

    const res = await agent.get('/api/dashboard/metrics').expect(403);

    expect(res.body.error).toBe('forbidden');
  });

  it.each([
    ['owner1', { activeProperties: 1, monthlyIncome: '1100.15', occupancyRate: 66.7, openIncidents: 4 }],
    ['owner2', { activeProperties: 2, monthlyIncome: '710.01', occupancyRate: 33.3, openIncidents: 2 }],
    ['agencyAdmin', { activeProperties: 2, monthlyIncome: '1750.10', occupancyRate: 60, openIncidents: 4 }],
    ['agente', { activeProperties: 2, monthlyIncome: '1750.10', occupancyRate: 60, openIncidents: 4 }],
    ['delegado', { activeProperties: 1, monthlyIncome: '1100.15', occupancyRate: 66.7, openIncidents: 4 }],
    ['tenant1', { activeProperties: 1, monthlyIncome: '950.00', occupancyRate: 66.7, openIncidents: 2 }],
    ['tenant2', { activeProperties: 1, monthlyIncome: '700.00', occupancyRate: 50, openIncidents: 1 }],
  ] as const)('gives %s the figures of its own scope', async (who, figures) => {
    const world = await buildWorld();
    const user = world[who];

    const metrics = await metricsOf(user);

    expect(metrics).toEqual(figures);
    expect(metrics).toEqual(await expectedMetrics(user));
  });

  it('gives a super admin the figures of every row', async () => {
    await buildWorld();
    const admin = await buildUser(t.knex, { roleName: 'super_admin' });

    const metrics = await metricsOf(admin);

    expect(metrics).toEqual(await expectedMetrics(admin));
    expect(metrics.activeProperties).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['an owner with no properties', { roleName: 'propietario_individual' as const }],
    ['an agent of no agency', { roleName: 'agente' as const }],
    ['a tenant with no contract', { roleName: 'inquilino' as const }],
  ])('gives %s zeros, with income as 0.00', async (_who, input) => {
    await buildWorld();
    const user = await buildUser(t.knex, input);

    expect(await metricsOf(user)).toEqual({ activeProperties: 0, monthlyIncome: '0.00', occupancyRate: 0, openIncidents: 0 });
  });
});

describe('madridMonthBounds', () => {
  it.each([
    ['2026-03-15T12:00:00Z', '2026-03-01', '2026-04-01'],
    ['2026-12-31T12:00:00Z', '2026-12-01', '2027-01-01'],
    // Still January in UTC, already February in Madrid (UTC+1).
    ['2026-01-31T23:30:00Z', '2026-02-01', '2026-03-01'],
    // Summer time (UTC+2): 22:30 UTC on 30 June is 1 July in Madrid.
    ['2026-06-30T22:30:00Z', '2026-07-01', '2026-08-01'],
    ['2026-06-30T21:30:00Z', '2026-06-01', '2026-07-01'],
  ])('puts %s in the month from %s to %s', (now, from, to) => {
    expect(madridMonthBounds(new Date(now))).toEqual({ from, to });
  });
});
