import {
  ExpensesByCategorySchema,
  FinancesByPropertySchema,
  FinancesMonthlySchema,
  FinancesSummarySchema,
  OccupancySchema,
} from '@arrendia/api-contract';
import { fromCents, sumMoney, toCents, todayIso } from '@arrendia/locale-es';
import type { RoleName } from '@arrendia/permissions';
import { addMonths, analysisWindow, currentMonth, monthRange } from '../../queries/finances';
import { buildAgency, buildContract, buildProperty, buildTransaction, buildUnit, buildUser, delegate, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(roleName: RoleName = 'propietario_individual', agencyId?: number) {
  const user = await buildUser(t.knex, { roleName, agencyId });
  return { user, agent: await signIn(t, user) };
}

const THIS_MONTH = currentMonth();
const LAST_MONTH = addMonths(THIS_MONTH, -1);
const day = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;
const net = (income: readonly string[], expenses: readonly string[]) => fromCents(toCents(sumMoney(income)) - toCents(sumMoney(expenses)));

type Row = { type: 'Ingreso' | 'Gasto'; amount: string; transactionDate: string; categoryName?: string; status?: 'Completado' | 'Pendiente' | 'Fallido' };

/** An owner with two properties and the given transactions on the first; rows are what we expect to count. */
async function ownerWithMoney(rows: readonly Row[]) {
  const { user, agent } = await signedIn();
  const property = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'B Piso Chamberí' });
  const second = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'A Ático Centro' });
  for (const row of rows) await buildTransaction(t.knex, { mainPropertyId: property.id, ...row });
  return { user, agent, property, second };
}

/** Another owner's money in every month the tests look at: it must never show up. */
async function strangersMoney() {
  const stranger = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const property = await buildProperty(t.knex, { ownerUserId: stranger.id });
  for (const month of [THIS_MONTH, LAST_MONTH, addMonths(THIS_MONTH, -5)]) {
    await buildTransaction(t.knex, { mainPropertyId: property.id, amount: '777.77', transactionDate: day(month, 1) });
    await buildTransaction(t.knex, { mainPropertyId: property.id, type: 'Gasto', amount: '55.55', transactionDate: day(month, 1) });
  }
  return { stranger, property };
}

const sumOf = (rows: readonly Row[], type: Row['type'], month: string) =>
  sumMoney(rows.filter((r) => r.type === type && r.transactionDate.startsWith(month) && (r.status ?? 'Completado') === 'Completado').map((r) => r.amount));

const ROWS: Row[] = [
  { type: 'Ingreso', amount: '1200.10', transactionDate: day(THIS_MONTH, 1) },
  { type: 'Ingreso', amount: '0.20', transactionDate: day(THIS_MONTH, 1) },
  { type: 'Gasto', amount: '310.45', transactionDate: day(THIS_MONTH, 1), categoryName: 'IBI' },
  { type: 'Gasto', amount: '89.99', transactionDate: day(THIS_MONTH, 1), categoryName: 'Comunidad' },
  { type: 'Gasto', amount: '10.01', transactionDate: day(THIS_MONTH, 1), categoryName: 'Comunidad' },
  { type: 'Ingreso', amount: '500.00', transactionDate: day(THIS_MONTH, 1), status: 'Pendiente' },
  { type: 'Gasto', amount: '999.00', transactionDate: day(THIS_MONTH, 1), status: 'Fallido' },
  { type: 'Ingreso', amount: '950.00', transactionDate: day(LAST_MONTH, 28) },
  { type: 'Gasto', amount: '1500.30', transactionDate: day(LAST_MONTH, 1), categoryName: 'Reparaciones' },
  { type: 'Ingreso', amount: '800.00', transactionDate: day(addMonths(THIS_MONTH, -11), 1) },
  { type: 'Ingreso', amount: '123.45', transactionDate: day(addMonths(THIS_MONTH, -12), 28) },
];

describe('GET /api/finances/summary', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/finances/summary').expect(401);
  });

  it('answers 403 to an agent, whose role has no finances', async () => {
    const { agent } = await signedIn('agente', (await buildAgency(t.knex)).id);
    await agent.get('/api/finances/summary').expect(403);
  });

  it("sums this month's completed income and expenses exactly, net = income − expenses", async () => {
    await strangersMoney();
    const { agent } = await ownerWithMoney(ROWS);

    const res = await agent.get('/api/finances/summary').expect(200);

    expect(res.headers['cache-control']).toBe('no-store');
    const income = sumOf(ROWS, 'Ingreso', THIS_MONTH);
    const expenses = sumOf(ROWS, 'Gasto', THIS_MONTH);
    expect(FinancesSummarySchema.strict().parse(res.body)).toEqual({ month: THIS_MONTH, income, expenses, net: net([income], [expenses]) });
    expect(res.body).toEqual({ month: THIS_MONTH, income: '1200.30', expenses: '410.45', net: '789.85' });
  });

  it('answers another month with ?month=, a negative net, and zeros for an empty month', async () => {
    const { agent } = await ownerWithMoney(ROWS);
    expect((await agent.get(`/api/finances/summary?month=${LAST_MONTH}`).expect(200)).body).toEqual({
      month: LAST_MONTH,
      income: '950.00',
      expenses: '1500.30',
      net: '-550.30',
    });
    expect((await agent.get('/api/finances/summary?month=2001-02').expect(200)).body).toEqual({ month: '2001-02', income: '0.00', expenses: '0.00', net: '0.00' });
  });

  it('shows a second owner nothing of the first', async () => {
    await ownerWithMoney(ROWS);
    const { agent } = await signedIn();
    expect((await agent.get('/api/finances/summary').expect(200)).body).toEqual({ month: THIS_MONTH, income: '0.00', expenses: '0.00', net: '0.00' });
  });

  it("shows a delegated owner its principal's figures", async () => {
    const { user } = await ownerWithMoney(ROWS);
    const { user: delegateUser, agent } = await signedIn('propietario_delegado');
    await delegate(t.knex, user.id, delegateUser.id);
    expect((await agent.get('/api/finances/summary').expect(200)).body.net).toBe('789.85');
  });

  it.each(['2026-13', '2026-1', 'noviembre', '0000-01', '2026-11-01'])('refuses ?month=%s with 400 naming month', async (month) => {
    const { agent } = await signedIn();
    const res = await agent.get(`/api/finances/summary?month=${month}`).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual(['month']);
  });
});

describe('GET /api/finances/monthly', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/finances/monthly').expect(401);
  });

  it('answers the last 12 months including this one, oldest first, zeros where nothing happened', async () => {
    await strangersMoney();
    const { agent } = await ownerWithMoney(ROWS);

    const res = await agent.get('/api/finances/monthly').expect(200);

    const months = FinancesMonthlySchema.parse(res.body);
    expect(months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => addMonths(THIS_MONTH, i - 11)));
    for (const m of months) {
      const income = sumOf(ROWS, 'Ingreso', m.month);
      const expenses = sumOf(ROWS, 'Gasto', m.month);
      expect(m).toEqual({ month: m.month, income, expenses, net: net([income], [expenses]) });
    }
    expect(months[0]).toEqual({ month: addMonths(THIS_MONTH, -11), income: '800.00', expenses: '0.00', net: '800.00' });
    expect(months[5]).toEqual({ month: addMonths(THIS_MONTH, -6), income: '0.00', expenses: '0.00', net: '0.00' });
    expect(months[11]!.net).toBe('789.85');
  });

  it('answers ?months=2 with last month and this one', async () => {
    const { agent } = await ownerWithMoney(ROWS);
    const res = await agent.get('/api/finances/monthly?months=2').expect(200);
    expect(res.body.map((m: { month: string }) => m.month)).toEqual([LAST_MONTH, THIS_MONTH]);
  });

  it('shows a second owner only zeros', async () => {
    await ownerWithMoney(ROWS);
    const { agent } = await signedIn();
    const res = await agent.get('/api/finances/monthly').expect(200);
    expect(res.body.every((m: { income: string; expenses: string }) => m.income === '0.00' && m.expenses === '0.00')).toBe(true);
  });

  it.each(['0', '37', 'doce', '1.5'])('refuses ?months=%s with 400 naming months', async (months) => {
    const { agent } = await signedIn();
    const res = await agent.get(`/api/finances/monthly?months=${months}`).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['months']);
  });
});

describe('GET /api/finances/expenses-by-category', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/finances/expenses-by-category').expect(401);
  });

  it("answers this month's completed expenses per category, largest first", async () => {
    await strangersMoney();
    const { agent } = await ownerWithMoney(ROWS);

    const res = await agent.get('/api/finances/expenses-by-category').expect(200);

    const mine = ROWS.filter((r) => r.type === 'Gasto' && r.transactionDate.startsWith(THIS_MONTH) && !r.status);
    expect(ExpensesByCategorySchema.parse(res.body)).toEqual([
      { categoryName: 'IBI', total: sumMoney(mine.filter((r) => r.categoryName === 'IBI').map((r) => r.amount)) },
      { categoryName: 'Comunidad', total: sumMoney(mine.filter((r) => r.categoryName === 'Comunidad').map((r) => r.amount)) },
    ]);
    expect(res.body[1].total).toBe('100.00');
  });

  it('answers an inclusive ?from=&to= range', async () => {
    const { agent } = await ownerWithMoney(ROWS);
    const res = await agent.get(`/api/finances/expenses-by-category?from=${day(LAST_MONTH, 1)}&to=${day(LAST_MONTH, 1)}`).expect(200);
    expect(res.body).toEqual([{ categoryName: 'Reparaciones', total: '1500.30' }]);
  });

  it('shows a second owner nothing', async () => {
    await ownerWithMoney(ROWS);
    const { agent } = await signedIn();
    expect((await agent.get('/api/finances/expenses-by-category').expect(200)).body).toEqual([]);
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['to=ayer', 'to'],
    ['from=2026-04-01&to=2026-03-01', 'to'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { agent } = await signedIn();
    const res = await agent.get(`/api/finances/expenses-by-category?${query}`).expect(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});

describe('GET /api/finances/by-property', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/finances/by-property').expect(401);
  });

  it("answers each property's income, expenses and profit since the first day of the month six months ago, by name", async () => {
    await strangersMoney();
    const { agent, property, second, user } = await ownerWithMoney(ROWS);
    await buildTransaction(t.knex, { mainPropertyId: second.id, type: 'Gasto', amount: '45.50', transactionDate: day(addMonths(THIS_MONTH, -6), 1) });
    // The day before the window opens is left out.
    const before = monthRange(addMonths(THIS_MONTH, -7)).to;
    await buildTransaction(t.knex, { mainPropertyId: second.id, amount: '999.99', transactionDate: before });
    await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'C Archivada', isArchived: true });

    const res = await agent.get('/api/finances/by-property').expect(200);

    const { from } = analysisWindow();
    expect(from).toBe(`${addMonths(THIS_MONTH, -6)}-01`);
    const inWindow = ROWS.filter((r) => r.transactionDate >= from && (r.status ?? 'Completado') === 'Completado');
    const income = sumMoney(inWindow.filter((r) => r.type === 'Ingreso').map((r) => r.amount));
    const expenses = sumMoney(inWindow.filter((r) => r.type === 'Gasto').map((r) => r.amount));
    expect(FinancesByPropertySchema.parse(res.body)).toEqual([
      { propertyId: second.id, propertyName: 'A Ático Centro', address: `Calle de Fuencarral ${second.addressNumber}, Madrid`, income: '0.00', expenses: '45.50', profit: '-45.50' },
      { propertyId: property.id, propertyName: 'B Piso Chamberí', address: `Calle de Fuencarral ${property.addressNumber}, Madrid`, income, expenses, profit: net([income], [expenses]) },
    ]);
  });

  it('answers ?from= and keeps an archived property that has money in the range', async () => {
    const { user, agent } = await ownerWithMoney([]);
    const archived = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Z Archivada', isArchived: true });
    await buildTransaction(t.knex, { mainPropertyId: archived.id, amount: '10.00', transactionDate: '2020-01-15' });

    const res = await agent.get('/api/finances/by-property?from=2020-01-01&to=2020-01-31').expect(200);

    expect(res.body.map((p: { propertyName: string; income: string }) => [p.propertyName, p.income])).toEqual([
      ['A Ático Centro', '0.00'],
      ['B Piso Chamberí', '0.00'],
      ['Z Archivada', '10.00'],
    ]);
  });

  it('shows a second owner none of the first owner’s properties', async () => {
    await ownerWithMoney(ROWS);
    const { agent } = await signedIn();
    expect((await agent.get('/api/finances/by-property').expect(200)).body).toEqual([]);
  });

  it('refuses a bad from with 400', async () => {
    const { agent } = await signedIn();
    const res = await agent.get('/api/finances/by-property?from=2026-1-1').expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['from']);
  });
});

describe('GET /api/analytics/occupancy', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/analytics/occupancy').expect(401);
  });

  it('answers 403 to a tenant', async () => {
    const { agent } = await signedIn('inquilino');
    await agent.get('/api/analytics/occupancy').expect(403);
  });

  it('answers occupancy per property, overall, and per month from contract dates', async () => {
    const { user, agent } = await signedIn();
    const a = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'A' });
    const b = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'B' });
    await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Archivada', isArchived: true });
    const a1 = await buildUnit(t.knex, { mainPropertyId: a.id, currentStatus: 'Alquilado' });
    await buildUnit(t.knex, { mainPropertyId: a.id });
    await buildUnit(t.knex, { mainPropertyId: a.id, currentStatus: 'Reservado' });
    const b1 = await buildUnit(t.knex, { mainPropertyId: b.id, currentStatus: 'Alquilado' });
    // a1: rented since last month, open-ended; b1: a finished contract from two months ago to the 1st of last month (inclusive).
    await buildContract(t.knex, { rentableUnitId: a1.id, startDate: day(LAST_MONTH, 15), endDate: null });
    await buildContract(t.knex, { rentableUnitId: b1.id, status: 'Finalizado', startDate: day(addMonths(THIS_MONTH, -2), 20), endDate: day(LAST_MONTH, 1) });
    await buildContract(t.knex, { rentableUnitId: b1.id, status: 'Pendiente', startDate: day(addMonths(THIS_MONTH, -3), 1), endDate: null });
    const stranger = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const theirs = await buildProperty(t.knex, { ownerUserId: stranger.id });
    await buildUnit(t.knex, { mainPropertyId: theirs.id, currentStatus: 'Alquilado' });

    const res = await agent.get('/api/analytics/occupancy?months=4').expect(200);

    expect(OccupancySchema.parse(res.body)).toEqual({
      properties: [
        { propertyId: a.id, propertyName: 'A', units: 3, rented: 1, rate: 33.3 },
        { propertyId: b.id, propertyName: 'B', units: 1, rented: 1, rate: 100 },
      ],
      overall: { units: 4, rented: 2, rate: 50 },
      monthly: [
        { month: addMonths(THIS_MONTH, -3), units: 4, rented: 0, rate: 0 },
        { month: addMonths(THIS_MONTH, -2), units: 4, rented: 1, rate: 25 },
        { month: LAST_MONTH, units: 4, rented: 2, rate: 50 },
        { month: THIS_MONTH, units: 4, rented: 1, rate: 25 },
      ],
    });
  });

  it('matches the dashboard occupancy and shows a second owner nothing', async () => {
    const { user, agent } = await signedIn();
    const p = await buildProperty(t.knex, { ownerUserId: user.id });
    await buildUnit(t.knex, { mainPropertyId: p.id, currentStatus: 'Alquilado' });
    await buildUnit(t.knex, { mainPropertyId: p.id });
    await buildUnit(t.knex, { mainPropertyId: p.id });
    const occupancy = (await agent.get('/api/analytics/occupancy').expect(200)).body;
    const metrics = (await agent.get('/api/dashboard/metrics').expect(200)).body;
    expect(occupancy.overall.rate).toBe(metrics.occupancyRate);
    expect(occupancy.monthly).toHaveLength(12);

    const { agent: other } = await signedIn();
    const empty = (await other.get('/api/analytics/occupancy').expect(200)).body;
    expect(empty.properties).toEqual([]);
    expect(empty.overall).toEqual({ units: 0, rented: 0, rate: 0 });
  });

  it('refuses ?months=0 with 400', async () => {
    const { agent } = await signedIn();
    const res = await agent.get('/api/analytics/occupancy?months=0').expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['months']);
  });
});

describe('queries/finances month helpers', () => {
  it('moves across years and knows month lengths', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(analysisWindow(new Date('2026-11-21T10:00:00Z'))).toEqual({ from: '2026-05-01', to: '2026-11-21' });
    // 23:30 UTC on 31 Dec is already January in Madrid.
    expect(currentMonth(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01');
    expect(todayIso(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
