/**
 * Issue 3's acceptance points, on the demo data as a fresh demo start seeds it, through the API
 * as the demo accounts see it. Expected figures are recomputed in JS from plain selects, never
 * with SQL aggregates, so they do not share the endpoints' queries.
 */
import {
  ContractListItemSchema,
  ConversationListItemSchema,
  DashboardMetricsSchema,
  IncidentDetailSchema,
  IncidentListItemSchema,
  NotificationSchema,
  PropertyListItemSchema,
  TransactionListItemSchema,
} from '@arrendia/api-contract';
import { todayIso, toCents, VALIDATION_MESSAGES } from '@arrendia/locale-es';
import type supertest from 'supertest';
import { countRows, startTestApp, type TestApp } from '../test/support';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo';
import { seed } from './index';

const OWNER = 'owner@demo.arrendia.es';
const TENANT = 'tenant@demo.arrendia.es';

// Each test logs in (argon2, slow on purpose): 5 s is short on a busy machine.
jest.setTimeout(20_000);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seed(t.knex, { demo: true });
}, 60_000);
afterAll(() => t.close());

async function signedIn(email: string): Promise<supertest.Agent> {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200);
  return agent;
}

const userIdOf = async (email: string): Promise<number> => (await t.knex('users').where({ email }).first('id')).id;

/** Row counts of what creating a property may touch. */
const writeCounts = async () => ({
  main_properties: await countRows(t.knex, 'main_properties'),
  rentable_units: await countRows(t.knex, 'rentable_units'),
  unit_details_residential: await countRows(t.knex, 'unit_details_residential'),
  audit_log: await countRows(t.knex, 'audit_log'),
});

const propertyForm = (overrides: Record<string, unknown>) => ({
  propertyName: 'Piso Fuencarral (Malasaña)',
  unitType: 'vivienda',
  addressStreet: 'Calle de Fuencarral',
  addressNumber: '100',
  addressDetails: '3º izquierda',
  city: 'Madrid',
  province: 'Madrid',
  postalCode: '28004',
  totalAreaM2: 80,
  buildYear: 1930,
  ...overrides,
});

describe('as the demo owner', () => {
  it('GET /api/dashboard/metrics equals the figures computed from the seeded rows', async () => {
    const owner = await userIdOf(OWNER);
    const properties: { id: number; isArchived: boolean }[] = await t.knex('main_properties').where({ ownerUserId: owner }).select('id', 'isArchived');
    const active = properties.filter((p) => !p.isArchived).map((p) => p.id);
    // Money received this month is income whether or not the property was archived since.
    const transactions = await t.knex('transactions').whereIn('mainPropertyId', properties.map((p) => p.id)).select('type', 'status', 'amount', 'transactionDate');
    const units = await t.knex('rentable_units').whereIn('mainPropertyId', properties.map((p) => p.id)).select('id', 'mainPropertyId', 'isActive', 'currentStatus');
    const incidents = await t.knex('incidents').whereIn('rentableUnitId', units.map((u) => u.id)).select('status');

    const thisMonth = todayIso().slice(0, 7);
    const incomeCents = transactions
      .filter((tx) => tx.type === 'Ingreso' && tx.status === 'Completado' && tx.transactionDate.slice(0, 7) === thisMonth)
      .reduce((sum, tx) => sum + toCents(tx.amount), 0);
    const counted = units.filter((u) => u.isActive && active.includes(u.mainPropertyId));
    const rented = counted.filter((u) => u.currentStatus === 'Alquilado').length;
    const expected = {
      activeProperties: active.length,
      incomeCents,
      occupancyRate: Math.round((rented * 1000) / counted.length) / 10,
      openIncidents: incidents.filter((i) => i.status === 'Abierta' || i.status === 'En Progreso').length,
    };

    const agent = await signedIn(OWNER);
    const res = await agent.get('/api/dashboard/metrics').expect(200);
    const metrics = DashboardMetricsSchema.parse(res.body);

    const { monthlyIncome, ...counts } = metrics;
    expect({ ...counts, incomeCents: toCents(monthlyIncome) }).toEqual(expected);
    // The seed gives the owner's dashboard something to show on any day.
    expect(expected.activeProperties).toBe(4);
    expect(expected.incomeCents).toBeGreaterThan(0);
    expect(expected.occupancyRate).toBeGreaterThan(0);
    expect(expected.occupancyRate).toBeLessThan(100);
    expect(expected.openIncidents).toBeGreaterThan(0);
  });

  it('POST /api/properties with postalCode 2800 → 400 naming postalCode in Spanish, and writes nothing', async () => {
    const agent = await signedIn(OWNER);
    const before = await writeCounts();

    const res = await agent.post('/api/properties').send(propertyForm({ postalCode: '2800' })).expect(400);

    expect(res.body).toMatchObject({ error: 'validation_error', fields: { postalCode: VALIDATION_MESSAGES.postalCode } });
    expect(await writeCounts()).toEqual(before);
  });

  it('POST /api/properties with the refCatastral of an existing property → 409, and writes nothing', async () => {
    const agent = await signedIn(OWNER);
    const owner = await userIdOf(OWNER);
    const own = await t.knex('main_properties').where({ ownerUserId: owner }).orderBy('id').first('refCatastral');
    const someoneElses = await t.knex('main_properties').whereNot({ ownerUserId: owner }).orderBy('id').first('refCatastral');
    const before = await writeCounts();

    for (const { refCatastral } of [own, someoneElses]) {
      const res = await agent.post('/api/properties').send(propertyForm({ refCatastral })).expect(409);
      expect(res.body.error).toBe('conflict');
      expect(res.body.message).toMatch(/referencia catastral/i);
    }
    expect(await writeCounts()).toEqual(before);
  });
});

describe('as the demo tenant', () => {
  it('GET /api/contracts returns exactly the contracts linked to it in tenants_contracts', async () => {
    const linked: number[] = await t.knex('tenants_contracts').where({ tenantUserId: await userIdOf(TENANT) }).pluck('contractId');
    const agent = await signedIn(TENANT);

    const res = await agent.get('/api/contracts').query({ pageSize: 100 }).expect(200);

    const ids = ContractListItemSchema.array()
      .parse(res.body)
      .map((item) => item.contract.id);
    expect(ids.sort((a, b) => a - b)).toEqual(linked.sort((a, b) => a - b));
    expect(linked.length).toBe(2);
    expect(res.headers['x-total-count']).toBe(String(linked.length));
  });

  it('GET /api/properties → 403', async () => {
    const agent = await signedIn(TENANT);
    const res = await agent.get('/api/properties').expect(403);
    expect(res.body.error).toBe('forbidden');
  });

  it("GET /api/incidents/:id → 404 for another tenant's incident, 200 for its own", async () => {
    const tenant = await userIdOf(TENANT);
    const own = await t.knex('incidents').where({ reportedByUserId: tenant }).orderBy('id').first('id');
    const othersTenants = await t
      .knex('incidents')
      .whereNot({ reportedByUserId: tenant })
      .whereNotIn('contractId', t.knex('tenants_contracts').select('contractId').where({ tenantUserId: tenant }))
      .orderBy('id')
      .first('id');
    const agent = await signedIn(TENANT);

    const res = await agent.get(`/api/incidents/${othersTenants.id}`).expect(404);

    expect(res.body.error).toBe('not_found');
    const mine = await agent.get(`/api/incidents/${own.id}`).expect(200);
    expect(IncidentDetailSchema.parse(mine.body).incident.id).toBe(own.id);
  });
});

/** The lists of spec §7 and the contract shape of their items. */
const LISTS = [
  ['/api/properties', PropertyListItemSchema],
  ['/api/contracts', ContractListItemSchema],
  ['/api/transactions', TransactionListItemSchema],
  ['/api/incidents', IncidentListItemSchema],
  ['/api/conversations', ConversationListItemSchema],
  ['/api/notifications', NotificationSchema],
] as const;

describe('every demo account', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email]))('%s reads each list its role may use, every item in its contract shape', async (email) => {
    const agent = await signedIn(email);
    const sizes: Record<string, number> = {};
    for (const [path, schema] of LISTS) {
      const res = await agent.get(path).query({ pageSize: 100 });
      if (res.status === 403) continue;
      expect([path, res.status]).toEqual([path, 200]);
      sizes[path] = schema.array().parse(res.body).length;
    }
    // The super admin takes part in no conversation and gets no notices; everyone else has data on every screen.
    const empty = Object.entries(sizes).filter(([path, n]) => n === 0 && !(email === 'admin@demo.arrendia.es' && /conversations|notifications/.test(path)));
    expect(empty).toEqual([]);
    expect(Object.keys(sizes)).toContain('/api/contracts');
  });
});
