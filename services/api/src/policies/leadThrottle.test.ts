import supertest from 'supertest';
import { createApp } from '../app';
import { buildLead, buildProperty, buildUnit, buildUser } from '../test/factories';
import { countRows, startTestApp, type TestApp } from '../test/support';
import { assertLeadAllowed, LEADS_PER_WINDOW, LEADS_WINDOW_MS } from './leadThrottle';

let t: TestApp;
let listingId: number;
beforeAll(async () => {
  t = await startTestApp();
  const owner = await buildUser(t.knex);
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
  ({ listingId } = await buildLead(t.knex, { rentableUnitId: unit.id, recipientUserId: owner.id }));
  await t.knex('unit_listings').where('id', listingId).update({ isPublished: true });
});
afterAll(() => t.close());

const send = (client: ReturnType<typeof supertest>) =>
  client.post('/api/public/leads').send({ listingId, name: 'Ana', email: 'ana@example.com', message: 'Hola, ¿sigue disponible?' });
/** Leads already stored from `ipAddress`, `minutesAgo` minutes ago. */
const storedLeads = (ipAddress: string, count: number, minutesAgo = 0) =>
  t.knex('leads').insert(
    Array.from({ length: count }, () => ({ listingId, name: 'Bot', email: 'bot@example.com', message: 'spam', ipAddress, createdAt: new Date(Date.now() - minutesAgo * 60_000) })),
  );
const inTransaction = (ipAddress: string) => t.knex.transaction((trx) => assertLeadAllowed(trx, ipAddress));

describe('public lead limit on the stored leads', () => {
  beforeEach(() => t.knex('leads').whereNotNull('ipAddress').delete());

  it(`keeps the sender's address on the lead and refuses the ${LEADS_PER_WINDOW + 1}th, also from a restarted API`, async () => {
    for (let i = 0; i < LEADS_PER_WINDOW; i++) await send(t.request()).expect(201);
    const addresses = await t.knex('leads').whereNotNull('ipAddress').distinct().pluck('ipAddress');
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatch(/127\.0\.0\.1$/);

    const before = await countRows(t.knex, 'leads');
    const refused = await send(t.request()).expect(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited', message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo' });
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(LEADS_WINDOW_MS / 1000 - 60);
    expect(retry).toBeLessThanOrEqual(LEADS_WINDOW_MS / 1000);
    // A new process on the same database (a restart, or a second instance) counts the same leads.
    const restarted = supertest(createApp({ knex: t.knex, config: t.config }).callback());
    await send(restarted).expect(429);
    expect(await countRows(t.knex, 'leads')).toBe(before);
  });

  it('counts only the window and only the address', async () => {
    await storedLeads('203.0.113.7', LEADS_PER_WINDOW, LEADS_WINDOW_MS / 60_000 + 1);
    await expect(inTransaction('203.0.113.7')).resolves.toBeUndefined();
    await storedLeads('203.0.113.7', LEADS_PER_WINDOW);
    await expect(inTransaction('203.0.113.7')).rejects.toMatchObject({ status: 429, error: 'rate_limited' });
    await expect(inTransaction('203.0.113.8')).resolves.toBeUndefined();
  });

  it('by default, in production too, counts the socket address: a rotated X-Forwarded-For does not escape the limit (issue 30)', async () => {
    const production = supertest(createApp({ knex: t.knex, config: { ...t.config, nodeEnv: 'production', production: true } }).callback());
    const claiming = (forwardedFor: string) =>
      production.post('/api/public/leads').set('X-Forwarded-For', forwardedFor).send({ listingId, name: 'Bot', email: 'bot@example.com', message: 'Hola, ¿sigue disponible?' });
    for (let i = 0; i < LEADS_PER_WINDOW; i++) await claiming(`198.51.100.${i}`).expect(201);
    await claiming('198.51.100.99').expect(429);
    expect(await t.knex('leads').whereNotNull('ipAddress').distinct().pluck('ipAddress')).toEqual(['127.0.0.1']);
  });

  it(`stores ${LEADS_PER_WINDOW} of ${LEADS_PER_WINDOW * 2} leads sent at once from one address`, async () => {
    const statuses = (await Promise.all(Array.from({ length: LEADS_PER_WINDOW * 2 }, () => send(t.request())))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LEADS_PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LEADS_PER_WINDOW);
    expect(Number((await t.knex('leads').whereNotNull('ipAddress').count({ n: '*' }).first())?.n)).toBe(LEADS_PER_WINDOW);
  });
});
