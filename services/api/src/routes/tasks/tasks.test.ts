import { DashboardTrendsSchema, TaskSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { z } from 'zod';
import { buildContract, buildIncident, buildProperty, buildTransaction, buildUnit, buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';
import { changePercent, previousMadridMonthBounds } from '../../queries/dashboardTrends';
import { madridMonthBounds } from '../../queries/dashboardMetrics';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(Date.parse(`${todayIso()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/tasks', () => {
  it('answers 401 without a session and 400 to a limit of 0', async () => {
    await t.request().get('/api/tasks').expect(401);
    const agent = await signIn(t, await buildUser(t.knex));
    const res = await agent.get('/api/tasks?limit=0').expect(400);
    expect(res.body.fields.limit).toBeDefined();
  });

  it('lists contract ends within 60 days, renewal notices within 30 and open incidents, by date', async () => {
    const owner = await buildUser(t.knex);
    const p = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Casa Norte' });
    const units = await Promise.all([1, 2, 3, 4, 5].map((n) => buildUnit(t.knex, { mainPropertyId: p.id, unitName: `Puerta ${n}` })));
    // Ends in 20 days, notice (30 days before) already past: only the end.
    const soon = await buildContract(t.knex, { rentableUnitId: units[0].id, startDate: '2025-01-01', endDate: inDays(20), contractCode: `T-SOON-${Date.now()}` });
    // Ends in 50 days: end, and its notice in 20 days.
    const mid = await buildContract(t.knex, { rentableUnitId: units[1].id, startDate: '2025-01-01', endDate: inDays(50), contractCode: `T-MID-${Date.now()}` });
    // Ends in 200 days: nothing. Finalizado ending soon: nothing.
    await buildContract(t.knex, { rentableUnitId: units[2].id, startDate: '2025-01-01', endDate: inDays(200) });
    await buildContract(t.knex, { rentableUnitId: units[3].id, status: 'Finalizado', startDate: '2025-01-01', endDate: inDays(10) });
    const open = await buildIncident(t.knex, { rentableUnitId: units[4].id, title: 'Persiana rota', priority: 'Alta' });
    await buildIncident(t.knex, { rentableUnitId: units[4].id, status: 'Resuelta' });
    const agent = await signIn(t, owner);

    const res = await agent.get('/api/tasks').expect(200);
    const tasks = z.array(TaskSchema.strict()).parse(res.body);

    expect(tasks.map((x) => [x.kind, x.date])).toEqual([
      ['incident', todayIso()],
      ['contract_end', inDays(20)],
      ['renewal_notice', inDays(20)],
      ['contract_end', inDays(50)],
    ]);
    expect(tasks[0]).toMatchObject({ id: `incident-${open.id}`, title: 'Incidencia abierta: Persiana rota', priority: 'Alta', link: `/incidents/${open.id}`, description: 'Puerta 5 · Casa Norte' });
    expect(tasks[1]).toMatchObject({ title: `Fin del contrato ${soon.contractCode}`, link: `/contracts/${soon.id}`, priority: null });
    expect(tasks[2].title).toBe(`Preaviso de renovación del contrato ${mid.contractCode}`);

    expect((await agent.get('/api/tasks?limit=2').expect(200)).body).toHaveLength(2);
    const stranger = await signIn(t, await buildUser(t.knex));
    expect((await stranger.get('/api/tasks').expect(200)).body).toEqual([]);
  });
});

describe('GET /api/dashboard/trends', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/dashboard/trends').expect(401);
  });

  it("compares this month's income with the real previous month and counts units and incidents in scope", async () => {
    const owner = await buildUser(t.knex);
    const p = await buildProperty(t.knex, { ownerUserId: owner.id });
    const rented = await buildUnit(t.knex, { mainPropertyId: p.id, currentStatus: 'Alquilado' });
    await buildUnit(t.knex, { mainPropertyId: p.id });
    const { from } = madridMonthBounds();
    const previous = previousMadridMonthBounds();
    await buildTransaction(t.knex, { mainPropertyId: p.id, amount: '1100.00', transactionDate: from });
    await buildTransaction(t.knex, { mainPropertyId: p.id, amount: '1000.00', transactionDate: previous.from });
    await buildTransaction(t.knex, { mainPropertyId: p.id, type: 'Gasto', amount: '300.00', transactionDate: from });
    await buildIncident(t.knex, { rentableUnitId: rented.id, priority: 'Urgente' });
    await buildIncident(t.knex, { rentableUnitId: rented.id, priority: 'Urgente', status: 'Cerrada' });
    const other = await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id });
    await buildTransaction(t.knex, { mainPropertyId: other.id, amount: '5000.00', transactionDate: previous.from });

    const res = await (await signIn(t, owner)).get('/api/dashboard/trends').expect(200);

    expect(DashboardTrendsSchema.strict().parse(res.body)).toEqual({
      monthlyIncome: '1100.00',
      previousMonthIncome: '1000.00',
      incomeChangePercent: 10,
      propertiesAddedThisMonth: 1,
      rentedUnits: 1,
      totalUnits: 2,
      incidentsReportedThisMonth: 2,
      urgentOpenIncidents: 1,
    });
  });

  it('gives an owner with nothing zeros and a null change', async () => {
    const res = await (await signIn(t, await buildUser(t.knex))).get('/api/dashboard/trends').expect(200);
    expect(res.body).toMatchObject({ monthlyIncome: '0.00', previousMonthIncome: '0.00', incomeChangePercent: null, totalUnits: 0 });
  });
});

describe('trend helpers', () => {
  it.each([
    ['1100.00', '1000.00', 10],
    ['900.00', '1000.00', -10],
    ['1000.00', '3000.00', -66.7],
    ['2450.05', '2450.00', 0],
    ['10.00', '0.00', null],
  ])('changePercent(%s, %s) is %s', (current, previous, expected) => {
    expect(changePercent(current, previous)).toBe(expected);
  });

  it.each([
    ['2026-03-15T12:00:00Z', '2026-02-01', '2026-03-01'],
    ['2026-01-10T12:00:00Z', '2025-12-01', '2026-01-01'],
    ['2026-01-31T23:30:00Z', '2026-01-01', '2026-02-01'],
  ])('puts the month before %s from %s to %s', (now, from, to) => {
    expect(previousMadridMonthBounds(new Date(now))).toEqual({ from, to });
  });
});
