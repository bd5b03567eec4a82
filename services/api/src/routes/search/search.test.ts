import { SearchResultsSchema } from '@arrendia/api-contract';
import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';
import type { User } from '../../models/User';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signIn(user: User) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}

async function searchAs(user: User, q: string) {
  const res = await (await signIn(user)).get('/api/search').query({ q }).expect(200);
  return SearchResultsSchema.parse(res.body);
}

describe('GET /api/search', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/search?q=piso').expect(401);
  });

  it('refuses a query shorter than 2 characters with 400 naming q', async () => {
    const owner = await buildUser(t.knex);
    const res = await (await signIn(owner)).get('/api/search?q=a').expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.fields.q).toBe('Escribe al menos 2 caracteres');
  });

  it("finds the owner's properties ignoring case and accents, and never another owner's", async () => {
    const owner = await buildUser(t.knex);
    const other = await buildUser(t.knex);
    const mine = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Ático luminoso en Chamberí' });
    await buildProperty(t.knex, { ownerUserId: other.id, propertyName: 'Ático ajeno en Chamberí' });

    const upper = await searchAs(owner, 'ATICO LUMINOSO');
    expect(upper.properties.map((p) => p.id)).toEqual([mine.id]);
    const noAccent = await searchAs(owner, 'chamberi');
    expect(noAccent.properties.map((p) => p.id)).toEqual([mine.id]);
  });

  it('treats % and _ as plain characters', async () => {
    const owner = await buildUser(t.knex);
    await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Estudio en Malasaña' });
    const results = await searchAs(owner, '%%');
    expect(results.properties).toEqual([]);
  });

  it('finds tenants and contracts of the agency portfolio only', async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const owner = await buildUser(t.knex);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Íñigo', lastName: 'Zubizarreta' });
    const stranger = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Íñigo', lastName: 'Ajeno' });
    const managed = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, propertyName: 'Piso en Salamanca' });
    const unmanaged = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Piso en Centro' });
    const unit = await buildUnit(t.knex, { mainPropertyId: managed.id });
    const otherUnit = await buildUnit(t.knex, { mainPropertyId: unmanaged.id });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], contractCode: 'ARR-BUSQ-0001' });
    await buildContract(t.knex, { rentableUnitId: otherUnit.id, tenantUserIds: [stranger.id], contractCode: 'ARR-BUSQ-0002' });

    const byName = await searchAs(manager, 'inigo');
    expect(byName.tenants.map((u) => u.id)).toEqual([tenant.id]);
    const byCode = await searchAs(manager, 'arr-busq');
    expect(byCode.contracts.map((c) => c.id)).toEqual([contract.id]);
  });

  it('gives a tenant only its own contracts and no property or tenant lists', async () => {
    const owner = await buildUser(t.knex);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const other = await buildUser(t.knex, { roleName: 'inquilino' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Casa compartida Lavapiés' });
    const a = await buildUnit(t.knex, { mainPropertyId: property.id, typeName: 'habitacion', unitName: 'Habitación A' });
    const b = await buildUnit(t.knex, { mainPropertyId: property.id, typeName: 'habitacion', unitName: 'Habitación B' });
    const mine = await buildContract(t.knex, { rentableUnitId: a.id, tenantUserIds: [tenant.id] });
    await buildContract(t.knex, { rentableUnitId: b.id, tenantUserIds: [other.id] });

    const results = await searchAs(tenant, 'lavapies');
    expect(results.properties).toEqual([]);
    expect(results.tenants).toEqual([]);
    expect(results.contracts.map((c) => c.id)).toEqual([mine.id]);
  });
});

describe('text folding', () => {
  it('matches upper-case accented text even under the C collation', async () => {
    const { containsPattern, folded } = jest.requireActual('../../queries/textSearch');
    const row = await t.knex
      .select(t.knex.raw('? like ? as hit', [t.knex.raw(`(${folded(t.knex, 'v').toQuery()})`), containsPattern('nunez')]))
      .from(t.knex.raw(`(select 'CALLE NÚÑEZ' collate "C" as v) as s`))
      .first();
    expect(row.hit).toBe(true);
  });
});
